import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** Requests no route matched share one label, so stray paths cannot blow up the series count. */
export const UNMATCHED_ROUTE = '(unmatched)';
const CACHE_RESULTS: Record<string, string> = { HIT: 'hit', MISS: 'miss', STALE: 'stale' };

/** The upper bounds, in seconds, of every duration histogram the api exports (requests and Elasticsearch calls). */
export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * Every response counted and timed by method, route pattern and status, and cached endpoints'
 * answers counted by result: `uap_http_requests_total`, `uap_http_request_duration_seconds` and
 * `uap_cache_results_total`, as prom-client's own labelled metrics on the api's registry.
 */
export class RequestSeries {
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route' | 'status'>;
  private readonly cacheResults: Counter<'route' | 'result'>;

  constructor(registry: Registry) {
    const labelNames = ['method', 'route', 'status'] as const;
    this.requests = new Counter({
      name: 'uap_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames,
      registers: [registry],
    });
    this.durations = new Histogram({
      name: 'uap_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its response, by method, route pattern and status.',
      labelNames,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    this.cacheResults = new Counter({
      name: 'uap_cache_results_total',
      help: 'Answers of cached endpoints by the X-Cache header they carried: hit, miss or stale.',
      labelNames: ['route', 'result'] as const,
      registers: [registry],
    });
  }

  /**
   * Counts and times an answered request by its route pattern and status, and a cached
   * endpoint's answer by the X-Cache header the response wing set (HIT, MISS or STALE); the
   * samples are made only at scrape time.
   */
  recordReply(request: FastifyRequest, reply: FastifyReply, pattern: string | undefined = request.routeOptions.url): void {
    const route = pattern ?? UNMATCHED_ROUTE;
    this.record(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    const cache = reply.getHeader('x-cache');
    if (typeof cache === 'string') this.recordCache(route, CACHE_RESULTS[cache] ?? cache.toLowerCase());
  }

  /** Counts one response and its duration (seconds) under its route pattern, method and status. */
  record(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  /** Counts a cached endpoint's answer by its X-Cache result (lower case). */
  recordCache(route: string, result: string): void {
    this.cacheResults.inc({ route, result });
  }
}
