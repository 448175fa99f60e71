import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { Negotiator } from '@fastify/accept-negotiator';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** The encodings we offer, most preferred first; @fastify/compress is registered with the same list. */
export const CONTENT_ENCODINGS: ContentEncoding[] = ['br', 'gzip', 'identity'];
/** Bodies smaller than this are sent as they are, here and by @fastify/compress alike. */
export const COMPRESSION_THRESHOLD = 1024;
/** Brotli's default quality (11) costs ~50x more CPU than 4 for a few percent of size (see @fastify/compress). */
export const BROTLI_QUALITY = 4;

const compressors: Record<'br' | 'gzip', (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
  gzip: (body) => promisify(gzip)(body),
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

  constructor(readonly identity: Buffer) {
    // The hash of the uncompressed bytes: equal bodies get equal tags on every replica.
    this.etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  }

  static ofJson(body: unknown): CachedBody {
    return new CachedBody(Buffer.from(JSON.stringify(body)));
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
