import type { estypes } from '@elastic/elasticsearch';
import { CASE_TYPES, CREDIBILITY_LEVELS, LOCATION_PRECISIONS } from '@app/cases';
import { INCIDENT_DATE_FIELD } from './case-index.definition';

/** What `facets=` can count, in the order a response lists them. */
export const CASE_FACETS = ['type', 'credibility', 'tranche', 'country', 'precision', 'hasVideo', 'year', 'decade'] as const;
export type CaseFacet = (typeof CASE_FACETS)[number];

/** Facet name -> value -> matching cases. Years and decades are keyed `1952`, `1950`. */
export type CaseFacetCounts = Partial<Record<CaseFacet, Record<string, number>>>;

/** Sizes well above the number of distinct values the archive can hold. */
export const TRANCHE_BUCKETS = 100;
export const COUNTRY_BUCKETS = 300;
const ENUM_SLACK = 10;

/** Incident years, oldest first, only those with a case; a case of unknown date counts in none. */
export const BY_YEAR_AGG: estypes.AggregationsAggregationContainer = {
  date_histogram: { field: INCIDENT_DATE_FIELD, calendar_interval: 'year', format: 'yyyy', min_doc_count: 1 },
};

const terms = (field: string, size: number): estypes.AggregationsAggregationContainer => ({ terms: { field, size } });

/** The aggregation each facet reads; `decade` folds the year histogram, so the two share one. */
const FACET_AGGS: Record<Exclude<CaseFacet, 'decade'>, estypes.AggregationsAggregationContainer> = {
  type: terms('type', CASE_TYPES.length + ENUM_SLACK),
  credibility: terms('credibility', CREDIBILITY_LEVELS.length + ENUM_SLACK),
  tranche: terms('tranche', TRANCHE_BUCKETS),
  country: terms('location.country', COUNTRY_BUCKETS),
  precision: terms('location.precision', LOCATION_PRECISIONS.length + ENUM_SLACK),
  hasVideo: terms('hasVideo', 2),
  year: BY_YEAR_AGG,
};

/** Closed value sets are listed whole, zeros included, so a filter menu can show every choice. */
const ALL_VALUES: Partial<Record<CaseFacet, readonly string[]>> = {
  type: CASE_TYPES,
  credibility: CREDIBILITY_LEVELS,
  precision: LOCATION_PRECISIONS,
  hasVideo: ['true', 'false'],
};

/** One aggregation per facet, named after it, for the list's own search. */
export function buildFacetAggs(facets: readonly CaseFacet[]): Record<string, estypes.AggregationsAggregationContainer> {
  const names = new Set(facets.map((facet) => (facet === 'decade' ? 'year' : facet)));
  return Object.fromEntries(
    CASE_FACETS.filter((name) => name !== 'decade' && names.has(name)).map((name) => [name, FACET_AGGS[name as Exclude<CaseFacet, 'decade'>]]),
  );
}

type Aggregations = Record<string, estypes.AggregationsAggregate>;

/** The facets asked for, in CASE_FACETS order, from the aggregations buildFacetAggs asked for. */
export function toFacetCounts(aggregations: Aggregations | undefined, facets: readonly CaseFacet[]): CaseFacetCounts {
  const aggs = aggregations ?? {};
  const wanted = new Set(facets);
  return Object.fromEntries(
    CASE_FACETS.filter((name) => wanted.has(name)).map((name) => {
      if (name === 'decade') return [name, decades(bucketCounts(aggs.year))];
      const all = ALL_VALUES[name];
      const counts = { ...(all ? Object.fromEntries(all.map((value) => [value, 0])) : {}), ...bucketCounts(aggs[name]) };
      return [name, name === 'tranche' ? sortTranches(counts) : counts];
    }),
  );
}

/** A terms or histogram aggregation as value -> count; dates and booleans by their text (`1952`, `true`). */
export function bucketCounts(aggregate: estypes.AggregationsAggregate | undefined): Record<string, number> {
  const buckets = (aggregate as { buckets?: unknown } | undefined)?.buckets;
  const list = Array.isArray(buckets) ? (buckets as { key: string | number; key_as_string?: string; doc_count: number }[]) : [];
  return Object.fromEntries(list.map((bucket) => [bucket.key_as_string ?? String(bucket.key), bucket.doc_count]));
}

/** `{1947: 2, 1952: 3, 1969: 1}` -> `{1940: 5, 1960: 1}`. */
export function decades(byYear: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [year, count] of Object.entries(byYear)) {
    const decade = String(Math.floor(Number(year) / 10) * 10);
    out[decade] = (out[decade] ?? 0) + count;
  }
  return out;
}

/** PURSUE-1, PURSUE-2, ... PURSUE-10 in release order, then pre-disclosure and anything else. */
export function sortTranches(byTranche: Record<string, number>): Record<string, number> {
  const release = (key: string) => {
    const match = /^PURSUE-(\d+)$/.exec(key);
    return match ? Number(match[1]) : Number.POSITIVE_INFINITY;
  };
  const keys = Object.keys(byTranche).sort((a, b) => release(a) - release(b) || a.localeCompare(b));
  return Object.fromEntries(keys.map((key) => [key, byTranche[key]]));
}
