import type { estypes } from '@elastic/elasticsearch';
import type { DocumentKind } from './corpus-document';
import { DOCUMENT_RESULT_WINDOW as RESULT_WINDOW } from './document-index.definition';

/** A documents search, validated and normalized (see DocumentListQueryDto). */
export interface DocumentSearchParams {
  q?: string;
  /** A Chinese q translated (translateQuery): each entry searched as one unit, in place of q's own words. */
  concepts?: string[];
  collection?: string[];
  release?: number[];
  agency?: string[];
  caseId?: string;
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  dateFrom?: string;
  dateTo?: string;
  kind?: DocumentKind;
  limit: number;
  /** Documents before this page (from a cursor too, where it is only counted: searchAfter says where the page starts). */
  offset: number;
  /** In id order (no q), from a cursor: the page starts after this document id, past the result window if need be. */
  searchAfter?: [string];
  facets: boolean;
  /** collapse=copies (needs q): a document whose best page copies a page of one ranked above it is folded under that one (copy-collapse.ts). */
  collapseCopies?: true;
}

/** Matching pages shown per document. */
export const PAGES_PER_DOCUMENT = 3;
/** Characters of page text around a match in a snippet. */
export const SNIPPET_CHARS = 220;
export const HIGHLIGHT_TAGS = { pre_tags: ['<mark>'], post_tags: ['</mark>'] };
/** The document facts every page carries; a list reads them from its best page (never the text). */
export const DOCUMENT_FIELDS = [
  'documentId',
  'kind',
  'title',
  'collection',
  'release',
  'agency',
  'date',
  'pageCount',
  'caseIds',
  'governmentUrl',
  'sourceFile',
  'sha256',
  'bytes',
  'textMethod',
  'engine',
];
export const FACET_FIELDS = ['collection', 'release', 'kind'] as const;
/** Cardinality counts documents exactly below this many (the corpus holds a few thousand). */
const EXACT_COUNT_THRESHOLD = 40_000;

/** `"exact words" loose words` -> the quoted phrases and the rest. An unpaired quote is read as a space. */
export function splitQuery(q: string): { phrases: string[]; words: string } {
  const phrases: string[] = [];
  const words = q.replace(/"([^"]*)"/g, (_, phrase: string) => {
    if (phrase.trim()) phrases.push(phrase.trim());
    return ' ';
  });
  return { phrases, words: words.replace(/"/g, ' ').replace(/\s+/g, ' ').trim() };
}

/** Lucene's English stop words, which the English text drops: a loose word among them asks nothing of a page. */
const STOP_WORDS = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(' '),
);

/** The loose words that ask something of a page: split on spaces, edge punctuation off, stop words and repeats (any case) out. */
export function significantWords(words: string): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of words.split(/\s+/)) {
    const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    const lower = word.toLowerCase();
    if (word && !STOP_WORDS.has(lower) && !seen.has(lower)) {
      seen.add(lower);
      kept.push(word);
    }
  }
  return kept;
}

/** A word of letters alone, this long or longer, may be found misread by one letter (Lowa for Iowa); shorter words and words with a digit (1964 is not 1965) are matched as written. */
export const FUZZY_MIN_LETTERS = 4;
/** Most indexed spellings one misread-tolerant word expands to (the dictionary is full of OCR noise). */
export const FUZZY_MAX_EXPANSIONS = 20;
/** Weight of a word in the page text (stemmed), the title, and a title for a translated (Chinese) query. */
const TEXT_BOOST = 3;
const TITLE_BOOST = 2;
const CONCEPT_TITLE_BOOST = 3;
/** How far out of place (in positions) two neighbouring query words may be on a page to count as near. */
export const PAIR_SLOP = 2;
/** How far out of place all of three or more query words may be on a page to count as together. */
export const ALL_WORDS_SLOP = 12;

/** Month names as military and Blue Book papers abbreviate them ("9 Jul 47"), and back. */
const MONTH_SPELLINGS: Record<string, string[]> = {
  january: ['jan'],
  february: ['feb'],
  march: ['mar'],
  april: ['apr'],
  june: ['jun'],
  july: ['jul'],
  august: ['aug'],
  september: ['sep', 'sept'],
  october: ['oct'],
  november: ['nov'],
  december: ['dec'],
};
for (const [month, short] of Object.entries(MONTH_SPELLINGS)) for (const abbreviation of short) MONTH_SPELLINGS[abbreviation] = [month];

/**
 * The other ways the files write a date word: a month abbreviated or in full (as much as the word
 * itself), and a year of 1900-2099 in two digits (weaker: 47 is often not a year).
 */
function dateSpellings(word: string): estypes.QueryDslQueryContainer[] {
  const months = MONTH_SPELLINGS[word.toLowerCase()] ?? [];
  const spellings: estypes.QueryDslQueryContainer[] = months.map((month) => ({ match: { text: { query: month, boost: TEXT_BOOST } } }));
  if (/^(19|20)\d\d$/.test(word)) spellings.push({ match: { text: { query: word.slice(2), boost: 1 } } });
  return spellings;
}

function misreadable(word: string): boolean {
  return word.length >= FUZZY_MIN_LETTERS && /^\p{L}+$/u.test(word);
}

/**
 * One loose word, as the best of the ways a page can hold it: in its English text (stemmed; most
 * weight), in its document's title (a Blue Book file's title is its record card's date and place,
 * which the page may hold only misread), misread by one letter in the text or the title
 * (text.exact, title.exact: one edit, the first letter included, as OCR misreads it as often as
 * any; one edit, not two, keeps each word's expansion cheap on a dictionary full of OCR noise), or
 * broken in two (text.joined), or, for a month or a year, as military papers write dates ("July
 * 1947" as "Jul 47"; dateSpellings). A second way adds a little (tie_breaker), so a word in the
 * title and on the page counts more than in one of them.
 */
export function wordQuery(word: string, titleBoost = TITLE_BOOST): estypes.QueryDslQueryContainer {
  const queries: estypes.QueryDslQueryContainer[] = [
    { match: { text: { query: word, operator: 'and', boost: TEXT_BOOST } } },
    { match: { title: { query: word, operator: 'and', boost: titleBoost } } },
  ];
  if (misreadable(word)) {
    const misread = { query: word, fuzziness: 1, prefix_length: 0, max_expansions: FUZZY_MAX_EXPANSIONS };
    queries.push({ match: { 'text.exact': misread } }, { match: { 'title.exact': misread } });
  }
  queries.push({ match: { 'text.joined': { query: word, boost: 0.5 } } }, ...dateSpellings(word));
  return { dis_max: { queries, tie_breaker: 0.3 } };
}

/** Rewards for words found together on the page: each neighbouring pair near each other, and all of three or more within a short passage. */
function proximityQueries(words: string[]): estypes.QueryDslQueryContainer[] {
  const near: estypes.QueryDslQueryContainer[] = words
    .slice(1)
    .map((word, i) => ({ match_phrase: { text: { query: `${words[i]} ${word}`, slop: PAIR_SLOP } } }));
  if (words.length > 2) near.push({ match_phrase: { text: { query: words.join(' '), slop: ALL_WORDS_SLOP } } });
  return near;
}

/**
 * What `q` asks of a page. Quoted phrases must match as phrases (on text.exact, unstemmed). Of the
 * other words (stop words aside) a page needs one, found as wordQuery says; the more it holds, the
 * better it ranks (a phrase remembered roughly keeps only some of the words the page has). Words
 * found together add to the score (proximityQueries), so a page saying "Washington National
 * Airport" outranks one holding the three words apart. A q of stop words alone is matched as
 * written.
 */
export function pageTextQuery(q: string): estypes.QueryDslQueryContainer {
  const { phrases, words } = splitQuery(q);
  const must: estypes.QueryDslQueryContainer[] = phrases.map((phrase) => ({ match_phrase: { 'text.exact': { query: phrase } } }));
  const significant = significantWords(words);
  if (significant.length > 0) {
    must.push({ bool: { should: [...significant.map((word) => wordQuery(word)), ...proximityQueries(significant)], minimum_should_match: 1 } });
  } else if (words) {
    must.push({ match: { 'text.exact': { query: words, minimum_should_match: '2<75%' } } });
  }
  if (must.length === 0) return { match_all: {} };
  return must.length === 1 ? must[0] : { bool: { must } };
}

/**
 * A translated query: each concept (`blue book`, `lubbock`) must match, every word of it, each
 * found as wordQuery says (in the page text or the title: a Blue Book file's title says Project
 * Blue Book, its pages rarely do), a concept's words together counting more; a title holding a
 * concept's word weighs more than for an English query, since a translated word is often common
 * in English pages. Up to three concepts must all match; of more, all but one, so that one word
 * the glossary translated loosely does not rule a page out.
 */
export function conceptQuery(concepts: string[]): estypes.QueryDslQueryContainer {
  if (concepts.length === 0) return { match_none: {} };
  return {
    bool: {
      should: concepts.map((concept): estypes.QueryDslQueryContainer => {
        const words = significantWords(concept);
        if (words.length === 0) return { match: { 'text.exact': { query: concept } } };
        if (words.length === 1) return wordQuery(words[0], CONCEPT_TITLE_BOOST);
        return { bool: { must: words.map((word) => wordQuery(word, CONCEPT_TITLE_BOOST)), should: proximityQueries(words) } };
      }),
      minimum_should_match: concepts.length <= 3 ? concepts.length : concepts.length - 1,
    },
  };
}

/** What a search's q asks of a page: its translation when it was Chinese, else its own words. */
export function searchTextQuery(params: Pick<DocumentSearchParams, 'q' | 'concepts'>): estypes.QueryDslQueryContainer {
  if (params.concepts) return conceptQuery(params.concepts);
  return params.q ? pageTextQuery(params.q) : { match_all: {} };
}

/** The filters, as Elasticsearch filter clauses (no scoring). */
export function documentFilters(params: DocumentSearchParams): estypes.QueryDslQueryContainer[] {
  const filters: estypes.QueryDslQueryContainer[] = [];
  if (params.collection?.length) filters.push({ terms: { collection: params.collection } });
  if (params.release?.length) filters.push({ terms: { release: params.release } });
  if (params.agency?.length) filters.push({ terms: { agency: params.agency } });
  if (params.caseId) filters.push({ term: { caseIds: params.caseId } });
  if (params.kind) filters.push({ term: { kind: params.kind } });
  if (params.dateFrom || params.dateTo) {
    filters.push({ range: { date: { ...(params.dateFrom ? { gte: params.dateFrom } : {}), ...(params.dateTo ? { lte: params.dateTo } : {}) } } });
  }
  return filters;
}

/**
 * What a snippet marks: the words alone, not the ranking's proximity phrases (which would make
 * the highlighter match positions on every page it marks, the costliest part of a list); on
 * text.exact also the quoted phrases and the one-letter misreads. Undefined when the words are
 * stop words alone (the search's own query marks them).
 */
export function snippetQueries(
  params: Pick<DocumentSearchParams, 'q' | 'concepts'>,
): { text: { highlight_query: estypes.QueryDslQueryContainer }; exact: { highlight_query: estypes.QueryDslQueryContainer } } | undefined {
  const { phrases, words } = params.concepts ? { phrases: [], words: params.concepts.join(' ') } : splitQuery(params.q ?? '');
  const significant = significantWords(words);
  if (significant.length === 0 && (phrases.length === 0 || words)) return undefined;
  const asWritten = significant.filter((word) => !misreadable(word));
  const misread = significant.filter(misreadable);
  const exact: estypes.QueryDslQueryContainer[] = [
    ...phrases.map((phrase) => ({ match_phrase: { 'text.exact': { query: phrase } } })),
    ...(asWritten.length ? [{ match: { 'text.exact': { query: asWritten.join(' ') } } }] : []),
    ...misread.map((word) => ({ match: { 'text.exact': { query: word, fuzziness: 1, prefix_length: 0, max_expansions: FUZZY_MAX_EXPANSIONS } } })),
  ];
  return {
    text: { highlight_query: significant.length ? { match: { text: { query: significant.join(' ') } } } : { match_none: {} } },
    exact: { highlight_query: { bool: { should: exact } } },
  };
}

/**
 * The list: pages that match, collapsed on their document so each document appears once, ranked
 * by its best page, with its best PAGES_PER_DOCUMENT pages as inner hits. `total` (documents) is
 * a cardinality of documentId, `totalPages` the hit count. Without q, documents come in id order.
 */
export function documentSearchRequest(params: DocumentSearchParams): estypes.SearchRequest {
  const filter = documentFilters(params);
  const text = searchTextQuery(params);
  const snippet = snippetQueries(params);
  const aggregations: Record<string, estypes.AggregationsAggregationContainer> = {
    documents: { cardinality: { field: 'documentId', precision_threshold: EXACT_COUNT_THRESHOLD } },
  };
  if (params.facets) {
    for (const field of FACET_FIELDS) {
      aggregations[`facet_${field}`] = {
        terms: { field, size: 50, order: { _key: 'asc' } },
        aggs: { documents: { cardinality: { field: 'documentId', precision_threshold: EXACT_COUNT_THRESHOLD } } },
      };
    }
  }
  return {
    ...(params.searchAfter ? { search_after: params.searchAfter } : { from: params.offset }),
    size: params.limit,
    track_total_hits: true,
    query: { bool: { must: [text], filter } },
    _source: DOCUMENT_FIELDS,
    collapse: {
      field: 'documentId',
      ...(params.q
        ? {
            inner_hits: {
              name: 'pages',
              size: PAGES_PER_DOCUMENT,
              _source: ['page', 'startMs'],
              highlight: {
                ...HIGHLIGHT_TAGS,
                encoder: 'html',
                fields: {
                  text: { fragment_size: SNIPPET_CHARS, number_of_fragments: 1, no_match_size: SNIPPET_CHARS, ...snippet?.text },
                  'text.exact': { fragment_size: SNIPPET_CHARS, number_of_fragments: 1, ...snippet?.exact },
                },
              },
            },
          }
        : {}),
    },
    sort: params.q ? ['_score', { documentId: 'asc' }] : [{ documentId: 'asc' }],
    aggs: aggregations,
  };
}

/** Every page of one document, in order, as page number and length (no text). */
export function documentPagesRequest(documentId: string, pageCount: number): estypes.SearchRequest {
  return {
    // The result window bounds one search; no document of the corpus comes near it.
    size: Math.min(pageCount, RESULT_WINDOW),
    query: { term: { documentId } },
    _source: false,
    docvalue_fields: ['page', 'chars'],
    sort: [{ page: 'asc' }],
  };
}

/** One page with every match of q marked in its whole text. */
export function pageHighlightRequest(documentId: string, page: number, search: Pick<DocumentSearchParams, 'q' | 'concepts'>): estypes.SearchRequest {
  return {
    size: 1,
    query: { bool: { filter: [{ term: { documentId } }, { term: { page } }], should: [searchTextQuery(search)] } },
    _source: false,
    highlight: {
      ...HIGHLIGHT_TAGS,
      encoder: 'html',
      fields: { text: { number_of_fragments: 0 }, 'text.exact': { number_of_fragments: 0 } },
    },
  };
}

/** Most documents one case's sources cite (a case cites a few; this bounds a pathological one). */
export const MAX_CASE_DOCUMENTS = 100;
