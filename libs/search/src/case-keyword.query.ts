import type { estypes } from '@elastic/elasticsearch';
import { INCIDENT_DATE_FIELD } from './case-index.definition';
import { type KeywordQuery, type KeywordSpelling, readKeywordQuery } from './keyword-query';
import type { QueryDate } from './query-dates';

/**
 * The keyword (`q`) part of a list search, in layers that each forgive one way people type, each
 * weighted below the layers before it so that a forgiving match never outranks an exact one:
 *
 * 1. the words as typed (stemmed, synonyms, Traditional Chinese simplified) in the spec's fields:
 *    title, place name and summary, with every word, and in order, counting extra;
 * 2. the same words in the deeper fields (detail, specs, sources, copied into deep.en and deep.zh),
 *    where witnesses, pilots, ships and units are named, at a lower weight;
 * 3. misspelt Latin-script words: before every search with `q`, the spelling lookup
 *    (SpellingLookup, a term suggester remembered per word) names the words the archive lacks as
 *    typed and the indexed word nearest each; this layer looks for those corrections in the English
 *    title, place, summary and detail, with no fuzzy rewrite (only a caller without the lookup's
 *    answer makes every Latin word fuzzy instead);
 * 4. the last word as the start of a word in a title or place name (a name still being typed);
 * 5. the cases of a date the query names, and the cases an alias of the query names (what `q`
 *    means, its dates, its words and its aliases, is read once by readKeywordQuery).
 *
 * A case must match one layer to be listed. Cases in which most words matched somewhere (as typed
 * or corrected, in the spec's or the deeper fields, or as a prefix) are lifted; each word there is a
 * named query, so a hit's matched queries say whether it matched every word (allWordsMatcher). A
 * one-word query needs no separate lift, and a one-token word no named query: every case it lists
 * has its one word. The lookup's corrected query is the did-you-mean (see SpellingLookup.suggestionFor).
 * Weights measured with scripts/search-quality.mjs on test/search-quality/judged-queries.json;
 * cost with scripts/bench/keyword-cost.mjs.
 */

/** The spec's fields: title matches weigh more than place name or summary matches. */
export const KEYWORD_FIELDS = ['title.en^3', 'title.zh^3', 'location.name.en^2', 'location.name.zh^2', 'summary.en', 'summary.zh'];

/**
 * Where the records name people, aircraft, ships and units, and cite their sources: the detail, the
 * specs' labels and values and the sources' labels, copied (copy_to, elastic/index/cases.mappings.json)
 * into one field per language, so a word walks one postings list per language instead of four.
 * Read at a lower weight.
 */
export const DEEP_FIELDS = ['deep.en', 'deep.zh'];

/**
 * The English fields a misspelt word is looked for in (Chinese is matched by character pairs, never
 * by edit distance). Titles and places alone cost less (smaller term dictionaries to rewrite
 * against) but lost "Rosswell ufo crash" and the people-asked set fell to MRR@10 0.941 with a miss.
 */
export const FUZZY_FIELDS = ['title.en^3', 'location.name.en^2', 'summary.en', 'detail.en^0.5'];

/** Where a Latin word of the every-word test is looked for, and at what weight (see anywhereClause). */
const ANYWHERE_EN_FIELDS = ['title.en^6', 'location.name.en^4', 'summary.en^2', 'deep.en^0.8'];
/** Where a word of Chinese characters alone is looked for: the Chinese fields (see anywhereClause). */
const ANYWHERE_ZH_FIELDS = ['title.zh^3', 'location.name.zh^2', 'summary.zh', `deep.zh^${0.3}`];
/** Where any other word (digits, mixed scripts) is looked for: every field. */
const ANYWHERE_FIELDS = [...KEYWORD_FIELDS, 'deep.en^0.3', 'deep.zh^0.3'];

/** A word of Chinese characters only (no Latin letters or digits). */
const HAN_WORD = /^[\p{Script=Han}\p{P}]+$/u;

/** Each word's first 2-20 letters (elastic/index/cases.mappings.json), for the last word of a query. */
export const PREFIX_FIELDS = ['title.en.prefix^3', 'location.name.en.prefix^2'];

/** The name of the query that matches a case of a date the query names. */
export const DATE_QUERY_NAME = 'date';

/** The name of the query that matches a case when the `i`th word of `q` matched in it. */
export function wordQueryName(i: number): string {
  return `word ${i}`;
}

/**
 * The all-words match decides the order, and words found in the query's order (within a few
 * positions) count extra; the any-word match only keeps a query from coming back empty because one
 * of its words appears nowhere ("sightings over Washington" when no case says "over"), or because a
 * Chinese query spans a word boundary and so forms a character pair no text has (哈拉雷机场 against
 * 哈拉雷国际机场).
 */
const ALL_WORDS_BOOST = 10;
const PHRASE_SLOP = 3;
const PHRASE_BOOST = 2;
/**
 * Every word found somewhere, in any layer (the deeper fields at their lower weight): lifts "Alex
 * Dietrich pilot" (all three in one case's detail) above a title that only says "pilot".
 */
const ALL_WORDS_ANYWHERE_BOOST = 3;
const DEEP_BOOST = 0.3;
/**
 * A case found only in its deeper fields must have all of up to two words there, or all but one of
 * more: a common word ("over") is in nearly every detail, and a case with only that word is noise.
 */
const DEEP_MOST_WORDS = '1<-1';
const FUZZY_BOOST = 1;
/** A case of the query's date comes before any case that only has its words. */
const DATE_BOOST = 1000;
/** A case an alias of the query names: about what a title holding every word scores. */
const ALIAS_BOOST = 20;
const PREFIX_BOOST = 0.3;

/**
 * Edits allowed grow with the (stemmed) word: none up to 3 letters, 1 up to 7, then 2; the first
 * letter must be right. Elasticsearch's default (1 edit from 3 letters, 2 from 6) let "Fravor" match "favor".
 */
const FUZZINESS = 'AUTO:4,8';
const FUZZY_PREFIX_LENGTH = 1;
/** Candidate words per misspelt word and field (Elasticsearch's default is 50). */
const FUZZY_MAX_EXPANSIONS = 10;

/** A word the standard tokenizer keeps whole: Latin letters and nothing else. */
const LETTERS_ONLY = /^\p{Script=Latin}+$/u;

/** Words of Latin letters only (apostrophes and hyphens allowed): no digits, so Gemini 7 never finds Gemini 6. */
export const LATIN_WORD = /^[\p{Script=Latin}'’-]*\p{Script=Latin}[\p{Script=Latin}'’-]*$/u;

export function keywordWords(q: string): string[] {
  return q.split(/\s+/).filter((word) => word.length > 0);
}

/**
 * The bool clauses for `q`: `must` (one layer must match) and `should` (what orders the matches).
 * multi_match takes the text as plain words: no operators or wildcards are ever parsed. cross_fields
 * lets the words of one language spread over that language's fields, so "Nimitz video" matches a
 * title naming Nimitz and a summary mentioning video. Synonyms and the Traditional-to-Simplified
 * mapping come from the fields' search analyzers (elastic/index). What `q` means (its dates, its
 * words, the cases it names by an alias) is read once by readKeywordQuery: a date is looked for in
 * the incident date, never in the text, and its cases come first (DATE_BOOST); a case named by an
 * alias is listed and lifted (ALIAS_BOOST), its words counted as found in it.
 */
export function keywordClauses(q: string, spelling?: KeywordSpelling): Pick<estypes.QueryDslBoolQuery, 'must' | 'should'> {
  const meaning = readKeywordQuery(q);
  const { text, words, dates, aliases } = meaning;
  const dated = dates.length > 0 ? [dateClause(dates)] : [];
  // A date alone: its cases, newest first among equals as any list.
  if (words.length === 0) return { must: [{ bool: { should: dated } }], should: [] };
  const latin = words.filter((word) => LATIN_WORD.test(word));
  // With the spelling lookup's answer (every search the repositories send), only the words it
  // corrected are forgiven, as their corrections, with no fuzzy rewrite. Without one (a caller that
  // skipped the lookup), every Latin word is made fuzzy.
  const forgiven = spelling ? latin.filter((word) => Object.hasOwn(spelling.corrections, word)).map((word) => spelling.corrections[word]) : latin;
  const last = words.at(-1);
  const prefix = last !== undefined && LATIN_WORD.test(last) ? last : undefined;
  const spec = { query: text, fields: KEYWORD_FIELDS, type: 'cross_fields' as const };
  // One word: every case listed has matched every word (see allWordsMatcher). When it is one token
  // (Latin letters only), the all-words query would score each spec-field match a second time
  // exactly as the any-word one does, so its weight is added to the any-word clause instead: the
  // same scores, one clause fewer. A Chinese word is several character pairs, which "all" and
  // "any" tell apart.
  const oneToken = words.length === 1 && LETTERS_ONLY.test(words[0]);
  const named = [...aliases.map(aliasClause)];
  return {
    must: [
      {
        bool: {
          should: [
            { multi_match: { ...spec, operator: 'or', minimum_should_match: '1', ...(oneToken ? { boost: 1 + ALL_WORDS_BOOST } : {}) } },
            {
              multi_match: {
                query: text,
                fields: DEEP_FIELDS,
                type: 'cross_fields',
                operator: 'or',
                minimum_should_match: DEEP_MOST_WORDS,
                boost: DEEP_BOOST,
              },
            },
            ...(forgiven.length > 0 ? [fuzzyClause(forgiven.join(' '), FUZZY_BOOST, !spelling)] : []),
            ...(prefix ? [prefixClause(prefix, PREFIX_BOOST)] : []),
            ...dated,
            ...named,
          ],
        },
      },
    ],
    should: [
      ...(oneToken ? [] : [{ multi_match: { ...spec, operator: 'and' as const, boost: ALL_WORDS_BOOST } }]),
      { multi_match: { query: text, fields: KEYWORD_FIELDS, type: 'phrase', slop: PHRASE_SLOP, boost: PHRASE_BOOST } },
      // Typed as one word (a run of Chinese characters, or one word beside a date or an alias), the
      // words are named for `match` but lift nothing: the layers above order one word's cases.
      ...(namesWords(meaning) ? mostWordsClause(meaning, prefix, spelling, keywordWords(text).length > 1 ? ALL_WORDS_ANYWHERE_BOOST : 0) : []),
    ],
  };
}

/**
 * The cases of the query's dates (any of them: 4/5/64 is April or May), named like a word so that
 * `match: all` needs it too, and weighted above any match of words: the query asked for that day.
 */
function dateClause(dates: QueryDate[]): estypes.QueryDslQueryContainer {
  return {
    bool: {
      _name: DATE_QUERY_NAME,
      boost: DATE_BOOST,
      should: dates.map(({ from, to }) => ({ range: { [INCIDENT_DATE_FIELD]: { gte: from, lte: to } } })),
    },
  };
}

/** The cases an alias names: listed, and lifted as a title match of every word would lift them. */
function aliasClause({ cases }: { cases: string[] }): estypes.QueryDslQueryContainer {
  return { constant_score: { filter: { terms: { id: cases } }, boost: ALIAS_BOOST } };
}

/**
 * Whether a hit's words are told by named queries (mostWordsClause, allWordsMatcher). Not for one
 * word found by every layer as a whole: one Latin word, or a Chinese word of one character pair;
 * a longer Chinese word is matched by any of its pairs, a date or an alias lists cases without it.
 */
function namesWords({ words, dates, aliases }: KeywordQuery): boolean {
  if (words.length !== 1 || dates.length > 0 || aliases.length > 0) return words.length > 0;
  return HAN_WORD.test(words[0]) && [...words[0].replace(/\p{P}/gu, '')].length > 2;
}

/**
 * Lifts a case in which most words of the query matched somewhere (all of up to three words, all but
 * one of more): as typed in any searched field, as its correction (a word the spelling lookup found
 * misspelt), or as a prefix (the last word). "All but one" lets a case that names the general, his
 * name and the weather balloon outrank titles holding only the commonest word. Each word's clause is
 * named (wordQueryName), so a hit's matched queries say which words it has (allWordsMatcher). Each
 * word is a cross_fields term query: no fuzzy rewrite here, the lookup already named the word meant
 * (without a lookup, each Latin word is also looked for within an edit distance).
 * zero_terms_query keeps a word that is only a stop word ("the") from failing every case.
 */
function mostWordsClause(
  meaning: KeywordQuery,
  prefix: string | undefined,
  spelling: KeywordSpelling | undefined,
  boost: number,
): estypes.QueryDslQueryContainer[] {
  const counted = countedWords(meaning.words);
  if (counted.length === 0) return [];
  return [
    {
      bool: {
        boost,
        minimum_should_match: counted.length <= 3 ? counted.length : counted.length - 1,
        should: counted.map(({ word, i }) => ({ bool: { _name: wordQueryName(i), ...wordClause(word, i, meaning, prefix, spelling).bool } })),
      },
    },
  ];
}

/**
 * The `i`th word of the query anywhere: as typed, as its correction, (the last word) as a prefix,
 * or, in a case an alias of the query names, as one of the alias's words.
 */
function wordClause(word: string, i: number, meaning: KeywordQuery, prefix: string | undefined, spelling: KeywordSpelling | undefined) {
  const forgiving = [
    // A word the lookup did not find in the English text may still be in a spec or a source.
    ...(spelling && Object.hasOwn(spelling.corrections, word) ? [anywhereClause(spelling.corrections[word])] : []),
    ...(!spelling && LATIN_WORD.test(word) ? [fuzzyClause(word, 1)] : []),
    ...(prefix !== undefined && i === meaning.words.length - 1 ? [prefixClause(prefix, 1)] : []),
    ...meaning.aliases.filter((alias) => alias.words.includes(i)).map(({ cases }) => ({ terms: { id: cases } })),
  ];
  return { bool: { should: [anywhereClause(word), ...forgiving] } };
}

/**
 * Cases with every word of `q` (but English stop words) somewhere, as the most-words lift counts
 * them: as typed, as the lookup's correction, or the last word as a prefix. A filter: no scores.
 */
export function everyWordQuery(q: string, spelling?: KeywordSpelling): estypes.QueryDslQueryContainer {
  const meaning = readKeywordQuery(q);
  const last = meaning.words.at(-1);
  const prefix = last !== undefined && LATIN_WORD.test(last) ? last : undefined;
  const words = countedWords(meaning.words).map(({ word, i }) => wordClause(word, i, meaning, prefix, spelling));
  return { bool: { filter: [...words, ...(meaning.dates.length > 0 ? [dateClause(meaning.dates)] : [])] } };
}

/**
 * Lucene's English stop words: Elasticsearch's `_english_`, the set the en_stop filter of
 * elastic/index/cases.settings.json drops, so a Latin word among them has no terms to look for.
 */
const ENGLISH_STOP_WORDS = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(' '),
);

/**
 * The words the most-words lift counts, each with its place in the query (which names its query):
 * all but English stop words. A stop word's clause would match every case, and a disjunction with
 * clauses that match every case walks the whole archive ("lights over the city").
 */
function countedWords(words: string[]): { word: string; i: number }[] {
  return words.map((word, i) => ({ word, i })).filter(({ word }) => !(LATIN_WORD.test(word) && ENGLISH_STOP_WORDS.has(word.toLowerCase())));
}

/**
 * The word as typed (stemmed, synonyms) in any of the spec's or the deeper fields. A Latin word's
 * English fields weigh more (ANYWHERE_EN_FIELDS): a name found only in a detail then lifts its case
 * above the many whose titles hold the query's other, commoner words.
 */
function anywhereClause(word: string): estypes.QueryDslQueryContainer {
  return {
    multi_match: {
      query: word,
      fields: LATIN_WORD.test(word) ? ANYWHERE_EN_FIELDS : HAN_WORD.test(word) ? ANYWHERE_ZH_FIELDS : ANYWHERE_FIELDS,
      type: 'cross_fields',
      operator: 'and',
      zero_terms_query: 'all',
    },
  };
}

/**
 * What highlights mark: the words as typed (and their synonyms) in the spec's fields. Marking the
 * misspelt and prefix matches too would make the highlighter expand every fuzzy word per field and
 * document, which cost a list page ten to twenty times its search.
 */
export function highlightQuery(q: string): estypes.QueryDslQueryContainer {
  return { multi_match: { query: readKeywordQuery(q).text, fields: KEYWORD_FIELDS, type: 'cross_fields', operator: 'or' } };
}

/** The analyzer the English fields are indexed with (stemmed, elastic/index/cases.settings.json). */
export const ENGLISH_INDEX_ANALYZER = 'case_text_en';

/** Analyzed as the text was indexed (stemmed, no synonyms), so only the typed words themselves are forgiven. */
function fuzzyClause(query: string, boost: number, fuzzy = true): estypes.QueryDslQueryContainer {
  const edits = fuzzy ? { fuzziness: FUZZINESS, prefix_length: FUZZY_PREFIX_LENGTH, max_expansions: FUZZY_MAX_EXPANSIONS } : {};
  return { multi_match: { query, fields: FUZZY_FIELDS, analyzer: ENGLISH_INDEX_ANALYZER, ...edits, boost } };
}

function prefixClause(word: string, boost: number): estypes.QueryDslQueryContainer {
  return { multi_match: { query: word, fields: PREFIX_FIELDS, boost } };
}

/**
 * Whether a hit matched every word of `q` (its `matched_queries` from a request built with
 * keywordClauses), with the words' query names worked out once for every hit of a page.
 */
export function allWordsMatcher(q: string): (matchedQueries: string[] | Record<string, number> | undefined) => boolean {
  const meaning = readKeywordQuery(q);
  // One word (see namesWords): a case is listed only if one of the layers found that word, stop
  // word or not; no query is named, since asking Elasticsearch which one matched would cost every
  // page a pass. A date alone lists only its cases.
  if (!namesWords(meaning)) return () => true;
  const names = [...countedWords(meaning.words).map(({ i }) => wordQueryName(i)), ...(meaning.dates.length > 0 ? [DATE_QUERY_NAME] : [])];
  return (matchedQueries) => names.every((name) => matchedNamed(matchedQueries, name));
}

function matchedNamed(matchedQueries: string[] | Record<string, number> | undefined, name: string): boolean {
  if (!matchedQueries) return false;
  return Array.isArray(matchedQueries) ? matchedQueries.includes(name) : name in matchedQueries;
}
