import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ArchiveIndexService } from '@app/search';
import { ResponseCache } from '../response/response-cache';
import { timeElasticsearchRequests } from './elasticsearch-timing';
import { DURATION_BUCKETS, RequestSeries } from './request-series';

/**
 * Every Prometheus series the api exports, on a registry of its own (not prom-client's global
 * one), so several api instances in one process (the e2e tests) never collide.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  /** Requests by method, route and status, their durations, and cached answers by X-Cache (see RequestSeries): rendered after the registry's. */
  readonly requests = new RequestSeries();

  readonly elasticsearchDuration = new Histogram({
    name: 'uap_elasticsearch_request_duration_seconds',
    help: 'Elasticsearch requests made by the api, by outcome (ok or error).',
    labelNames: ['outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly elasticsearchErrors = new Counter({
    name: 'uap_elasticsearch_errors_total',
    help: 'Elasticsearch requests that failed, by error name (ConnectionError, TimeoutError, ResponseError...).',
    labelNames: ['error'] as const,
    registers: [this.registry],
  });

  readonly rateLimited = new Counter({
    name: 'uap_rate_limited_requests_total',
    help: 'Requests refused with 429 because the client was over its quota, by quota policy.',
    labelNames: ['policy'] as const,
    registers: [this.registry],
  });

  readonly invalidKeys = new Counter({
    name: 'uap_invalid_api_key_requests_total',
    help: 'Requests refused with 401 because the API key was unknown or malformed.',
    registers: [this.registry],
  });

  readonly quotaFallback = new Gauge({
    name: 'uap_quota_redis_fallback',
    help: '1 while Redis is configured but unreachable and quotas are counted per replica in memory; 0 otherwise.',
    registers: [this.registry],
  });

  /** Filled at scrape time by whoever can resolve the alias (see onScrape). */
  private readonly scrapeHooks: (() => Promise<void>)[] = [];

  readonly indexGeneration = new Gauge({
    name: 'uap_index_generation',
    help: 'The index the alias points at, resolved at scrape time (value 1, labelled by index name); absent while the alias is missing.',
    labelNames: ['alias', 'index'] as const,
    registers: [this.registry],
  });

  /** Read from the response cache at scrape time (see watchSlab). */
  private readonly slabBytes = new Gauge({
    name: 'uap_response_cache_slab_bytes',
    help: 'The slab cached bodies are written into: bytes held by bodies not yet given back (state="held"), of its size (state="capacity").',
    labelNames: ['state'] as const,
    registers: [this.registry],
  });

  private readonly slabRefusals = new Counter({
    name: 'uap_response_cache_slab_refused_total',
    help: 'Cached bodies the slab had no room for, made as buffers of their own (slower). A steady climb means a body held and never given back.',
    registers: [this.registry],
  });

  constructor(index: ArchiveIndexService, responses: ResponseCache) {
    collectDefaultMetrics({ register: this.registry, prefix: 'uap_' });
    timeElasticsearchRequests(index, this);
    this.watchSlab(responses);
  }

  /** The slab's figures, copied into its two series before each scrape. */
  private watchSlab(responses: ResponseCache): void {
    let counted = 0;
    this.onScrape(async () => {
      const { heldBytes, capacity, refusedBodies } = responses.slabUsage;
      this.slabBytes.set({ state: 'held' }, heldBytes);
      this.slabBytes.set({ state: 'capacity' }, capacity);
      this.slabRefusals.inc(refusedBodies - counted);
      counted = refusedBodies;
    });
  }

  /** Registers work to do before each scrape (e.g. resolving the alias), without a dependency cycle. */
  onScrape(hook: () => Promise<void>): void {
    this.scrapeHooks.push(hook);
  }

  async render(): Promise<string> {
    await Promise.all(this.scrapeHooks.map((hook) => hook().catch(() => undefined)));
    return (await this.registry.metrics()) + this.requests.render();
  }
}
