import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CachedBody, COMPRESSION_THRESHOLD, pickEncoding } from './cached-body';

describe('pickEncoding', () => {
  const big = COMPRESSION_THRESHOLD;

  it('prefers br, honours q-values, and falls back to identity', () => {
    expect(pickEncoding('gzip, deflate, br', big)).toBe('br');
    expect(pickEncoding('gzip, deflate', big)).toBe('gzip');
    expect(pickEncoding('br;q=0.1, gzip;q=0.9', big)).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0', big)).toBe('identity');
    expect(pickEncoding('deflate', big)).toBe('identity');
    expect(pickEncoding(undefined, big)).toBe('identity');
  });

  it('sends small bodies as they are', () => {
    expect(pickEncoding('br, gzip', COMPRESSION_THRESHOLD - 1)).toBe('identity');
  });
});

describe('CachedBody', () => {
  const body = CachedBody.ofJson({ version: 1, text: 'x'.repeat(5_000) });

  it('tags the uncompressed bytes with a strong ETag that depends only on them', () => {
    expect(body.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(CachedBody.ofJson({ version: 1, text: 'x'.repeat(5_000) }).etag).toBe(body.etag);
    expect(CachedBody.ofJson({ version: 1, text: 'y' }).etag).not.toBe(body.etag);
  });

  it('compresses each variant once and keeps it', async () => {
    const gzip = await body.encoded('gzip');
    expect(gunzipSync(gzip).equals(body.identity)).toBe(true);
    expect(await body.encoded('gzip')).toBe(gzip);
    expect(brotliDecompressSync(await body.encoded('br')).equals(body.identity)).toBe(true);
    expect(await body.encoded('identity')).toBe(body.identity);
  });
});
