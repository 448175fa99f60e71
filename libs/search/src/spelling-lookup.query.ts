import type { estypes } from '@elastic/elasticsearch';
import { keywordWords, LATIN_WORD } from './case-keyword.query';

/*
 * The spelling lookup's requests and the pure reading of its answers (the lookup itself, which
 * remembers answers per word, is SpellingLookup in spelling-lookup.ts). The keyword query
 * (case-keyword.query.ts) reads only its result, a KeywordSpelling.
 */

/** What the spelling lookup found for a query (see spellingLookupRequest). */
export interface KeywordSpelling {
  /** Each word of the query the archive lacks as typed, with the indexed word nearest to it. */
  corrections: Record<string, string>;
  /** The query with those words corrected (did you mean), when there is one. */
  suggestion?: string;
}

/** A query none of whose words needs looking up (no Latin word of 4 letters or more): nothing is misspelt. */
export const NOTHING_MISSPELT: KeywordSpelling = Object.freeze({ corrections: Object.freeze({}) }) as KeywordSpelling;

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

/** Whether the spelling lookup is asked about a word: a Latin-script word of 4 letters or more. */
function isLookupWord(word: string): boolean {
  return LATIN_WORD.test(word) && word.length >= MIN_LOOKUP_LENGTH;
}

/** The words of `q` the spelling lookup is asked about (isLookupWord). */
export function lookupWords(q: string): string[] {
  return keywordWords(q).filter(isLookupWord);
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
  for (const group of LOOKUP_GROUPS) {
    const text = looked.filter(group.holds).join(' ');
    if (!text) continue;
    suggest[group.name] = {
      text,
      term: { field: 'spelling', suggest_mode: 'missing', min_word_length: MIN_LOOKUP_LENGTH, prefix_length: 1, max_edits: group.maxEdits, size: 1 },
    } as estypes.SearchSuggester;
  }
  return {
    index,
    size: 0,
    track_total_hits: false,
    filter_path: ['suggest.*.offset', 'suggest.*.length', 'suggest.*.options.text'],
    suggest: suggest as estypes.SearchSuggester,
  };
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

/** One suggester's corrections, its entries' offsets being into `words` joined by single spaces. */
function correctionsIn(words: string[], entries: estypes.SearchSuggest[]): Record<string, string> {
  const starts = words.map((_, i) => words.slice(0, i).reduce((at, word) => at + word.length + 1, 0));
  const corrections: Record<string, string> = {};
  for (const entry of entries) {
    const options = Array.isArray(entry.options) ? entry.options : [entry.options];
    const option = options[0];
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

/** What the lookup found for `q`, from its words' corrections: nothing misspelt when there are none. */
export function keywordSpelling(q: string, corrections: Record<string, string>): KeywordSpelling {
  return Object.keys(corrections).length > 0 ? { corrections, suggestion: correctedQuery(q, corrections) } : NOTHING_MISSPELT;
}

/** Did you mean: `q` with each corrected word replaced, lower-cased (as the suggester gives its words). */
export function correctedQuery(q: string, corrections: Record<string, string>): string {
  return q.replace(/\S+/g, (word) => (Object.hasOwn(corrections, word) ? corrections[word] : word)).toLowerCase();
}
