import type { Registry } from 'prom-client';

/** The request-duration histogram's upper bounds, in seconds. */
export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface Series {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** Observations per bucket, not cumulative (the +Inf bucket is `count`). */
  buckets: number[];
}

interface Sample {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

/** What prom-client's Registry asks of a metric to render it (the shape of its MetricObject). */
interface Collected {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  values: Sample[];
}

/**
 * Every response counted and timed by method, route pattern and status, and cached endpoints'
 * answers counted by result: `uap_http_requests_total`, `uap_http_request_duration_seconds` and
 * `uap_cache_results_total`. prom-client's labelled `inc` and `observe` hash and validate their
 * label object on every call, about 10 µs a request for the three together (its `labels()`
 * children hash them again too); here a request costs three Map lookups and a few additions into
 * the series of its route, and the series become Prometheus samples only when scraped. Registered
 * on the api's registry as three metrics of their own, rendered by prom-client like any other.
 */
export class RequestSeries {
  /** route -> method -> status -> series */
  private readonly series = new Map<string, Map<string, Map<number, Series>>>();
  /** route -> cache result (`hit`, `miss`, `stale`) -> count */
  private readonly cacheResults = new Map<string, Map<string, number>>();

  constructor(registry: Registry) {
    const metric = (name: string, help: string, type: Collected['type'], values: () => Sample[]) => ({
      name,
      help,
      type,
      aggregator: 'sum' as const,
      get: async (): Promise<Collected> => ({ name, help, type, aggregator: 'sum', values: values() }),
      reset: () => this.reset(),
    });
    for (const collected of [
      metric('uap_http_requests_total', 'HTTP requests answered, by method, route pattern and status.', 'counter', () => this.requestSamples()),
      metric(
        'uap_http_request_duration_seconds',
        'Time from receiving a request to sending its response, by method, route pattern and status.',
        'histogram',
        () => this.durationSamples(),
      ),
      metric('uap_cache_results_total', 'Answers of cached endpoints by the X-Cache header they carried: hit, miss or stale.', 'counter', () =>
        this.cacheSamples(),
      ),
    ])
      registry.registerMetric(collected as unknown as Parameters<Registry['registerMetric']>[0]);
  }

  /** Counts one response and its duration (seconds) under its route pattern, method and status. */
  record(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (byMethod === undefined) this.series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (series === undefined) {
      series = { labels: { method, route, status: String(status) }, count: 0, sum: 0, buckets: DURATION_BUCKETS.map(() => 0) };
      byStatus.set(status, series);
    }
    series.count += 1;
    series.sum += seconds;
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]) bucket += 1;
    if (bucket < DURATION_BUCKETS.length) series.buckets[bucket] += 1;
  }

  /** Counts a cached endpoint's answer by its X-Cache result (lower case). */
  recordCache(route: string, result: string): void {
    let byResult = this.cacheResults.get(route);
    if (byResult === undefined) this.cacheResults.set(route, (byResult = new Map()));
    byResult.set(result, (byResult.get(result) ?? 0) + 1);
  }

  reset(): void {
    this.series.clear();
    this.cacheResults.clear();
  }

  private *allSeries(): Generator<Series> {
    for (const byMethod of this.series.values()) for (const byStatus of byMethod.values()) yield* byStatus.values();
  }

  private requestSamples(): Sample[] {
    return [...this.allSeries()].map((series) => ({ labels: series.labels, value: series.count }));
  }

  /** As prom-client's Histogram renders: cumulative buckets, +Inf, then _sum and _count, per series. */
  private durationSamples(): Sample[] {
    const name = 'uap_http_request_duration_seconds';
    const samples: Sample[] = [];
    for (const series of this.allSeries()) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((bound, i) => {
        cumulative += series.buckets[i];
        samples.push({ labels: { le: bound, ...series.labels }, value: cumulative, metricName: `${name}_bucket` });
      });
      samples.push({ labels: { le: '+Inf', ...series.labels }, value: series.count, metricName: `${name}_bucket` });
      samples.push({ labels: series.labels, value: series.sum, metricName: `${name}_sum` });
      samples.push({ labels: series.labels, value: series.count, metricName: `${name}_count` });
    }
    return samples;
  }

  private cacheSamples(): Sample[] {
    const samples: Sample[] = [];
    for (const [route, byResult] of this.cacheResults)
      for (const [result, count] of byResult) samples.push({ labels: { route, result }, value: count });
    return samples;
  }
}
