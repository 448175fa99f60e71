import type { estypes } from '@elastic/elasticsearch';
import { CASE_TYPES, releaseDates, SPEC_TRANCHES } from '@app/cases';

export interface CaseStats {
  total: number;
  withVideo: number;
  yearRange: { from: number | null; to: number | null };
  byType: Record<string, number>;
  byTranche: Record<string, number>;
  byCountry: Record<string, number>;
  /** `YYYY-MM-DD`: the newest `updatedAt` in the archive; null when it is empty. */
  lastUpdated: string | null;
  /** The day each PURSUE tranche was published (data/releases.json). */
  releases: Record<string, string>;
}

/** Sizes well above the number of distinct values the archive can hold. */
const TRANCHE_BUCKETS = 100;
const COUNTRY_BUCKETS = 300;

/** Every statistic in one request: counts only, no hits. */
export function buildStatsRequest(index: string): estypes.SearchRequest {
  return {
    index,
    size: 0,
    track_total_hits: true,
    aggs: {
      withVideo: { filter: { term: { hasVideo: true } } },
      firstYear: { min: { field: 'date', format: 'yyyy' } },
      lastYear: { max: { field: 'date', format: 'yyyy' } },
      byType: { terms: { field: 'type', size: CASE_TYPES.length + 10 } },
      byTranche: { terms: { field: 'tranche', size: TRANCHE_BUCKETS } },
      byCountry: { terms: { field: 'location.country', size: COUNTRY_BUCKETS } },
      lastUpdated: { max: { field: 'updatedAt', format: 'strict_date' } },
    },
  };
}

type Aggregations = Record<string, estypes.AggregationsAggregate>;

export function toStats(response: estypes.SearchResponse<unknown, Aggregations>): CaseStats {
  const aggs = response.aggregations ?? {};
  const total = response.hits.total;
  const byTranche = counts(aggs.byTranche);
  return {
    total: typeof total === 'number' ? total : (total?.value ?? 0),
    withVideo: (aggs.withVideo as estypes.AggregationsFilterAggregate | undefined)?.doc_count ?? 0,
    yearRange: { from: year(aggs.firstYear), to: year(aggs.lastYear) },
    // Every type and the spec's four tranches are always listed, zeros included.
    byType: { ...zeros(CASE_TYPES), ...counts(aggs.byType) },
    byTranche: sortTranches({ ...zeros(SPEC_TRANCHES), ...byTranche }),
    byCountry: counts(aggs.byCountry),
    lastUpdated: day(aggs.lastUpdated),
    releases: releaseDates(),
  };
}

function counts(aggregate: estypes.AggregationsAggregate | undefined): Record<string, number> {
  const buckets = (aggregate as estypes.AggregationsStringTermsAggregate | undefined)?.buckets;
  const list = Array.isArray(buckets) ? buckets : [];
  return Object.fromEntries(list.map((bucket) => [String(bucket.key), bucket.doc_count]));
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

/** PURSUE-1, PURSUE-2, ... PURSUE-10 in release order, then pre-disclosure and anything else. */
function sortTranches(byTranche: Record<string, number>): Record<string, number> {
  const release = (key: string) => {
    const match = /^PURSUE-(\d+)$/.exec(key);
    return match ? Number(match[1]) : Number.POSITIVE_INFINITY;
  };
  const keys = Object.keys(byTranche).sort((a, b) => release(a) - release(b) || a.localeCompare(b));
  return Object.fromEntries(keys.map((key) => [key, byTranche[key]]));
}
