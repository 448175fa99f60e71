import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CacheOutcome } from './query-cache';
import { CACHE_CONTROL, STALE_CACHE_CONTROL } from './cache-control';
import { CachedBody, pickEncoding } from './cached-body';
import { etagMatches } from './conditional-get';

const EMPTY = Buffer.alloc(0);

/**
 * What a cached endpoint's service returns: the body's bytes and how they were obtained.
 * `T` names the JSON shape those bytes hold (inside the envelope), for readers and API docs.
 */
export class CachedReply<T extends object = object> {
  /** Type only (never set): the shape of the JSON body. */
  declare readonly shape?: T;
  /** Whether this reply still holds the body's bytes in place (see CachedBody.pin). */
  private pinned = true;

  /**
   * Made only from a body a store keeps at that moment (or one just made), and always written:
   * the body's bytes stay in place from here until the reply is over.
   */
  constructor(
    readonly body: CachedBody,
    readonly outcome: CacheOutcome,
    /** The canonical query the body answers. */
    readonly query: string,
  ) {
    body.pin();
  }

  /**
   * Sets the caching headers and picks the stored variant the client accepts: the bytes
   * themselves when they are at hand (every hit after the first per encoding), else a promise of
   * them. A matching If-None-Match gets no body here at all; answerNotModified turns the reply into a 304.
   */
  writeNow(request: FastifyRequest, reply: FastifyReply): Buffer | Promise<Buffer> {
    const { body } = this;
    // A 304 carries no content headers: set them only for a body (removing one later is dearer).
    const notModified = etagMatches(request.headers['if-none-match'], body.etag);
    if (!notModified) reply.header('content-type', body.contentType);
    reply.header('etag', body.etag);
    reply.header('vary', 'Accept-Encoding');
    reply.header('x-cache', this.outcome);
    if (this.outcome === 'STALE') {
      reply.header('cache-control', STALE_CACHE_CONTROL);
      // Elasticsearch is down: these are the last good bytes, this many seconds old.
      reply.header('age', String(Math.floor((Date.now() - body.createdAt) / 1000)));
      reply.header('x-stale', 'elasticsearch-unreachable');
    } else {
      reply.header('cache-control', CACHE_CONTROL);
    }
    if (notModified) {
      this.unpin();
      return EMPTY;
    }

    const encoding = pickEncoding(request.headers['accept-encoding'], body.identity.length);
    // The bytes are a view of the slab: they must not be reused while the socket may still be
    // writing them (a slow client), so they stay pinned until the response is over, sent or
    // abandoned. A response already closed (the client left while the search ran) sends nothing
    // and will not close again.
    if (encoding === 'identity' && body.inSlab && !reply.raw.destroyed) {
      reply.raw.once('close', () => this.unpin());
      return body.identity;
    }
    // A set Content-Encoding also tells @fastify/compress these bytes are done. Identity needs no
    // mark: pickEncoding and the plugin share the encodings and threshold, so it will not compress.
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    // A compressed variant is a Buffer of its own (its compression pins the body while it reads);
    // a body outside the slab is the garbage collector's to keep.
    const bytes = body.encodedNow(encoding) ?? body.encoded(encoding);
    this.unpin();
    return bytes;
  }

  private unpin(): void {
    if (!this.pinned) return;
    this.pinned = false;
    this.body.unpin();
  }
}
