import type { estypes } from '@elastic/elasticsearch';
import type { SortValues } from './raw-hits';
import { INDEX_ONLY_FIELDS } from './case-index.definition';
import { buildCaseListRequest, CaseListParams } from './case-list.query';

/** How long the point in time outlives each page request; a stalled client lets it lapse soon. */
export const EXPORT_KEEP_ALIVE = '1m';

/** Where an export page is read: a concrete index (the first page) or a point in time (the rest). */
export type ExportSource = { index: string } | { pitId: string };

/**
 * One page of a bulk export: the list's query and stable sort, full records (without the
 * internal geo point), continuing after the previous page's last hit. Pages after the first
 * are read over a point in time, which pins one view of the index, so a re-index mid-export
 * changes nothing.
 */
export function buildCaseExportRequest(
  source: ExportSource,
  params: CaseListParams,
  pageSize: number,
  searchAfter?: SortValues,
): estypes.SearchRequest {
  const { query, sort } = buildCaseListRequest('', { ...params, limit: pageSize, offset: 0 });
  return {
    ...('pitId' in source ? { pit: { id: source.pitId, keep_alive: EXPORT_KEEP_ALIVE } } : { index: source.index }),
    // Only what the export uses: less JSON for the api to parse on every page.
    filter_path: ['pit_id', 'hits.hits._source', 'hits.hits.sort'],
    size: pageSize,
    track_total_hits: false,
    _source: { excludes: INDEX_ONLY_FIELDS },
    query,
    sort,
    ...(searchAfter ? { search_after: searchAfter } : {}),
  };
}
