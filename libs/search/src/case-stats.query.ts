import type { estypes } from '@elastic/elasticsearch';
import { CASE_TYPES, releaseDates, SPEC_TRANCHES } from '@app/cases';
import { BY_YEAR_AGG, bucketCounts, COUNTRY_BUCKETS, sortTranches, TRANCHE_BUCKETS } from './case-facets.query';
import type { CaseFilterParams } from './case-filter.query';
import { INCIDENT_DATE_FIELD } from './case-index.definition';
import { buildCaseQuery } from './case-list.query';
import type { KeywordSpelling } from './keyword-query';

export interface CaseStats {
  total: number;
  withVideo: number;
  yearRange: { from: number | null; to: number | null };
  byType: Record<string, number>;
  byTranche: Record<string, number>;
  byCountry: Record<string, number>;
  /** Incident year -> cases, oldest first, only years with a case. */
  byYear: Record<string, number>;
  /** `YYYY-MM-DD`: the newest `updatedAt` among the counted cases; null when there are none. */
  lastUpdated: string | null;
  /** The day each PURSUE tranche was published (data/releases.json). */
  releases: Record<string, string>;
}

/** Every statistic in one request: counts only, no hits, over the cases the filters keep (all by default). */
export function buildStatsRequest(index: string, filters: CaseFilterParams & { spelling?: KeywordSpelling } = {}): estypes.SearchRequest {
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return {
    index,
    size: 0,
    track_total_hits: true,
    ...(filtered ? { query: buildCaseQuery(filters) } : {}),
    aggs: {
      withVideo: { filter: { term: { hasVideo: true } } },
      // Cases of unknown date have no incidentDate: a placeholder never widens the range.
      firstYear: { min: { field: INCIDENT_DATE_FIELD, format: 'yyyy' } },
      lastYear: { max: { field: INCIDENT_DATE_FIELD, format: 'yyyy' } },
      byType: { terms: { field: 'type', size: CASE_TYPES.length + 10 } },
      byTranche: { terms: { field: 'tranche', size: TRANCHE_BUCKETS } },
      byCountry: { terms: { field: 'location.country', size: COUNTRY_BUCKETS } },
      byYear: BY_YEAR_AGG,
      lastUpdated: { max: { field: 'updatedAt', format: 'strict_date' } },
    },
  };
}

type Aggregations = Record<string, estypes.AggregationsAggregate>;

export function toStats(response: estypes.SearchResponse<unknown, Aggregations>): CaseStats {
  const aggs = response.aggregations ?? {};
  const total = response.hits.total;
  const byTranche = bucketCounts(aggs.byTranche);
  return {
    total: typeof total === 'number' ? total : (total?.value ?? 0),
    withVideo: (aggs.withVideo as estypes.AggregationsFilterAggregate | undefined)?.doc_count ?? 0,
    yearRange: { from: year(aggs.firstYear), to: year(aggs.lastYear) },
    // Every type and the spec's four tranches are always listed, zeros included.
    byType: { ...zeros(CASE_TYPES), ...bucketCounts(aggs.byType) },
    byTranche: sortTranches({ ...zeros(SPEC_TRANCHES), ...byTranche }),
    byCountry: bucketCounts(aggs.byCountry),
    byYear: bucketCounts(aggs.byYear),
    lastUpdated: day(aggs.lastUpdated),
    releases: releaseDates(),
  };
}

function zeros(keys: readonly string[]): Record<string, number> {
  return Object.fromEntries(keys.map((key) => [key, 0]));
}

function year(aggregate: estypes.AggregationsAggregate | undefined): number | null {
  const metric = aggregate as estypes.AggregationsMinAggregate | undefined;
  return metric?.value == null ? null : Number(metric.value_as_string);
}

function day(aggregate: estypes.AggregationsAggregate | undefined): string | null {
  const metric = aggregate as estypes.AggregationsMaxAggregate | undefined;
  return metric?.value == null ? null : (metric.value_as_string ?? null);
}
