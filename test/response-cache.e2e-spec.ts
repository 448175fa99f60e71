import { get as httpGet, IncomingHttpHeaders } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { CaseRecord } from '@app/cases';
import { FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';

const ALIAS = 'e2e-response-cache';
const fixture: CaseRecord[] = JSON.parse(readFileSync(FIXTURE, 'utf8'));
const ENDPOINTS = ['/api/cases?type=military', '/api/cases/1947-roswell-debris-recovery', '/api/stats', '/api/suggest?q=Tremon'];

let api: RunningApi;

/** The raw bytes on the wire (fetch would decode them for us and hide the encoding). */
function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(`${api.baseUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

beforeAll(async () => {
  expect((await ingest(ALIAS, FIXTURE)).status).toBe('indexed');
  // A TTL far longer than the test: whatever changes must come from the index generation.
  api = await startApi({ CASES_ALIAS: ALIAS, CACHE_TTL_SECONDS: '3600', ALIAS_REFRESH_MS: '200' });
});

afterAll(async () => {
  await api?.close();
});

describe('the byte cache', () => {
  it.each(ENDPOINTS)('%s is a MISS first, then a HIT with the same bytes and ETag', async (path) => {
    const first = await raw(path);
    const second = await raw(path);
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(JSON.parse(second.bytes.toString()).version).toBe(1);
  });

  it('answers a repeated URL from the cache with the same headers as the full path, CORS included', async () => {
    const path = '/api/cases?country=US&limit=4';
    const first = await raw(path, { origin: 'https://someone.example' });
    const repeated = await raw(path, { origin: 'https://someone.example' });
    expect(repeated.headers['x-cache']).toBe('HIT');
    expect(repeated.headers['access-control-allow-origin']).toBe('*');
    for (const header of ['content-type', 'etag', 'cache-control', 'vary', 'access-control-allow-origin']) {
      expect(repeated.headers[header]).toBe(first.headers[header]);
    }
    expect(repeated.bytes.equals(first.bytes)).toBe(true);
  });

  it('reports a MISS for a query never asked before', async () => {
    const { headers } = await raw('/api/cases?type=radar&limit=3');
    expect(headers['x-cache']).toBe('MISS');
  });

  it('treats the same parameters in another order as the same query', async () => {
    await raw('/api/cases?hasVideo=false&limit=7');
    const { headers } = await raw('/api/cases?limit=7&hasVideo=false');
    expect(headers['x-cache']).toBe('HIT');
  });

  it('caches no errors: a 404 carries neither ETag nor X-Cache', async () => {
    const { status, headers } = await raw('/api/cases/no-such-case');
    expect(status).toBe(404);
    expect(headers.etag).toBeUndefined();
    expect(headers['x-cache']).toBeUndefined();
    expect(headers['cache-control']).toBe('no-store');
  });
});

describe('conditional requests', () => {
  it.each(ENDPOINTS)('%s has a strong ETag, caching directives and Vary', async (path) => {
    const { headers } = await raw(path);
    expect(headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(headers['cache-control']).toMatch(/stale-while-revalidate=\d+/);
    expect(headers['cache-control']).toMatch(/stale-if-error=\d+/);
    expect(headers.vary).toMatch(/Accept-Encoding/i);
  });

  it.each(ENDPOINTS)('%s answers If-None-Match with 304 and no body', async (path) => {
    const { headers } = await raw(path);
    for (const ifNoneMatch of [headers.etag!, `"other", ${headers.etag}`, `W/${headers.etag}`, '*']) {
      const revalidated = await raw(path, { 'if-none-match': ifNoneMatch, 'accept-encoding': 'br, gzip' });
      expect(revalidated.status).toBe(304);
      expect(revalidated.bytes.length).toBe(0);
      expect(revalidated.headers.etag).toBe(headers.etag);
      expect(revalidated.headers['content-encoding']).toBeUndefined();
    }
  });

  it('answers a stale ETag in full', async () => {
    const { status, bytes } = await raw('/api/stats', { 'if-none-match': '"not-the-current-tag"' });
    expect(status).toBe(200);
    expect(JSON.parse(bytes.toString()).total).toBe(fixture.length);
  });
});

describe('compression', () => {
  const path = '/api/cases?limit=500';

  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['gzip;q=1, br;q=0.5', 'gzip', gunzipSync],
    ['br;q=1, gzip;q=0.8, *;q=0.1', 'br', brotliDecompressSync],
  ])('Accept-Encoding: %s gets %s bytes that decode to the plain body', async (accept, encoding, decode) => {
    const plain = await raw(path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (let i = 0; i < 2; i += 1) {
      const compressed = await raw(path, { 'accept-encoding': accept });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers['x-cache']).toBe('HIT');
      expect(compressed.headers.etag).toBe(plain.headers.etag);
      expect(compressed.bytes.length).toBeLessThan(plain.bytes.length / 2);
      expect(decode(compressed.bytes).equals(plain.bytes)).toBe(true);
    }
  });

  it('sends small bodies and unknown encodings as they are', async () => {
    const small = await raw('/api/cases?limit=0', { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    const unknown = await raw(path, { 'accept-encoding': 'compress' });
    expect(unknown.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(unknown.bytes.toString()).count).toBe(fixture.length);
  });
});

describe('a re-index', () => {
  it('shows on the next generation probe, without waiting for the TTL', async () => {
    const before = await request(api.baseUrl, '/api/stats');
    expect(before.body.total).toBe(fixture.length);
    expect((await raw('/api/stats')).headers['x-cache']).toBe('HIT');
    const entries = async () => ((await raw('/api/feed.atom?limit=500')).bytes.toString('utf8').match(/<entry>/g) ?? []).length;
    expect(await entries()).toBe(fixture.length);
    const gzipped = await raw('/api/feed.atom?limit=500', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(
      (
        gunzipSync(gzipped.bytes)
          .toString('utf8')
          .match(/<entry>/g) ?? []
      ).length,
    ).toBe(fixture.length);

    const smaller = join(mkdtempSync(join(tmpdir(), 'uap-cache-')), 'smaller.json');
    writeFileSync(smaller, JSON.stringify(fixture.slice(0, 5)));
    expect((await ingest(ALIAS, smaller)).status).toBe('indexed');

    // Polls until the replica's alias probe (every 200 ms here) sees the swap; the TTL is an hour.
    let after = before;
    for (let attempt = 0; attempt < 100 && after.body.total !== 5; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await request(api.baseUrl, '/api/stats');
    }
    expect(after.body.total).toBe(5);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));

    const list = await request(api.baseUrl, '/api/cases?type=military');
    expect(list.body.total).toBe(fixture.slice(0, 5).filter((c) => c.type === 'military').length);
    // The feed's own cache is keyed by the same generation, so feed readers see the re-index too.
    expect(await entries()).toBe(5);
  });
});
