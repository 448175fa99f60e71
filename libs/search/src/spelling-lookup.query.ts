import type { estypes } from '@elastic/elasticsearch';
import { everyWordQuery, keywordWords, LATIN_WORD } from './case-keyword.query';
import { type KeywordSpelling, NOTHING_MISSPELT, readKeywordQuery } from './keyword-query';
import { caseFilterClauses, type CaseFilterParams } from './case-filter.query';

/*
 * The spelling lookup's requests and the pure reading of its answers (the lookup itself, which
 * remembers answers per word, is SpellingLookup in spelling-lookup.ts). The keyword query
 * (case-keyword.query.ts) reads only its result, a KeywordSpelling (keyword-query.ts).
 */

/** Words shorter than this are never looked up (nor made fuzzy: see FUZZINESS). */
const MIN_LOOKUP_LENGTH = 4;

/**
 * The lookup's two term suggesters, one per edit budget, as FUZZINESS allows: 1 edit for words of
 * 4-7 letters, 2 from 8 (so "Lakenh" is not taken for "lake", two letters away).
 */
const LOOKUP_GROUPS = [
  { name: 'near', maxEdits: 1, holds: (word: string) => word.length < 8 },
  { name: 'far', maxEdits: 2, holds: (word: string) => word.length >= 8 },
] as const;

/**
 * The wider lookup, for the did-you-mean only: 2 edits for words of 5-7 letters too ("Rosswel" is
 * two from "roswell"), and each word of 5 letters or more also with its doubled letters written
 * once ("Rossweell" -> "Rosweel"), the mistakes people make when they spell a name by its sound.
 * Asked apart from the usual groups, and only where a did-you-mean is wanted (wideLookupRequest):
 * it walks far more of the dictionary. Three candidates are asked for, and the nearest that sounds
 * alike taken. Four-letter words are left out: two edits from four letters reach most of the
 * dictionary ("lake" -> "like", "late", "lane").
 */
const WIDE_GROUP = { name: 'wide', maxEdits: 2, minLength: 5, size: 3 } as const;

/** The forms of a word the wider lookup asks about, the word itself first. */
function wideForms(word: string): string[] {
  if (word.length < WIDE_GROUP.minLength) return [];
  const once = word.replace(/(\p{L})\1+/gu, '$1');
  return [...(word.length < 8 ? [word] : []), ...(once !== word && once.length >= MIN_LOOKUP_LENGTH ? [once] : [])];
}

/**
 * Whether a wider correction is a mistake people make rather than another word two letters away:
 * with doubled letters written once in both, at most one letter added, dropped, changed or swapped
 * ("Rosswel" and "roswell", "Kenith" and "kenneth"), or the same consonants in the same order, the
 * vowels and h after the first letter aside, as a name spelt by its sound keeps them ("Teheren" and
 * "tehran", "Vargena" and "varginha"); not "Westal" and "wescam".
 */
export function soundsAlike(word: string, correction: string): boolean {
  const once = (text: string) => text.toLowerCase().replace(/(\p{L})\1+/gu, '$1');
  const consonants = (text: string) => once(text[0] + text.slice(1).replace(/[aeiouyh]/giu, ''));
  return withinOneEdit(once(word), once(correction)) || consonants(word.toLowerCase()) === consonants(correction.toLowerCase());
}

/** Whether `a` becomes `b` by at most one letter added, dropped, changed, or two neighbours swapped. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return (
    a.slice(i + 1) === b.slice(i + 1) ||
    a.slice(i + 1) === b.slice(i) ||
    a.slice(i) === b.slice(i + 1) ||
    (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
  );
}

/** Whether the spelling lookup is asked about a word: a Latin-script word of 4 letters or more. */
function isLookupWord(word: string): boolean {
  return LATIN_WORD.test(word) && word.length >= MIN_LOOKUP_LENGTH;
}

/** The words of `q` the spelling lookup is asked about (isLookupWord). */
export function lookupWords(q: string): string[] {
  // A date's words ("April") are not looked up: they are looked for in the incident date. Nor an
  // alias's ("flap" of "Washington flap"): they name a case, whatever the archive's text says.
  const { text, aliasWords } = readKeywordQuery(q);
  return keywordWords(text).filter((word) => isLookupWord(word) && !aliasWords.includes(word));
}

/**
 * The spelling lookup, asked before a keyword search about the words not already known (see
 * SpellingLookup): Elasticsearch's term suggester over `spelling` (every English title, place name,
 * summary and detail, unstemmed), in mode `missing`, which proposes a word only for a typed word the
 * archive does not contain (the first letter right, within the edits its length allows). Those
 * words alone then get the misspellings layer (keywordClauses), and the corrected query is the
 * did-you-mean. No hits, no total. Undefined when no word is to be looked up (lookupWords).
 */
export function spellingLookupRequest(index: string, words: string[]): estypes.SearchRequest | undefined {
  const looked = words.filter(isLookupWord);
  if (looked.length === 0) return undefined;
  const suggest: Record<string, estypes.SearchSuggester> = {};
  const ask = (name: string, text: string, maxEdits: number, size: number) => {
    if (!text) return;
    suggest[name] = {
      text,
      term: { field: 'spelling', suggest_mode: 'missing', min_word_length: MIN_LOOKUP_LENGTH, prefix_length: 1, max_edits: maxEdits, size },
    } as estypes.SearchSuggester;
  };
  for (const group of LOOKUP_GROUPS) ask(group.name, looked.filter(group.holds).join(' '), group.maxEdits, 1);
  return {
    index,
    size: 0,
    track_total_hits: false,
    filter_path: ['suggest.*.offset', 'suggest.*.length', 'suggest.*.options.text'],
    suggest: suggest as estypes.SearchSuggester,
  };
}

/**
 * The wider lookup (WIDE_GROUP), asked only for a did-you-mean the usual one could not give: for the
 * words of `q` it corrected nothing in (wordsToWiden), when the search found no case with every
 * word. Undefined when no word is to be asked about.
 */
export function wideLookupRequest(index: string, words: string[]): estypes.SearchRequest | undefined {
  const text = words.filter(isLookupWord).flatMap(wideForms).join(' ');
  if (!text) return undefined;
  return {
    index,
    size: 0,
    track_total_hits: false,
    filter_path: ['suggest.*.offset', 'suggest.*.length', 'suggest.*.options.text'],
    suggest: {
      [WIDE_GROUP.name]: {
        text,
        term: {
          field: 'spelling',
          suggest_mode: 'missing',
          min_word_length: MIN_LOOKUP_LENGTH,
          prefix_length: 1,
          max_edits: WIDE_GROUP.maxEdits,
          size: WIDE_GROUP.size,
        },
      },
    } as unknown as estypes.SearchSuggester,
  };
}

/** The words of `q` the wider lookup may correct: looked-up words of 5 letters or more the usual lookup did not correct. */
export function wordsToWiden(q: string, spelling: KeywordSpelling): string[] {
  return lookupWords(q).filter((word) => wideForms(word).length > 0 && !Object.hasOwn(spelling.corrections, word));
}

/**
 * The lookup's answer for `words` (as spellingLookupRequest sent them): each word that holds a token
 * the archive lacks and has an indexed word near enough, with that token replaced by it. A word the
 * archive lacks with nothing near it is left out: no misspellings layer could find it either.
 */
export function readWordCorrections(words: string[], suggest: Record<string, estypes.SearchSuggest[]> | undefined): Record<string, string> {
  const corrections: Record<string, string> = {};
  for (const group of LOOKUP_GROUPS) {
    const sent = words.filter((word) => isLookupWord(word) && group.holds(word));
    Object.assign(corrections, correctionsIn(sent, suggest?.[group.name] ?? []));
  }
  return corrections;
}

/**
 * The wider lookup's corrections for `words` (as spellingLookupRequest sent them), for the words
 * not in `corrections` (what the usual groups found): each form of a word is tried in order, the
 * word as typed first.
 */
export function readWideCorrections(
  words: string[],
  suggest: Record<string, estypes.SearchSuggest[]> | undefined,
  corrections: Record<string, string> = {},
): Record<string, string> {
  const looked = words.filter(isLookupWord);
  const forms = looked.flatMap((word) => wideForms(word).map((form) => ({ word, form })));
  const found = correctionsIn(
    forms.map(({ form }) => form),
    suggest?.[WIDE_GROUP.name] ?? [],
    soundsAlike,
  );
  const wide: Record<string, string> = {};
  for (const { word, form } of forms) {
    if (Object.hasOwn(corrections, word) || Object.hasOwn(wide, word) || !Object.hasOwn(found, form)) continue;
    // A correction of the doubled-letters form stands for the whole word.
    wide[word] = found[form];
  }
  return wide;
}

/** One suggester's corrections, its entries' offsets being into `words` joined by single spaces. */
function correctionsIn(
  words: string[],
  entries: estypes.SearchSuggest[],
  takes: (token: string, option: string) => boolean = () => true,
): Record<string, string> {
  const starts = words.map((_, i) => words.slice(0, i).reduce((at, word) => at + word.length + 1, 0));
  const sent = words.join(' ');
  const corrections: Record<string, string> = {};
  for (const entry of entries) {
    const options = Array.isArray(entry.options) ? entry.options : [entry.options];
    // The entry's own text is left out by filter_path: its offsets into what was sent say it.
    const token = sent.slice(entry.offset, entry.offset + entry.length);
    const option = options.find((candidate) => candidate && 'text' in candidate && takes(token, candidate.text));
    if (!option || !('text' in option)) continue;
    let i = starts.length - 1;
    while (i >= 0 && starts[i] > entry.offset) i--;
    if (i < 0 || entry.offset >= starts[i] + words[i].length) continue;
    const word = corrections[words[i]] ?? words[i];
    const at = entry.offset - starts[i] + (word.length - words[i].length);
    corrections[words[i]] = word.slice(0, at) + option.text + word.slice(at + entry.length);
  }
  return corrections;
}

/**
 * The text the inflection check analyzes (withoutInflections): each corrected word, then its
 * correction, one pair after another.
 */
export function inflectionCheckText(corrections: Record<string, string>): string {
  return Object.entries(corrections)
    .map(([word, correction]) => `${word} ${correction}`)
    .join(' ');
}

/**
 * The corrections left once those that only inflect the typed word are dropped. The lookup's field
 * is unstemmed, so it calls "lights" missing from an archive that says only "light"; but the
 * stemmed layers already find "lights" there, so it needs no misspellings layer (whose detail
 * clause would score nearly every case for "light") and no did-you-mean. A correction is an
 * inflection when the English analyzer makes the same tokens of both: `tokens` is what it made
 * of inflectionCheckText(corrections), each token placed by its offset.
 */
export function withoutInflections(corrections: Record<string, string>, tokens: { token: string; start_offset: number }[]): Record<string, string> {
  const kept: Record<string, string> = {};
  let start = 0;
  for (const [word, correction] of Object.entries(corrections)) {
    const correctionStart = start + word.length + 1;
    const end = correctionStart + correction.length;
    const within = (from: number, to: number) =>
      tokens.filter((token) => token.start_offset >= from && token.start_offset < to).map((token) => token.token);
    const stems = within(start, correctionStart - 1);
    const correctionStems = within(correctionStart, end);
    const inflection = stems.length > 0 && stems.join(' ') === correctionStems.join(' ');
    if (!inflection) kept[word] = correction;
    start = end + 1;
  }
  return kept;
}

/**
 * What the lookup found for `q`, from its words' corrections and the wider lookup's (for words
 * with none): nothing misspelt when there are neither.
 */
export function keywordSpelling(q: string, corrections: Record<string, string>, wide: Record<string, string> = {}): KeywordSpelling {
  const near = Object.keys(corrections).length > 0;
  const bolder = Object.keys(wide).some((word) => !Object.hasOwn(corrections, word));
  if (!near && !bolder) return NOTHING_MISSPELT;
  return {
    corrections,
    ...(near ? { suggestion: correctedQuery(q, corrections) } : {}),
    ...(bolder ? { wider: correctedQuery(q, { ...wide, ...corrections }) } : {}),
  };
}

/** Did you mean: `q` with each corrected word replaced, lower-cased (as the suggester gives its words). */
export function correctedQuery(q: string, corrections: Record<string, string>): string {
  return q.replace(/\S+/g, (word) => (Object.hasOwn(corrections, word) ? corrections[word] : word)).toLowerCase();
}

/**
 * Whether the wider did-you-mean helps: one search, no hits, that counts (up to one) the cases
 * with every word of the query as the search reads it (typed or corrected by the usual lookup),
 * and those with the words the wider lookup corrected, all of them, within the same filters. It
 * helps when the typed words found no such case and its corrections are found together
 * (suggestionHelps): "Kinrros jet" is worth "kinross jet" though no record of Kinross says "jet".
 */
export function suggestionCheckRequest(
  index: string,
  params: CaseFilterParams & { q: string; spelling: KeywordSpelling },
  wider: string,
): estypes.SearchRequest {
  const typedWords = keywordWords(params.q);
  const changed = keywordWords(wider).filter((word, i) => word !== typedWords[i]?.toLowerCase());
  const typed = everyWordQuery(params.q, params.spelling);
  const corrected = everyWordQuery(changed.join(' '), NOTHING_MISSPELT);
  return {
    index,
    size: 0,
    track_total_hits: false,
    filter_path: ['aggregations.found.buckets.*.doc_count'],
    query: { bool: { filter: [...caseFilterClauses(params), { bool: { should: [typed, corrected] } }] } },
    aggs: { found: { filters: { filters: { typed, corrected } } } },
  };
}

/** What suggestionCheckRequest found: whether the wider suggestion finds what the typed words did not. */
export function suggestionHelps(response: { aggregations?: Record<string, unknown> }): boolean {
  const buckets = (response.aggregations?.found as { buckets?: Record<string, { doc_count?: number }> } | undefined)?.buckets;
  return (buckets?.corrected?.doc_count ?? 0) > 0 && (buckets?.typed?.doc_count ?? 0) === 0;
}
