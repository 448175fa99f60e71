import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { xxh64 } from '@node-rs/xxhash';
import { Negotiator } from '@fastify/accept-negotiator';
import type { JsonText } from '@app/search';
import { joinJson } from './join-json';
import type { BodySlab, SlabRegion, SlabTenant } from './body-slab';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

import { JSON_CONTENT_TYPE } from './content-types';

/** The encodings we offer, most preferred first; @fastify/compress is registered with the same list. */
export const CONTENT_ENCODINGS: ContentEncoding[] = ['br', 'gzip', 'identity'];
/** Bodies smaller than this are sent as they are, here and by @fastify/compress alike. */
export const COMPRESSION_THRESHOLD = 1024;
/** Brotli's default quality (11) costs many times the CPU of 4 for a few percent of size (see @fastify/compress). */
export const BROTLI_QUALITY = 4;
/**
 * zlib's default gzip level (6) made gzip the bottleneck of a large export; level 4 runs several
 * times faster for a little more bytes. Elasticsearch's own HTTP compression uses level 3.
 */
export const GZIP_LEVEL = 4;

const compressors: Record<'br' | 'gzip', (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
  gzip: (body) => promisify(gzip)(body, { level: GZIP_LEVEL }),
};

// Clients send a handful of distinct Accept-Encoding headers; remember each one's answer.
const negotiator = new Negotiator<ContentEncoding>({ supportedValues: CONTENT_ENCODINGS, cache: new LRUCache<string, string>({ max: 1_000 }) });

/** The encoding to send for this Accept-Encoding header (RFC 9110 q-values, `*`, `identity;q=0`). */
export function pickEncoding(acceptEncoding: string | undefined, size: number): ContentEncoding {
  if (!acceptEncoding || size < COMPRESSION_THRESHOLD) return 'identity';
  return negotiator.negotiate(acceptEncoding) ?? 'identity';
}

/**
 * The strong ETag of these bytes (uncompressed): equal bodies get equal tags on every replica. A
 * tag only has to tell apart the versions of one URL's body, which the archive makes, not resist
 * someone forging bodies, so it is a 64-bit xxHash, a small fraction of what SHA-256 cost every
 * cache miss.
 */
export function etagOf(bytes: Buffer): string {
  return `"${xxh64(bytes).toString(16).padStart(16, '0')}"`;
}

/** What an array type holds. */
export type ItemOf<A> = A extends readonly (infer I)[] ? I : never;

/**
 * One serialized response body, as the cache keeps it: the exact bytes, their strong ETag, and
 * each compressed variant made once, the first time a client asks for it. Later hits send stored
 * bytes and do no serialization or compression work at all.
 *
 * Bodies the response cache makes live in its BodySlab when there is room. Their bytes are then
 * a view of memory a later body will reuse, so the body counts who may still read them: the
 * cache's stores (stored/dropped) and every reply or compression reading them (pin/unpin). The
 * space goes back to the slab when both counts are zero, and not before.
 */
export class CachedBody<T = unknown> implements SlabTenant {
  /** Type only (never set): what the bytes hold, so the compiler checks it against the response's DTO. */
  declare readonly shape?: T;
  readonly etag: string;
  readonly createdAt = Date.now();
  private bytes: Buffer;
  private region: SlabRegion | undefined;
  /** True once the slab space is given back: the bytes must not be read any more. */
  private released = false;
  /** The cache's stores keeping this body (fresh, last good). */
  private stores = 0;
  /** Replies sending the bytes, and compressions reading them, under way. */
  private readers = 0;
  private readonly variants = new Map<'br' | 'gzip', Promise<Buffer>>();
  /** The variants already compressed, for hits that can then be answered without waiting on a promise. */
  private readonly ready = new Map<'br' | 'gzip', Buffer>();

  constructor(
    identity: Buffer,
    /** What the bytes are: the api's JSON unless said otherwise (the Atom feed). */
    readonly contentType = JSON_CONTENT_TYPE,
    /** The slab space `identity` is a view of, if it is one. */
    region?: SlabRegion,
  ) {
    this.bytes = identity;
    this.region = region;
    if (region) region.tenant = this;
    this.etag = etagOf(identity);
  }

  /** `body` as JSON, in room from `slab` when it has some. */
  static ofJson<T>(body: T, slab?: BodySlab): CachedBody<T> {
    const text = JSON.stringify(body);
    if (!slab) return new CachedBody(Buffer.from(text));
    const length = Buffer.byteLength(text);
    const region = slab.allocate(length);
    const bytes = region?.bytes ?? Buffer.allocUnsafe(length);
    bytes.write(text);
    return new CachedBody(bytes, JSON_CONTENT_TYPE, region);
  }

  /**
   * `body` with one more member, `key`: an array whose items are JSON texts put in as they are,
   * so documents that arrive as JSON (see readRawHits) are never parsed only to be re-serialized.
   * Written straight into room from `slab` when it has some.
   */
  static ofJsonWithArray<T extends object, K extends keyof T & string>(
    body: Omit<T, K>,
    key: K,
    itemsJson: JsonText<ItemOf<T[K]>>[],
    slab?: BodySlab,
  ): CachedBody<T> {
    const head = JSON.stringify(body);
    const separator = head === '{}' ? '' : ',';
    const room: { region?: SlabRegion } = {};
    const allocate = (length: number) => (room.region = slab?.allocate(length))?.bytes ?? Buffer.allocUnsafe(length);
    const bytes = joinJson(itemsJson, ',', `${head.slice(0, -1)}${separator}${JSON.stringify(key)}:[`, ']}', allocate);
    return new CachedBody(bytes, JSON_CONTENT_TYPE, room.region);
  }

  /** The uncompressed bytes. Read them only while a store keeps the body or a pin() holds it. */
  get identity(): Buffer {
    if (this.released) throw new Error(`cached body ${this.etag} read after its slab space was given back`);
    return this.bytes;
  }

  /** Whether the bytes are a view of the slab (and so must be pinned for as long as they are being sent). */
  get inSlab(): boolean {
    return this.region !== undefined;
  }

  /** Bytes held, counting room for both compressed variants (which are smaller than the body). */
  get size(): number {
    return this.identity.length * 2;
  }

  /** One of the cache's stores keeps this body from now on. */
  stored(): void {
    this.stores += 1;
  }

  /** A store let the body go (evicted, replaced, expired). */
  dropped(): void {
    this.stores -= 1;
    this.releaseIfUnread();
  }

  /** Someone is about to read the bytes (a reply, a compression): they stay put until unpin(). */
  pin(): void {
    // Never seen: a reply or a compression is only made from a body a store keeps at that moment.
    if (this.released) throw new Error(`cached body ${this.etag} pinned after its slab space was given back`);
    this.readers += 1;
  }

  unpin(): void {
    this.readers -= 1;
    this.releaseIfUnread();
  }

  /** SlabTenant: when its space is in the slab's way, a body nobody is reading moves to a Buffer of its own. */
  moveOut(): boolean {
    if (!this.region || this.readers > 0) return false;
    this.bytes = Buffer.from(this.bytes);
    this.region.free();
    this.region = undefined;
    return true;
  }

  encoded(encoding: ContentEncoding): Promise<Buffer> {
    const now = this.encodedNow(encoding);
    return now ? Promise.resolve(now) : this.variants.get(encoding as 'br' | 'gzip')!;
  }

  /** The bytes in this encoding if they are already made; otherwise starts making them and answers undefined. */
  encodedNow(encoding: ContentEncoding): Buffer | undefined {
    if (encoding === 'identity') return this.identity;
    const done = this.ready.get(encoding);
    if (done) return done;
    if (!this.variants.has(encoding)) {
      // zlib reads the bytes on its own thread, after this returns.
      this.pin();
      const variant = compressors[encoding](this.identity);
      this.variants.set(encoding, variant);
      variant.then(
        (bytes) => {
          this.ready.set(encoding, bytes);
          this.unpin();
        },
        () => this.unpin(),
      );
    }
    return undefined;
  }

  private releaseIfUnread(): void {
    if (!this.region || this.stores > 0 || this.readers > 0) return;
    this.region.free();
    this.region = undefined;
    this.released = true;
  }
}
