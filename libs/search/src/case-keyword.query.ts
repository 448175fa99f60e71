import type { estypes } from '@elastic/elasticsearch';

/**
 * The keyword (`q`) part of a list search, in layers that each forgive one way people type, each
 * weighted below the layers before it so that a forgiving match never outranks an exact one:
 *
 * 1. the words as typed (stemmed, synonyms, Traditional Chinese simplified) in the spec's fields:
 *    title, place name and summary, with every word, and in order, counting extra;
 * 2. the same words in the deeper fields (detail, specs, sources), where witnesses, pilots, ships
 *    and units are named: one cross_fields query over all of them, at a lower weight;
 * 3. Latin-script words within a small edit distance (misspellings), the first letter right and at
 *    most 10 candidate words per typed word and field (the fuzzy rewrite is what this layer costs);
 * 4. the last word as the start of a word in a title or place name (a name still being typed).
 *
 * A case must match one layer to be listed. Each case is also tested for whether every word of the
 * query matched somewhere, by any layer (named query `all`; see matchedAllWords), which also lifts
 * it; a one-word query needs no separate test (its layers are the test). The all-words-as-typed
 * clause of layer 1 is named too (`typed`): a page none of whose cases matched it is one whose
 * words were not all found as typed, and only then is the did-you-mean suggester asked (a second,
 * small search; see didYouMeanRequest).
 * Weights measured with scripts/search-quality.mjs on test/search-quality/judged-queries.json;
 * cost with scripts/bench/keyword-cost.mjs.
 */

/** The spec's fields: title matches weigh more than place name or summary matches. */
export const KEYWORD_FIELDS = ['title.en^3', 'title.zh^3', 'location.name.en^2', 'location.name.zh^2', 'summary.en', 'summary.zh'];

/** Where the records name people, aircraft, ships and units, and cite their sources: read at a lower weight. */
export const DEEP_FIELDS = [
  'detail.en',
  'detail.zh',
  'specs.value.en',
  'specs.value.zh',
  'specs.label.en',
  'specs.label.zh',
  'sources.label',
  'sources.label.zh',
];

/**
 * The English fields a misspelt word is looked for in (Chinese is matched by character pairs, never
 * by edit distance). Titles and places alone cost less (smaller term dictionaries to rewrite
 * against) but lost "Rosswell ufo crash" and the people-asked set fell to MRR@10 0.941 with a miss.
 */
export const FUZZY_FIELDS = ['title.en^3', 'location.name.en^2', 'summary.en', 'detail.en^0.5'];

/** Each word's first 2-20 letters (elastic/index/cases.mappings.json), for the last word of a query. */
export const PREFIX_FIELDS = ['title.en.prefix^3', 'location.name.en.prefix^2'];

/** The name of the query that matches a case only if every word of `q` matched in it. */
export const ALL_WORDS_QUERY = 'all';

/** The name of the query that matches a case with every word of `q` as typed in its title, place or summary. */
export const TYPED_WORDS_QUERY = 'typed';

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
const FUZZY_BOOST = 1;
const PREFIX_BOOST = 0.3;

/**
 * Edits allowed grow with the (stemmed) word: none up to 3 letters, 1 up to 7, then 2; the first
 * letter must be right. Elasticsearch's default (1 edit from 3 letters, 2 from 6) let "Fravor" match "favor".
 */
const FUZZINESS = 'AUTO:4,8';
const FUZZY_PREFIX_LENGTH = 1;
/** Candidate words per misspelt word and field (Elasticsearch's default is 50). */
const FUZZY_MAX_EXPANSIONS = 10;

/** Words of Latin letters only (apostrophes and hyphens allowed): no digits, so Gemini 7 never finds Gemini 6. */
const LATIN_WORD = /^[\p{Script=Latin}'’-]*\p{Script=Latin}[\p{Script=Latin}'’-]*$/u;

export function keywordWords(q: string): string[] {
  return q.split(/\s+/).filter((word) => word.length > 0);
}

/**
 * The bool clauses for `q`: `must` (one layer must match) and `should` (what orders the matches).
 * multi_match takes the text as plain words: no operators or wildcards are ever parsed. cross_fields
 * lets the words of one language spread over that language's fields, so "Nimitz video" matches a
 * title naming Nimitz and a summary mentioning video. Synonyms and the Traditional-to-Simplified
 * mapping come from the fields' search analyzers (elastic/index).
 */
export function keywordClauses(q: string): Pick<estypes.QueryDslBoolQuery, 'must' | 'should'> {
  const words = keywordWords(q);
  const latin = words.filter((word) => LATIN_WORD.test(word));
  const last = words.at(-1);
  const prefix = last !== undefined && LATIN_WORD.test(last) ? last : undefined;
  const spec = { query: q, fields: KEYWORD_FIELDS, type: 'cross_fields' as const };
  // One word: a case that matches any layer has matched every word, so the layers themselves are
  // the all-words query, and the separate one (which would only repeat them) is left out.
  const single = words.length === 1;
  return {
    must: [
      {
        bool: {
          ...(single ? { _name: ALL_WORDS_QUERY } : {}),
          should: [
            { multi_match: { ...spec, operator: 'or', minimum_should_match: '1' } },
            { multi_match: { query: q, fields: DEEP_FIELDS, type: 'cross_fields', operator: 'or', boost: DEEP_BOOST } },
            ...(latin.length > 0 ? [fuzzyClause(latin.join(' '), FUZZY_BOOST)] : []),
            ...(prefix ? [prefixClause(prefix, PREFIX_BOOST)] : []),
          ],
        },
      },
    ],
    should: [
      { multi_match: { ...spec, operator: 'and', boost: ALL_WORDS_BOOST, _name: TYPED_WORDS_QUERY } },
      { multi_match: { query: q, fields: KEYWORD_FIELDS, type: 'phrase', slop: PHRASE_SLOP, boost: PHRASE_BOOST } },
      ...(single ? [] : [allWordsClause(words, prefix)]),
    ],
  };
}

/**
 * Matches a case only if each word of the query matched it somewhere: as typed in any searched
 * field, misspelt (Latin words), or as a prefix (the last word). zero_terms_query keeps a word that
 * is only a stop word ("the") from failing every case.
 */
function allWordsClause(words: string[], prefix: string | undefined): estypes.QueryDslQueryContainer {
  return {
    bool: {
      _name: ALL_WORDS_QUERY,
      boost: ALL_WORDS_ANYWHERE_BOOST,
      must: words.map((word, i) => {
        const asTyped: estypes.QueryDslQueryContainer = {
          multi_match: {
            query: word,
            fields: [...KEYWORD_FIELDS, ...DEEP_FIELDS.map((field) => `${field}^${DEEP_BOOST}`)],
            type: 'cross_fields',
            operator: 'and',
            zero_terms_query: 'all',
          },
        };
        const forgiving = [
          ...(LATIN_WORD.test(word) ? [fuzzyClause(word, 1)] : []),
          ...(prefix !== undefined && i === words.length - 1 ? [prefixClause(prefix, 1)] : []),
        ];
        return forgiving.length > 0 ? { bool: { should: [asTyped, ...forgiving] } } : asTyped;
      }),
    },
  };
}

/**
 * What highlights mark: the words as typed (and their synonyms) in the spec's fields. Marking the
 * misspelt and prefix matches too would make the highlighter expand every fuzzy word per field and
 * document, which cost a list page ten to twenty times its search.
 */
export function highlightQuery(q: string): estypes.QueryDslQueryContainer {
  return { multi_match: { query: q, fields: KEYWORD_FIELDS, type: 'cross_fields', operator: 'or' } };
}

/** Analyzed as the text was indexed (stemmed, no synonyms), so only the typed words themselves are forgiven. */
function fuzzyClause(query: string, boost: number): estypes.QueryDslQueryContainer {
  return {
    multi_match: {
      query,
      fields: FUZZY_FIELDS,
      analyzer: 'case_text_en',
      fuzziness: FUZZINESS,
      prefix_length: FUZZY_PREFIX_LENGTH,
      max_expansions: FUZZY_MAX_EXPANSIONS,
      boost,
    },
  };
}

function prefixClause(word: string, boost: number): estypes.QueryDslQueryContainer {
  return { multi_match: { query: word, fields: PREFIX_FIELDS, boost } };
}

/** Whether a hit matched every word (its `matched_queries` from a request built with keywordClauses). */
export function matchedAllWords(matchedQueries: string[] | Record<string, number> | undefined): boolean {
  return matchedNamed(matchedQueries, ALL_WORDS_QUERY);
}

/** Whether a hit has every word as typed in its title, place or summary. */
export function matchedTypedWords(matchedQueries: string[] | Record<string, number> | undefined): boolean {
  return matchedNamed(matchedQueries, TYPED_WORDS_QUERY);
}

function matchedNamed(matchedQueries: string[] | Record<string, number> | undefined, name: string): boolean {
  if (!matchedQueries) return false;
  return Array.isArray(matchedQueries) ? matchedQueries.includes(name) : name in matchedQueries;
}

/** The name of the did-you-mean suggester in a list request. */
export const DID_YOU_MEAN = 'did_you_mean';

/**
 * Did you mean: Elasticsearch's phrase suggester over `spelling` (every English title, place name,
 * summary and detail, unstemmed), correcting only words the archive does not contain as typed
 * (suggest_mode missing) and answering only when the corrected query scores better than the typed
 * one (confidence 1). Words under 4 letters, and Chinese (one character per token), are left as typed.
 */
export function didYouMeanSuggester(q: string): estypes.SearchSuggester {
  return {
    text: q,
    [DID_YOU_MEAN]: {
      phrase: {
        field: 'spelling',
        size: 1,
        gram_size: 1,
        max_errors: 2,
        confidence: 1,
        direct_generator: [{ field: 'spelling', suggest_mode: 'missing', min_word_length: 4, prefix_length: 1 }],
      },
    },
  } as estypes.SearchSuggester;
}

/**
 * The did-you-mean suggester alone: no hits, no total, so the search costs only the suggester.
 * Asked after a list search none of whose cases has every word as typed (see needsDidYouMean).
 */
export function didYouMeanRequest(index: string, q: string): estypes.SearchRequest {
  return { index, size: 0, track_total_hits: false, filter_path: ['suggest.*.options.text'], suggest: didYouMeanSuggester(q) };
}

/** The corrected query a list response's suggester proposes, if any. */
export function readDidYouMean(suggest: Record<string, estypes.SearchSuggest[]> | undefined): string | undefined {
  const options = suggest?.[DID_YOU_MEAN]?.[0]?.options;
  const first = Array.isArray(options) ? options[0] : options;
  return first && 'text' in first ? first.text : undefined;
}
