import { hash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { Negotiator } from '@fastify/accept-negotiator';
import { joinJson } from '@app/search';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The encodings we offer, most preferred first; @fastify/compress is registered with the same list. */
export const CONTENT_ENCODINGS: ContentEncoding[] = ['br', 'gzip', 'identity'];
/** Bodies smaller than this are sent as they are, here and by @fastify/compress alike. */
export const COMPRESSION_THRESHOLD = 1024;
/** Brotli's default quality (11) costs ~50x more CPU than 4 for a few percent of size (see @fastify/compress). */
export const BROTLI_QUALITY = 4;
/**
 * zlib's default gzip level (6) compresses archive JSON at ~33 MB/s on one core, which made gzip
 * the bottleneck of a large export; level 4 runs ~3.5x faster for ~15% more bytes (measured on the
 * export's NDJSON). Elasticsearch's own HTTP compression uses level 3.
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
 * One serialized response body, as the cache keeps it: the exact bytes, their strong ETag, and
 * each compressed variant made once, the first time a client asks for it. Later hits send stored
 * bytes and do no serialization or compression work at all.
 */
export class CachedBody {
  readonly etag: string;
  readonly createdAt = Date.now();
  private readonly variants = new Map<'br' | 'gzip', Promise<Buffer>>();
  /** The variants already compressed, for hits that can then be answered without waiting on a promise. */
  private readonly ready = new Map<'br' | 'gzip', Buffer>();

  constructor(
    readonly identity: Buffer,
    /** What the bytes are: the api's JSON unless said otherwise (the Atom feed). */
    readonly contentType = JSON_CONTENT_TYPE,
  ) {
    // The hash of the uncompressed bytes: equal bodies get equal tags on every replica. (The
    // one-shot hash(): no Hash object per body.)
    this.etag = `"${hash('sha256', identity, 'base64url').slice(0, 27)}"`;
  }

  static ofJson(body: unknown): CachedBody {
    return new CachedBody(Buffer.from(JSON.stringify(body)));
  }

  /**
   * `body` with one more member, `key`: an array whose items are JSON texts put in as they are,
   * so documents that arrive as JSON (see readRawHits) are never parsed only to be re-serialized.
   */
  static ofJsonWithArray(body: object, key: string, itemsJson: Buffer[]): CachedBody {
    const head = JSON.stringify(body);
    const separator = head === '{}' ? '' : ',';
    return new CachedBody(joinJson(itemsJson, ',', `${head.slice(0, -1)}${separator}${JSON.stringify(key)}:[`, ']}'));
  }

  /** Bytes held, counting room for both compressed variants (which are smaller than the body). */
  get size(): number {
    return this.identity.length * 2;
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
      const variant = compressors[encoding](this.identity);
      this.variants.set(encoding, variant);
      variant.then(
        (bytes) => this.ready.set(encoding, bytes),
        () => undefined,
      );
    }
    return undefined;
  }
}
