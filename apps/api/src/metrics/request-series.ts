import type { FastifyReply, FastifyRequest } from 'fastify';

/** Requests no route matched share one label, so stray paths cannot blow up the series count. */
export const UNMATCHED_ROUTE = '(unmatched)';
const CACHE_RESULTS: Record<string, string> = { HIT: 'hit', MISS: 'miss', STALE: 'stale' };

/** The upper bounds, in seconds, of every duration histogram the api exports (requests and Elasticsearch calls). */
export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const REQUESTS = { name: 'uap_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.' };
const DURATIONS = {
  name: 'uap_http_request_duration_seconds',
  help: 'Time from receiving a request to sending its response, by method, route pattern and status.',
};
const CACHE = { name: 'uap_cache_results_total', help: 'Answers of cached endpoints by the X-Cache header they carried: hit, miss or stale.' };

/** One method, route and status: its count, the sum of its durations, and its durations per bucket. */
interface Series {
  /** The labels as the exposition format writes them, without braces: method="GET",route="...",status="200". */
  labels: string;
  count: number;
  sum: number;
  /** Observations per bucket, not cumulative (the +Inf bucket is `count`). */
  buckets: number[];
}

/** A label value as the text exposition format quotes it. */
const labelValue = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')}"`;
const heading = (metric: { name: string; help: string }, type: string) => [`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} ${type}`];

/**
 * Every response counted and timed by method, route pattern and status, and cached endpoints'
 * answers counted by result: `uap_http_requests_total`, `uap_http_request_duration_seconds` and
 * `uap_cache_results_total`.
 *
 * Why not prom-client's labelled Counter and Histogram: their `inc` and `observe` hash and check
 * the label object on every call, one of the larger costs of a 304 (docs/benchmarks.md); here a
 * request is three Map lookups and a few additions into the series of its route, and the series
 * become text only when scraped, in the Prometheus text exposition format (version 0.0.4) that the
 * registry's own text is in: MetricsService appends it to the registry's. prom-client offers no
 * public way to hand it counts made elsewhere, so none of its classes is used or imitated;
 * request-series.spec.ts checks this text line for line against prom-client's own metrics fed the
 * same responses, so a prom-client upgrade that renders otherwise fails it.
 */
export class RequestSeries {
  /** route -> method -> status -> series */
  private readonly series = new Map<string, Map<string, Map<number, Series>>>();
  /** route -> cache result (`hit`, `miss`, `stale`) -> count */
  private readonly cacheResults = new Map<string, Map<string, number>>();

  /**
   * Counts and times an answered request by its route pattern and status, and a cached
   * endpoint's answer by the X-Cache header the response wing set (HIT, MISS or STALE).
   */
  recordReply(request: FastifyRequest, reply: FastifyReply, pattern: string | undefined = request.routeOptions.url): void {
    const route = pattern ?? UNMATCHED_ROUTE;
    this.record(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    const cache = reply.getHeader('x-cache');
    if (typeof cache === 'string') this.recordCache(route, CACHE_RESULTS[cache] ?? cache.toLowerCase());
  }

  /** Counts one response and its duration (seconds) under its route pattern, method and status. */
  record(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (byMethod === undefined) this.series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (series === undefined) {
      const labels = `method=${labelValue(method)},route=${labelValue(route)},status="${status}"`;
      byStatus.set(status, (series = { labels, count: 0, sum: 0, buckets: DURATION_BUCKETS.map(() => 0) }));
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

  /** Forgets every count (as a registry's resetMetrics does for its own metrics). */
  reset(): void {
    this.series.clear();
    this.cacheResults.clear();
  }

  /** The three metrics in the text exposition format, as prom-client renders a Counter and a Histogram: each line ends with a newline. */
  render(): string {
    const all = [...this.series.values()].flatMap((byMethod) => [...byMethod.values()].flatMap((byStatus) => [...byStatus.values()]));
    const lines = [...heading(REQUESTS, 'counter'), ...all.map((series) => `${REQUESTS.name}{${series.labels}} ${series.count}`)];
    lines.push(...heading(DURATIONS, 'histogram'));
    for (const series of all) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((bound, i) => {
        cumulative += series.buckets[i];
        lines.push(`${DURATIONS.name}_bucket{le="${bound}",${series.labels}} ${cumulative}`);
      });
      lines.push(`${DURATIONS.name}_bucket{le="+Inf",${series.labels}} ${series.count}`);
      lines.push(`${DURATIONS.name}_sum{${series.labels}} ${series.sum}`, `${DURATIONS.name}_count{${series.labels}} ${series.count}`);
    }
    lines.push(...heading(CACHE, 'counter'));
    for (const [route, byResult] of this.cacheResults)
      for (const [result, count] of byResult) lines.push(`${CACHE.name}{route=${labelValue(route)},result=${labelValue(result)}} ${count}`);
    return `${lines.join('\n')}\n`;
  }
}
