import type { estypes } from '@elastic/elasticsearch';
import type { CaseSummary } from '@app/cases';
import { buildCaseListRequest, type CaseListParams, withSummariesFromSource } from './case-list.query';

export interface CaseFeedPage {
  /** Newest change first. */
  cases: CaseSummary[];
  /** The newest updatedAt in the whole archive (not just the filtered cases); null when empty. */
  archiveUpdated: string | null;
}

/** Newest change first; `id` breaks ties so the feed's order is stable. */
export const BY_LATEST_CHANGE: estypes.SortCombinations[] = [{ updatedAt: { order: 'desc' } }, { id: { order: 'asc' } }];

/**
 * The list's request with every one of its filters, ordered by the last change instead of the
 * incident date (even with `q`: a feed is read in time order). The global aggregation gives an
 * empty filtered feed a meaningful `updated`. Its summaries come from `_source`, parsed: the
 * feed is read rarely and cached, and it builds XML from them.
 */
export function buildCaseFeedRequest(index: string, params: CaseListParams): estypes.SearchRequest {
  // The list's filter_path would drop the aggregation this request adds.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { filter_path, ...list } = withSummariesFromSource(buildCaseListRequest(index, params));
  return {
    ...list,
    sort: BY_LATEST_CHANGE,
    aggs: { archive: { global: {}, aggs: { lastUpdated: { max: { field: 'updatedAt', format: 'strict_date' } } } } },
  };
}

export function toCaseFeedPage(response: estypes.SearchResponse<CaseSummary, Record<string, estypes.AggregationsAggregate>>): CaseFeedPage {
  const archive = response.aggregations?.archive as
    (estypes.AggregationsGlobalAggregate & { lastUpdated?: estypes.AggregationsMaxAggregate }) | undefined;
  const last = archive?.lastUpdated;
  return {
    cases: response.hits.hits.map((hit) => hit._source as CaseSummary),
    archiveUpdated: last?.value == null ? null : (last.value_as_string ?? null),
  };
}
