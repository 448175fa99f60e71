import type { estypes } from '@elastic/elasticsearch';
import { CASE_SUMMARY_FIELDS, CaseSummary, CaseType, Credibility, LocationPrecision } from '@app/cases';
import type { SortValues } from './case-cursor';

/** Validated, normalized list parameters (see the api's CaseListQueryDto). */
export interface CaseListParams {
  type?: CaseType;
  credibility?: Credibility;
  tranche?: string;
  country?: string;
  /** Any of these location precisions (e.g. everything placed on a map: site, locality, region). */
  precision?: LocationPrecision[];
  hasVideo?: boolean;
  year?: number;
  q?: string;
  /** `YYYY-MM-DD`: only cases whose updatedAt is on or after this day. */
  updatedSince?: string;
  limit: number;
  /** Cases before this page; with `searchAfter` it is only reported back, never sent as `from`. */
  offset: number;
  /** Continue after these sort values (from a cursor) instead of skipping `offset` hits. */
  searchAfter?: SortValues;
}

export interface CaseListPage {
  total: number;
  cases: CaseSummary[];
  /** The sort values of the last hit, for the next cursor; absent on an empty page. */
  lastSort?: SortValues;
}

/** Title matches weigh more than location or summary matches. */
export const KEYWORD_FIELDS = [
  'title.en^3',
  'title.zh^3',
  'location.name.en^2',
  'location.name.zh^2',
  'summary.en',
  'summary.zh',
];

/** Newest first; `id` breaks ties so that pages never overlap or skip. */
const CHRONOLOGICAL: estypes.SortCombinations[] = [{ date: { order: 'desc' } }, { id: { order: 'asc' } }];

export function buildCaseListRequest(index: string, params: CaseListParams): estypes.SearchRequest {
  const filter: estypes.QueryDslQueryContainer[] = [];
  if (params.type) filter.push({ term: { type: params.type } });
  if (params.credibility) filter.push({ term: { credibility: params.credibility } });
  if (params.tranche) filter.push({ term: { tranche: params.tranche } });
  if (params.country) filter.push({ term: { 'location.country': params.country } });
  if (params.precision?.length) filter.push({ terms: { 'location.precision': params.precision } });
  if (params.hasVideo !== undefined) filter.push({ term: { hasVideo: params.hasVideo } });
  if (params.year !== undefined) {
    filter.push({ range: { date: { gte: `${params.year}-01-01`, lte: `${params.year}-12-31` } } });
  }

  if (params.updatedSince) filter.push({ range: { updatedAt: { gte: params.updatedSince } } });

  // multi_match takes the text as plain words: no operators or wildcards are ever parsed.
  // cross_fields with `and` asks that every word appear somewhere in the case's fields of one
  // language, so "Nimitz video" matches a title naming Nimitz and a summary mentioning video.
  const must: estypes.QueryDslQueryContainer[] = params.q
    ? [{ multi_match: { query: params.q, fields: KEYWORD_FIELDS, type: 'cross_fields', operator: 'and' } }]
    : [];

  return {
    index,
    // search_after costs the same on page 1 and page 1,000, and is not bound by the 10,000 window.
    from: params.searchAfter ? 0 : params.offset,
    size: params.limit,
    track_total_hits: true,
    _source: [...CASE_SUMMARY_FIELDS],
    query: { bool: { filter, must } },
    sort: params.q ? ['_score', ...CHRONOLOGICAL] : CHRONOLOGICAL,
    ...(params.searchAfter ? { search_after: params.searchAfter } : {}),
  };
}

export function toCaseListPage(response: estypes.SearchResponse<CaseSummary>): CaseListPage {
  const total = response.hits.total;
  const hits = response.hits.hits;
  return {
    total: typeof total === 'number' ? total : (total?.value ?? 0),
    cases: hits.map((hit) => hit._source as CaseSummary),
    lastSort: hits.at(-1)?.sort as SortValues | undefined,
  };
}
