import type { estypes } from '@elastic/elasticsearch';
import { CASE_SUMMARY_FIELDS, CaseSummary } from '@app/cases';
import { buildFacetAggs, type CaseFacet, type CaseFacetCounts, toFacetCounts } from './case-facets.query';
import { caseFilterClauses, type CaseFilterParams, GEO_POINT_FIELD } from './case-filter.query';
import { INCIDENT_DATE_FIELD } from './case-index.definition';
import { readRawHits, type SortValues } from './raw-hits';

/** How a list is ordered; see resolveSort for the default. */
export const CASE_SORTS = ['relevance', 'newest', 'oldest', 'distance'] as const;
export type CaseSort = (typeof CASE_SORTS)[number];

/** What a summary can be trimmed to with `fields=`; `id` is always kept. */
export type CaseSummaryField = (typeof CASE_SUMMARY_FIELDS)[number];

/** Validated, normalized list parameters (see the api's CaseListQueryDto). */
export interface CaseListParams extends CaseFilterParams {
  /** Return, for each case, the fragments of its searched fields that match `q`. */
  highlight?: boolean;
  /** Unset: relevance with `q`, newest without. `distance` needs `near`. */
  sort?: CaseSort;
  /** Only these summary fields (id included); unset: all of them. */
  fields?: CaseSummaryField[];
  /** Counts over every matching case, computed in the same search. */
  facets?: CaseFacet[];
  limit: number;
  /** Cases before this page; with `searchAfter` it is only reported back, never sent as `from`. */
  offset: number;
  /** Continue after these sort values (from a cursor) instead of skipping `offset` hits. */
  searchAfter?: SortValues;
}

/** Field path (e.g. `summary.en`) to the matching fragments, matches wrapped in <em>, text HTML-escaped. */
export type CaseHighlight = Record<string, string[]>;

export interface CaseListPage {
  total: number;
  /** Only when facets were asked for. */
  facets?: CaseFacetCounts;
  cases: (CaseSummary & { highlight?: CaseHighlight })[];
  /** The sort values of the last hit, for the next cursor; absent on an empty page. */
  lastSort?: SortValues;
}

/** A list page with each case as the JSON bytes it is sent as. */
export interface CaseListPageJson {
  total: number;
  facets?: CaseFacetCounts;
  casesJson: Buffer[];
  lastSort?: SortValues;
}

/** Title matches weigh more than location or summary matches. */
export const KEYWORD_FIELDS = ['title.en^3', 'title.zh^3', 'location.name.en^2', 'location.name.zh^2', 'summary.en', 'summary.zh'];

/**
 * Only what toCaseListPage reads. Elasticsearch then writes, and the client parses, just the
 * summaries, sort values, highlights and the total: no per-hit _index/_id/_score, no _shards.
 * With no hits the response has no `hits.hits` at all.
 */
export const CASE_LIST_FILTER_PATH = ['hits.total.value', 'hits.hits._source', 'hits.hits.sort', 'hits.hits.highlight'];

/**
 * By incident date, cases of unknown date (no incidentDate in the index) after every dated case
 * in either order. Their sort value is a number beyond every date that JSON carries exactly, so a
 * cursor that stops among them resumes there (Elasticsearch's own `_last` would hand out
 * Long.MIN_VALUE, which a JavaScript number cannot hold).
 */
export function byIncidentDate(order: 'asc' | 'desc'): estypes.SortCombinations {
  return { [INCIDENT_DATE_FIELD]: { order, missing: order === 'desc' ? Number.MIN_SAFE_INTEGER : Number.MAX_SAFE_INTEGER } };
}

/** Newest first; `id` breaks ties so that pages never overlap or skip. */
const CHRONOLOGICAL: estypes.SortCombinations[] = [byIncidentDate('desc'), { id: { order: 'asc' } }];
/** Oldest first; cases of unknown date still come last. */
const OLDEST_FIRST: estypes.SortCombinations[] = [byIncidentDate('asc'), { id: { order: 'asc' } }];

/** The order a list gets: the one asked for, else relevance with a keyword and newest without. */
export function resolveSort(params: Pick<CaseListParams, 'sort' | 'q'>): CaseSort {
  return params.sort ?? (params.q ? 'relevance' : 'newest');
}

/**
 * Every order ends in `id`, so sort values are unique and a cursor walk never repeats or skips.
 * Distance is the arc from `near` in kilometres; equally far cases (one place) go newest first.
 */
export function buildCaseSort(params: Pick<CaseListParams, 'sort' | 'q' | 'near'>): estypes.SortCombinations[] {
  switch (resolveSort(params)) {
    case 'relevance':
      return ['_score', ...CHRONOLOGICAL];
    case 'oldest':
      return OLDEST_FIRST;
    case 'distance': {
      const near = params.near ?? { lat: 0, lng: 0 };
      return [{ _geo_distance: { [GEO_POINT_FIELD]: { lat: near.lat, lon: near.lng }, order: 'asc', unit: 'km' } }, ...CHRONOLOGICAL];
    }
    default:
      return CHRONOLOGICAL;
  }
}

/** The whole query of a filtered (and possibly keyword) search, shared by the list, stats, export and feed. */
export function buildCaseQuery(params: CaseFilterParams): estypes.QueryDslQueryContainer {
  return { bool: { filter: caseFilterClauses(params), ...(params.q ? keywordClauses(params.q) : { must: [] }) } };
}

export function buildCaseListRequest(index: string, params: CaseListParams): estypes.SearchRequest {
  const facets = params.facets?.length ? params.facets : undefined;
  return {
    index,
    filter_path: facets ? [...CASE_LIST_FILTER_PATH, 'aggregations'] : CASE_LIST_FILTER_PATH,
    // search_after costs the same on page 1 and page 1,000, and is not bound by the 10,000 window.
    from: params.searchAfter ? 0 : params.offset,
    size: params.limit,
    track_total_hits: true,
    _source: params.fields ? ['id', ...params.fields.filter((field) => field !== 'id')] : [...CASE_SUMMARY_FIELDS],
    query: buildCaseQuery(params),
    sort: buildCaseSort(params),
    ...(params.searchAfter ? { search_after: params.searchAfter } : {}),
    ...(params.highlight && params.q ? { highlight: HIGHLIGHT } : {}),
    // Counted over every matching case, not just this page: aggregations ignore from and size.
    ...(facets ? { aggs: buildFacetAggs(facets) } : {}),
  };
}

/**
 * The all-words match decides the order, and words found in the query's order (within a few
 * positions) count extra; the any-word match only keeps a query from coming back empty because one
 * of its words appears nowhere ("sightings over Washington" when no case says "over"), or because a
 * Chinese query spans a word boundary and so forms a character pair no text has (哈拉雷机场 against
 * 哈拉雷国际机场). Measured with scripts/search-quality.mjs.
 */
const ALL_WORDS_BOOST = 10;
const PHRASE_SLOP = 3;
const PHRASE_BOOST = 2;

/**
 * multi_match takes the text as plain words: no operators or wildcards are ever parsed.
 * cross_fields lets the words of one language spread over that language's fields, so "Nimitz
 * video" matches a title naming Nimitz and a summary mentioning video. Synonyms and the
 * Traditional-to-Simplified mapping come from the fields' search analyzers (elastic/index).
 */
function keywordClauses(q: string): Pick<estypes.QueryDslBoolQuery, 'must' | 'should'> {
  const words = { query: q, fields: KEYWORD_FIELDS, type: 'cross_fields' as const };
  return {
    must: [{ multi_match: { ...words, operator: 'or', minimum_should_match: '1' } }],
    should: [
      { multi_match: { ...words, operator: 'and', boost: ALL_WORDS_BOOST } },
      { multi_match: { query: q, fields: KEYWORD_FIELDS, type: 'phrase', slop: PHRASE_SLOP, boost: PHRASE_BOOST } },
    ],
  };
}

/** Titles and place names whole, summaries as up to three fragments of about 150 characters. */
const HIGHLIGHT: estypes.SearchHighlight = {
  encoder: 'html',
  fields: {
    'title.en': { number_of_fragments: 0 },
    'title.zh': { number_of_fragments: 0 },
    'location.name.en': { number_of_fragments: 0 },
    'location.name.zh': { number_of_fragments: 0 },
    'summary.en': { number_of_fragments: 3, fragment_size: 150 },
    'summary.zh': { number_of_fragments: 3, fragment_size: 150 },
  },
};

/**
 * Reads a list response from its bytes. Without highlights each case's `_source` is taken as it
 * came (readRawHits), which spares the api a parse and a re-serialization of every summary;
 * with highlights, or any shape that reader does not vouch for, the response is parsed whole.
 */
export function readCaseListPage(body: Buffer, params: Pick<CaseListParams, 'highlight' | 'facets'> = {}): CaseListPageJson {
  const raw = params.highlight ? undefined : readRawHits(body);
  if (raw) {
    const facets = params.facets?.length ? { facets: toFacetCounts(raw.aggregations as never, params.facets) } : {};
    return { total: raw.total ?? 0, ...facets, casesJson: raw.sources, lastSort: raw.lastSort };
  }
  const page = toCaseListPage(JSON.parse(body.toString('utf8')) as estypes.SearchResponse<CaseSummary>, params);
  return {
    total: page.total,
    ...(page.facets ? { facets: page.facets } : {}),
    casesJson: page.cases.map((summary) => Buffer.from(JSON.stringify(summary))),
    lastSort: page.lastSort,
  };
}

/** With `highlight` set, every case carries a `highlight` object, empty when nothing matched in it. */
export function toCaseListPage(
  response: estypes.SearchResponse<CaseSummary, Record<string, estypes.AggregationsAggregate>>,
  params: Pick<CaseListParams, 'highlight' | 'facets'> = {},
): CaseListPage {
  const total = response.hits.total;
  // filter_path drops `hits.hits` when there are none.
  const hits = response.hits.hits ?? [];
  return {
    total: typeof total === 'number' ? total : (total?.value ?? 0),
    ...(params.facets?.length ? { facets: toFacetCounts(response.aggregations, params.facets) } : {}),
    cases: hits.map((hit) => (params.highlight ? { ...(hit._source as CaseSummary), highlight: hit.highlight ?? {} } : (hit._source as CaseSummary))),
    lastSort: hits.at(-1)?.sort as SortValues | undefined,
  };
}
