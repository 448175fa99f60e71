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
  offset: number;
  facets: boolean;
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

/**
 * What `q` asks of a page. Quoted phrases must match as phrases (on text.exact, unstemmed). The
 * other words rank three ways: on the English text (clean matches; most weight), on text.exact
 * with fuzziness (an OCR misread such as Lowa for Iowa: one letter off from 4 letters, two from 8;
 * the first letter may differ, as OCR misreads it as often as any; each word expands to at most 20
 * indexed spellings, which bounds the cost on a dictionary full of OCR noise), and on
 * text.joined (a word OCR broke in two); the title counts too, for record-card look-ups.
 */
export function pageTextQuery(q: string): estypes.QueryDslQueryContainer {
  const { phrases, words } = splitQuery(q);
  const must: estypes.QueryDslQueryContainer[] = phrases.map((phrase) => ({ match_phrase: { 'text.exact': { query: phrase } } }));
  if (words) {
    must.push({
      bool: {
        should: [
          { match: { text: { query: words, minimum_should_match: '2<75%', boost: 3 } } },
          { match: { title: { query: words, minimum_should_match: '2<75%', boost: 2 } } },
          { match: { 'text.exact': { query: words, fuzziness: 'AUTO:4,8', prefix_length: 0, max_expansions: 20, minimum_should_match: '2<75%' } } },
          { match: { 'text.joined': { query: words, boost: 0.5 } } },
        ],
        minimum_should_match: 1,
      },
    });
  }
  if (must.length === 0) return { match_all: {} };
  return must.length === 1 ? must[0] : { bool: { must } };
}

/**
 * A translated query: each concept (`blue book`, `lubbock`) must match as a whole in the page text
 * or the title (a Blue Book file's title says Project Blue Book, its pages rarely do); a title
 * holding a concept weighs most, since a translated word is often common in English pages. Up to three
 * concepts must all match; of more, all but one, so that one word the glossary translated loosely
 * does not rule a page out.
 */
export function conceptQuery(concepts: string[]): estypes.QueryDslQueryContainer {
  if (concepts.length === 0) return { match_none: {} };
  return {
    bool: {
      should: concepts.map((concept) => ({
        multi_match: { query: concept, fields: ['text^3', 'title^5', 'text.exact'], type: 'best_fields' as const, operator: 'and' as const },
      })),
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
 * The list: pages that match, collapsed on their document so each document appears once, ranked
 * by its best page, with its best PAGES_PER_DOCUMENT pages as inner hits. `total` (documents) is
 * a cardinality of documentId, `totalPages` the hit count. Without q, documents come in id order.
 */
export function documentSearchRequest(params: DocumentSearchParams): estypes.SearchRequest {
  const filter = documentFilters(params);
  const text = searchTextQuery(params);
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
    from: params.offset,
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
                  text: { fragment_size: SNIPPET_CHARS, number_of_fragments: 1, no_match_size: SNIPPET_CHARS },
                  'text.exact': { fragment_size: SNIPPET_CHARS, number_of_fragments: 1 },
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

/** The corpus documents a case's sources cite: one hit per document holding any of the keys (see citationOfSource). */
export function caseDocumentsRequest(keys: string[]): estypes.SearchRequest {
  return {
    size: MAX_CASE_DOCUMENTS,
    query: { bool: { filter: [{ terms: { citationKeys: keys } }] } },
    collapse: { field: 'documentId' },
    _source: ['documentId', 'title', 'citationKeys'],
    sort: [{ documentId: 'asc' }],
  };
}
