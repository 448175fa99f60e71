import { Injectable } from '@nestjs/common';
import type { preHandlerHookHandler, preSerializationHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import { AppConfigService } from '@app/config';
import { ArchiveUnavailableError, CasesRepository, ElasticsearchUnreachableError, type JsonText } from '@app/search';
import { QueryCache } from './query-cache';
import { BodySlab } from './body-slab';
import { CachedBody, type ItemOf } from './cached-body';
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

/** Bytes made by the cache go out as they are (Fastify's types ask a serializer for text; onSend takes bytes as well). */
const asTheyAre = ((payload: Buffer) => payload) as unknown as (payload: unknown) => string;

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

  /**
   * The cached reply to `query`, loading its payload on a miss. `T` is the payload (the response
   * DTO without the envelope, see Payload): what the loader returns is checked against it.
   */
  respond<T extends object>(query: string, load: () => Promise<T>): Promise<CachedReply<T>> {
    return this.respondWith<T>(query, async () => CachedBody.ofJson(this.envelope.wrap(await load()), this.slab));
  }

  /** respond(), for a loader that makes the enveloped body itself (see bodyWithJsonArray), or bytes of another type (the feed). */
  async respondWith<T extends object>(query: string, load: () => Promise<CachedBody<T>>): Promise<CachedReply<T>> {
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

  /**
   * The payload `T` in the envelope: `head`, plus the member `key` holding an array whose items
   * are already JSON text. The compiler checks `head` and the items' type against `T`, so the
   * bytes' shape is the DTO's without a parse.
   */
  bodyWithJsonArray<T extends object, K extends keyof T & string>(head: Omit<T, K>, key: K, itemsJson: JsonText<ItemOf<T[K]>>[]): CachedBody<T> {
    return CachedBody.ofJsonWithArray<T, K>(this.envelope.wrap(head), key, itemsJson, this.slab);
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
   * The preSerialization hook: where a handler's result becomes the reply. Fastify runs it only
   * for an object payload (bytes, text and streams pass by it). A cached endpoint's CachedReply
   * is sent as its stored bytes, and this exact URL, once validated, is remembered to ask the
   * reply's query: the fast path's memo (see hitFor). Any other object is already a whole body
   * (the services and the exception filter put theirs in the envelope) and is serialized as it
   * is. A failed compression reaches the exception filter like any error.
   */
  readonly writeReply: preSerializationHookHandler<unknown> = (request, reply, payload, done) => {
    if (!(payload instanceof CachedReply)) return done(null, payload);
    if (payload.outcome !== 'STALE') this.urls.set(request.url, payload.query);
    const bytes = payload.writeNow(request, reply);
    reply.serializer(asTheyAre);
    if (Buffer.isBuffer(bytes)) return done(null, bytes);
    bytes.then(
      (ready) => done(null, ready),
      (error: Error) => done(error),
    );
  };

  /**
   * The preHandler hook that answers a repeated request straight from the byte cache, before
   * Nest's routing, validation pipe and handler run: a hit then costs about what Fastify costs to
   * send stored bytes. Every onRequest duty (CORS, quota, the request id) has run by then, and
   * the onSend hooks (compression skip, 304) still run after it. Nest guards do not run for
   * these hits: anything that must see every request belongs in HTTP_PIPELINE. Synchronous when
   * the bytes are at hand: no promise on the path every hit takes.
   */
  readonly serveHit: preHandlerHookHandler = (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const hit = this.hitFor(request.url);
    if (!hit) return done();
    const bytes = hit.writeNow(request, reply);
    // Sending from a callback hook without calling done() ends the request here (Fastify's early response).
    if (Buffer.isBuffer(bytes)) reply.send(bytes);
    else bytes.then((ready) => reply.send(ready), done);
  };

  /**
   * The fast path: a fresh cached reply for a URL seen before, found without routing,
   * validation or Elasticsearch. The same URL always validates to the same query, so this
   * answers exactly what the full path would; anything else (unknown URL, new generation,
   * open circuit) returns undefined and takes the full path.
   */
  private hitFor(url: string): CachedReply | undefined {
    const query = this.urls.get(url);
    if (query === undefined) return undefined;
    const generation = this.repository.generationNow;
    if (!generation.reachable) return undefined;
    const body = this.cache.peek(generation.index ?? '', query);
    return body && new CachedReply(body, 'HIT', query);
  }
}
