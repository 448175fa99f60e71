import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { AppConfigService } from '@app/config';
import { ArchiveUnavailableError, CasesRepository, ElasticsearchUnreachableError } from '@app/search';
import { QueryCache } from './query-cache';
import { BodySlab } from './body-slab';
import { CachedBody } from './cached-body';
import { CachedReply } from './cached-reply';
import { ResponseEnvelope } from './response-envelope';

/** Each of the two stores (fresh, last good) holds at most this many bytes. */
const CACHE_MAX_BYTES = 64 * 1024 * 1024;
/**
 * The slab the bodies are written into (see BodySlab). A body counts twice its length against a
 * store (room for its compressed variants), so each store keeps at most CACHE_MAX_BYTES / 2 of
 * bodies; both usually keep the same ones, and the other quarter is room for the ring to move on
 * while the oldest are still held. A body that finds no room gets a Buffer of its own.
 */
const SLAB_BYTES = (CACHE_MAX_BYTES / 4) * 3;
/** Distinct request URLs remembered for the fast path. */
const MAX_URLS = 10_000;

/**
 * A stable text for a query: parameters sorted by name, unset ones dropped, so that equal
 * queries share one cache entry however their URL was written.
 */
export function canonicalQuery(route: string, params: object): string {
  const entries = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${route} ${JSON.stringify(entries)}`;
}

/**
 * The byte cache in front of /api/cases, /api/cases/{id} and /api/stats: it stores the final
 * response bytes (envelope included) keyed by index generation plus canonical query, and
 * answers from the last good bytes while Elasticsearch is unreachable (stale-if-error).
 */
@Injectable()
export class ResponseCache {
  private readonly cache: QueryCache<CachedBody>;
  private readonly slab = new BodySlab(SLAB_BYTES);
  /** Raw request URL -> the canonical query it was validated into, for URLs answered from the cache. */
  private readonly urls = new LRUCache<string, string>({ max: MAX_URLS });

  constructor(
    private readonly repository: CasesRepository,
    private readonly envelope: ResponseEnvelope,
    config: AppConfigService,
  ) {
    this.cache = new QueryCache<CachedBody>({
      ttlSeconds: config.get('CACHE_TTL_SECONDS', { infer: true }),
      maxBytes: CACHE_MAX_BYTES,
      sizeOf: (body) => body.size,
      stored: (body) => body.stored(),
      dropped: (body) => body.dropped(),
    });
  }

  respond<T extends object>(query: string, load: () => Promise<T>): Promise<CachedReply<T>> {
    return this.respondWith<T>(query, async () => CachedBody.ofJson(this.envelope.wrap(await load()), this.slab));
  }

  /** respond(), for a loader that makes the enveloped body itself (see bodyWithJsonArray). */
  async respondWith<T extends object>(query: string, load: () => Promise<CachedBody>): Promise<CachedReply<T>> {
    const generation = await this.repository.generation();
    // The circuit is open: answer from memory or fail now, without waiting on a dead engine.
    if (!generation.reachable) return this.stale<T>(query, new ElasticsearchUnreachableError());
    try {
      const { value, outcome } = await this.cache.fetch(generation.index ?? '', query, load);
      return new CachedReply<T>(value, outcome, query);
    } catch (error) {
      if (error instanceof ArchiveUnavailableError) return this.stale<T>(query, error);
      throw error;
    }
  }

  /** The enveloped `head`, plus a member `key` holding an array whose items are already JSON text. */
  bodyWithJsonArray(head: object, key: string, itemsJson: Buffer[]): CachedBody {
    return CachedBody.ofJsonWithArray(this.envelope.wrap(head), key, itemsJson, this.slab);
  }

  /** How full the slab is, for the metrics: bytes held of its capacity, and the bodies it had no room for. */
  get slabUsage(): { heldBytes: number; capacity: number; refusedBodies: number } {
    return { heldBytes: this.slab.heldBytes, capacity: this.slab.capacity, refusedBodies: this.slab.refusedBodies };
  }

  private stale<T extends object>(query: string, error: ArchiveUnavailableError): CachedReply<T> {
    const last = this.cache.lastGoodFor(query);
    if (!last) throw error;
    return new CachedReply<T>(last, 'STALE', query);
  }

  /**
   * Writes a reply the full path produced (routing, validation, the service), and records that
   * this exact URL, once validated, asks the reply's query: the fast path's memo (see hitFor).
   */
  send(request: FastifyRequest, reply: FastifyReply, cached: CachedReply): Buffer | Promise<Buffer> {
    if (cached.outcome !== 'STALE') this.urls.set(request.url, cached.query);
    return cached.writeNow(request, reply);
  }

  /**
   * The fast path: a fresh cached reply for a URL seen before, found without routing,
   * validation or Elasticsearch. The same URL always validates to the same query, so this
   * answers exactly what the full path would; anything else (unknown URL, new generation,
   * open circuit) returns undefined and takes the full path.
   */
  hitFor(url: string): CachedReply | undefined {
    const query = this.urls.get(url);
    if (query === undefined) return undefined;
    const generation = this.repository.generationNow;
    if (!generation.reachable) return undefined;
    const body = this.cache.peek(generation.index ?? '', query);
    return body && new CachedReply(body, 'HIT', query);
  }
}
