import type { estypes } from '@elastic/elasticsearch';
import { CASE_SUMMARY_FIELDS, CaseSummary } from '@app/cases';
import { buildFacetAggs, type CaseFacet, type CaseFacetCounts, toFacetCounts } from './case-facets.query';
import { caseFilterClauses, type CaseFilterParams, GEO_POINT_FIELD } from './case-filter.query';
import { allWordsMatcher, highlightQuery, keywordClauses } from './case-keyword.query';
import type { KeywordSpelling } from './keyword-query';
import { INCIDENT_DATE_FIELD, LISTING_FIELD } from './case-index.definition';
import type { JsonText } from './json-text';
import { readRawHits, type SortValues } from './raw-hits';

export { KEYWORD_FIELDS } from './case-keyword.query';

/** How a list is ordered; see listOrder for the default. */
export const CASE_SORTS = ['relevance', 'newest', 'oldest', 'distance'] as const;
export type CaseSort = (typeof CASE_SORTS)[number];

/**
 * What a list hit can be trimmed to with `fields=`: the summary's fields, and `match` (how the hit
 * matched `q`; only with `q`). `id` is always kept.
 */
export const CASE_LIST_FIELDS = [...CASE_SUMMARY_FIELDS, 'match'] as const;
export type CaseSummaryField = (typeof CASE_LIST_FIELDS)[number];

/** Validated, normalized list parameters (see the api's CaseListQueryDto). */
export interface CaseListParams extends CaseFilterParams {
  /** Return, for each case, the fragments of its searched fields that match `q`. */
  highlight?: boolean;
  /** Decided when the request is read (listOrder): `distance` needs `near`. */
  sort: CaseSort;
  /** Only these summary fields (id included); unset: all of them. */
  fields?: CaseSummaryField[];
  /** Counts over every matching case, computed in the same search. */
  facets?: CaseFacet[];
  limit: number;
  /** Cases before this page; with `searchAfter` it is only reported back, never sent as `from`. */
  offset: number;
  /** Continue after these sort values (from a cursor) instead of skipping `offset` hits. */
  searchAfter?: SortValues;
  /** With `q`: what the spelling lookup found (see spelling-lookup.query.ts); unset, every Latin word is forgiven misspellings. */
  spelling?: KeywordSpelling;
  /** Decided when the request is read (didYouMeanOf): whether the page carries `suggestion`, and whether it is looked up. */
  didYouMean?: DidYouMean;
}

/** Field path (e.g. `summary.en`) to the matching fragments, matches wrapped in <em>, text HTML-escaped. */
export type CaseHighlight = Record<string, string[]>;

/** With `q`: whether the case matched every word of the query (as typed, misspelt or as a prefix) or only some. */
export type KeywordMatch = 'all' | 'some';

/** A case as a list page shows it: its summary (only the fields asked for, and always the id), with `highlight` or `match` when asked. */
export type ListedCase = Pick<CaseSummary, 'id'> & Partial<CaseSummary> & { highlight?: CaseHighlight; match?: KeywordMatch };

export interface CaseListPage {
  total: number;
  /** Only when facets were asked for. */
  facets?: CaseFacetCounts;
  cases: ListedCase[];
  /** The sort values of the last hit, for the next cursor; absent on an empty page. */
  lastSort?: SortValues;
  /** With `q`: the query with its misspelt words corrected, when the archive suggests one. */
  suggestion?: string;
}

/** A list page with each case as the JSON bytes it is sent as: a ListedCase, or a whole summary where no fields can be left out. */
export interface CaseListPageJson<C extends ListedCase = ListedCase> {
  total: number;
  facets?: CaseFacetCounts;
  casesJson: JsonText<C>[];
  lastSort?: SortValues;
  suggestion?: string;
  /** With `q`: whether some case of the page matched every word (see allWordsMatcher), which a did-you-mean must improve on. */
  everyWordMatched?: boolean;
}

/** A `q` page's did-you-mean: looked up (the first page), or `null` (later pages, the same search, need not repeat it). */
export type DidYouMean = 'look-up' | 'null';

/** Whether a list page carries `suggestion`, and whether it is looked up: every page of a `q` search carries it, only the first looks it up. */
export function didYouMeanOf(params: Pick<CaseListParams, 'q' | 'offset' | 'searchAfter'>): DidYouMean | undefined {
  if (!params.q) return undefined;
  return params.offset === 0 && !params.searchAfter ? 'look-up' : 'null';
}

/**
 * Only what toCaseListPage reads. Elasticsearch then writes, and the client parses, just the
 * summaries (each case's listing, or its `_source` filtered, see summariesFrom), sort values,
 * highlights and the total: no per-hit _index/_id/_score, no _shards. With no hits the response
 * has no `hits.hits` at all.
 */
export const CASE_LIST_FILTER_PATH = ['hits.total.value', 'hits.hits.fields', 'hits.hits._source', 'hits.hits.sort', 'hits.hits.highlight'];

/**
 * Where a list's summaries come from. Whole summaries: each case's listing (doc values, see
 * LISTING_FIELD), which spares Elasticsearch loading and filtering every whole record. A few
 * fields of each (`fields=`), or whole summaries from an index built before listings existed
 * (readCaseListPage then answers null): `_source`, filtered.
 */
export function summariesFrom(
  from: 'listing' | 'source',
  fields?: readonly CaseSummaryField[],
): Pick<estypes.SearchRequest, '_source' | 'stored_fields' | 'docvalue_fields'> {
  if (from === 'listing' && !fields) return { _source: false, stored_fields: '_none_', docvalue_fields: [LISTING_FIELD] };
  return { _source: fields ? ['id', ...fields.filter((field) => field !== 'id' && field !== 'match')] : [...CASE_SUMMARY_FIELDS] };
}

/** The same search with its summaries read from `_source` (for an index built before listings existed). */
export function withSummariesFromSource(request: estypes.SearchRequest): estypes.SearchRequest {
  const { stored_fields: _stored, docvalue_fields: _docValues, ...rest } = request;
  return { ...rest, ...summariesFrom('source') };
}

/** Whether each hit of this list says how it matched `q` (`fields=` without `match` leaves it out). */
export function showsMatch(params: Pick<CaseListParams, 'q' | 'fields'>): boolean {
  return Boolean(params.q) && (!params.fields || params.fields.includes('match'));
}

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

/**
 * The order a list gets, decided once when its request is read: the one asked for, else relevance
 * with a keyword and newest without. Without a keyword every case is equally relevant, so
 * relevance is the newest-first order.
 */
export function listOrder(asked: CaseSort | undefined, q: string | undefined): CaseSort {
  return asked === undefined || (asked === 'relevance' && !q) ? (q ? 'relevance' : 'newest') : asked;
}

/**
 * Every order ends in `id`, so sort values are unique and a cursor walk never repeats or skips.
 * Distance is the arc from `near` in kilometres; equally far cases (one place) go newest first.
 */
export function buildCaseSort(params: Pick<CaseListParams, 'sort' | 'q' | 'near'>): estypes.SortCombinations[] {
  switch (params.sort) {
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
export function buildCaseQuery(params: CaseFilterParams & { spelling?: KeywordSpelling }): estypes.QueryDslQueryContainer {
  return { bool: { filter: caseFilterClauses(params), ...(params.q ? keywordClauses(params.q, params.spelling) : { must: [] }) } };
}

export function buildCaseListRequest(index: string, params: CaseListParams): estypes.SearchRequest {
  const facets = params.facets?.length ? params.facets : undefined;
  return {
    index,
    // With q, each hit's named queries: how it matched (see showsMatch).
    filter_path: [...CASE_LIST_FILTER_PATH, ...(params.q ? ['hits.hits.matched_queries'] : []), ...(facets ? ['aggregations'] : [])],
    // search_after costs the same on page 1 and page 1,000, and is not bound by the 10,000 window.
    from: params.searchAfter ? 0 : params.offset,
    size: params.limit,
    track_total_hits: true,
    ...summariesFrom('listing', params.fields),
    query: buildCaseQuery(params),
    sort: buildCaseSort(params),
    ...(params.searchAfter ? { search_after: params.searchAfter } : {}),
    ...(params.highlight && params.q ? { highlight: { ...HIGHLIGHT, highlight_query: highlightQuery(params.q) } } : {}),
    // Counted over every matching case, not just this page: aggregations ignore from and size.
    ...(facets ? { aggs: buildFacetAggs(facets) } : {}),
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
 * Reads a list response from its bytes. Without highlights each case's summary is taken as the
 * JSON it came as (readRawHits), which spares the api a parse and a re-serialization of every
 * summary; with a keyword, each case's `match` is spliced onto those bytes. With highlights, or
 * any shape that reader does not vouch for, the response is parsed whole. Null when the hits
 * carry no summary: the index was built before listings existed (see withSummariesFromSource).
 */
export function readCaseListPage(body: Buffer, params: Pick<CaseListParams, 'highlight' | 'facets' | 'q' | 'fields'> = {}): CaseListPageJson | null {
  const raw = params.highlight ? undefined : readRawHits(body);
  // readRawHits vouches for each source being one listing's JSON, which is a ListedCase.
  const casesJson = (raw && (showsMatch(params) ? withMatches(params.q ?? '', raw.sources, raw.matchedQueries) : raw.sources)) as
    JsonText<ListedCase>[] | undefined;
  if (raw && casesJson) {
    const facets = params.facets?.length ? { facets: toFacetCounts(raw.aggregations as never, params.facets) } : {};
    const matched = params.q ? { everyWordMatched: anyMatchedAll(params.q, raw.sources.length, (i) => raw.matchedQueries?.[i]) } : {};
    return { total: raw.total ?? 0, ...facets, casesJson, lastSort: raw.lastSort, ...matched };
  }
  const response = JSON.parse(body.toString('utf8')) as estypes.SearchResponse<CaseSummary>;
  const page = toCaseListPage(response, params);
  if (!page) return null;
  const hits = response.hits.hits ?? [];
  return {
    total: page.total,
    ...(page.facets ? { facets: page.facets } : {}),
    casesJson: page.cases.map((summary) => Buffer.from(JSON.stringify(summary)) as JsonText<ListedCase>),
    lastSort: page.lastSort,
    ...(params.q ? { everyWordMatched: anyMatchedAll(params.q, hits.length, (i) => hits[i].matched_queries) } : {}),
  };
}

/** Whether any of a page's `count` hits matched every word of `q`, from each hit's matched queries. */
function anyMatchedAll(q: string, count: number, matchedQueries: (i: number) => string[] | Record<string, number> | undefined): boolean {
  const matchedAll = allWordsMatcher(q);
  for (let i = 0; i < count; i++) if (matchedAll(matchedQueries(i))) return true;
  return false;
}

const MATCH_ALL = Buffer.from(',"match":"all"}');
const MATCH_SOME = Buffer.from(',"match":"some"}');

/**
 * Each summary's JSON with `match` as its last member (undefined if one is not a plain object's
 * bytes), all of them written into one buffer rather than a Buffer.concat each.
 */
function withMatches(q: string, sources: Buffer[], matchedQueries: (string[] | undefined)[] = []): Buffer[] | undefined {
  const matchedAll = allWordsMatcher(q);
  const suffixes: Buffer[] = [];
  let room = 0;
  for (const [i, source] of sources.entries()) {
    if (source.length <= 2 || source[source.length - 1] !== 0x7d) return undefined;
    const suffix = matchedAll(matchedQueries[i]) ? MATCH_ALL : MATCH_SOME;
    suffixes.push(suffix);
    room += source.length - 1 + suffix.length;
  }
  const written = Buffer.allocUnsafe(room);
  const out: Buffer[] = [];
  let at = 0;
  for (const [i, source] of sources.entries()) {
    const start = at;
    at += source.copy(written, at, 0, source.length - 1);
    at += suffixes[i].copy(written, at);
    out.push(written.subarray(start, at));
  }
  return out;
}

/**
 * With `highlight` set, every case carries a `highlight` object, empty when nothing matched in it;
 * with `q` (unless `fields=` leaves it out), a `match`: `all` when the request's all-words query
 * matched it, else `some`. Null when a hit has neither a listing nor a `_source` (see readCaseListPage).
 */
export function toCaseListPage(
  response: estypes.SearchResponse<CaseSummary, Record<string, estypes.AggregationsAggregate>>,
  params: Pick<CaseListParams, 'highlight' | 'facets' | 'q' | 'fields'> = {},
): CaseListPage | null {
  const total = response.hits.total;
  // filter_path drops `hits.hits` when there are none.
  const hits = response.hits.hits ?? [];
  const summaries = hits.map(summaryOf);
  if (summaries.some((summary) => summary === undefined)) return null;
  const match = showsMatch(params);
  const matchedAll = allWordsMatcher(params.q ?? '');
  return {
    total: typeof total === 'number' ? total : (total?.value ?? 0),
    ...(params.facets?.length ? { facets: toFacetCounts(response.aggregations, params.facets) } : {}),
    cases: hits.map((hit, i) => ({
      ...(summaries[i] as CaseSummary),
      ...(params.highlight ? { highlight: hit.highlight ?? {} } : {}),
      ...(match ? { match: matchedAll(hit.matched_queries) ? ('all' as const) : ('some' as const) } : {}),
    })),
    lastSort: hits.at(-1)?.sort as SortValues | undefined,
  };
}

/** A hit's summary: its `_source`, or its listing (base64 JSON) decoded. */
function summaryOf(hit: estypes.SearchHit<CaseSummary>): CaseSummary | undefined {
  const listing = (hit.fields?.[LISTING_FIELD] as string[] | undefined)?.[0];
  return listing === undefined ? hit._source : (JSON.parse(Buffer.from(listing, 'base64').toString('utf8')) as CaseSummary);
}
