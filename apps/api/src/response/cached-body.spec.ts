import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { JsonText } from '@app/search';
import { BodySlab } from './body-slab';
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
    expect(body.etag).toMatch(/^"[0-9a-f]{16}"$/);
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

describe('CachedBody in a slab', () => {
  type Listed = { id: string; title?: string };
  type Page = { count: number; cases: Listed[] };
  const items = [Buffer.from('{"id":"a"}'), Buffer.from('{"id":"b","title":"雷达"}')] as JsonText<Listed>[];

  it('has the same bytes and ETag as a body of its own', () => {
    const slab = new BodySlab(1_000);
    const own = CachedBody.ofJsonWithArray<Page, 'cases'>({ count: 2 }, 'cases', items);
    const inSlab = CachedBody.ofJsonWithArray<Page, 'cases'>({ count: 2 }, 'cases', items, slab);
    expect(inSlab.inSlab).toBe(true);
    expect(own.inSlab).toBe(false);
    expect(inSlab.identity.equals(own.identity)).toBe(true);
    expect(inSlab.etag).toBe(own.etag);
    expect(CachedBody.ofJson({ stats: [1, 'é'] }, slab).identity.toString()).toBe(JSON.stringify({ stats: [1, 'é'] }));
    expect(slab.heldBytes).toBe(own.identity.length + Buffer.byteLength(JSON.stringify({ stats: [1, 'é'] })));
  });

  it('falls back to a Buffer of its own when the slab has no room', () => {
    const slab = new BodySlab(10);
    const body = CachedBody.ofJsonWithArray<Page, 'cases'>({ count: 2 }, 'cases', items, slab);
    expect(body.inSlab).toBe(false);
    expect(JSON.parse(body.identity.toString())).toEqual({ count: 2, cases: [{ id: 'a' }, { id: 'b', title: '雷达' }] });
  });

  it('keeps its space while a store keeps it or someone reads it, and gives it back after', () => {
    const slab = new BodySlab(1_000);
    const body = CachedBody.ofJson({ n: 1 }, slab);
    body.stored();
    body.stored();
    body.dropped();
    body.pin();
    body.dropped();
    // No store keeps it, but a reply is still sending it.
    expect(slab.heldBytes).toBe(7);
    expect(body.identity.toString()).toBe('{"n":1}');
    body.unpin();
    expect(slab.heldBytes).toBe(0);
    expect(() => body.identity).toThrow(/given back/);
    expect(() => body.pin()).toThrow(/given back/);
  });

  it('moves out to a Buffer of its own when nobody is reading it', () => {
    const slab = new BodySlab(1_000);
    const body = CachedBody.ofJson({ n: 1 }, slab);
    body.stored();
    body.pin();
    expect(body.moveOut()).toBe(false);
    body.unpin();
    expect(body.moveOut()).toBe(true);
    expect(body.inSlab).toBe(false);
    expect(slab.heldBytes).toBe(0);
    slab.allocate(1_000)!.bytes.fill('x');
    expect(body.identity.toString()).toBe('{"n":1}');
    body.dropped();
    expect(body.identity.toString()).toBe('{"n":1}');
  });

  it('keeps its space while a compression reads it', async () => {
    const slab = new BodySlab(10_000);
    const body = CachedBody.ofJson({ text: 'x'.repeat(2_000) }, slab);
    body.stored();
    const gzip = body.encoded('gzip');
    body.dropped();
    expect(slab.heldBytes).toBe(body.identity.length);
    expect(gunzipSync(await gzip).toString()).toBe(JSON.stringify({ text: 'x'.repeat(2_000) }));
    expect(slab.heldBytes).toBe(0);
  });
});

describe('CachedBody types', () => {
  it('takes only a head and items of the payload it is typed as', () => {
    type Page = { count: number; cases: { id: string }[] };
    const items = [Buffer.from('{"id":"a"}')] as JsonText<{ id: string }>[];
    expect(CachedBody.ofJsonWithArray<Page, 'cases'>({ count: 1 }, 'cases', items).identity.toString()).toBe('{"count":1,"cases":[{"id":"a"}]}');
    // @ts-expect-error: items holding another shape than the payload's are refused by the compiler.
    CachedBody.ofJsonWithArray<Page, 'cases'>({ count: 1 }, 'cases', [Buffer.from('{"id":1}')] as JsonText<{ id: number }>[]);
    // @ts-expect-error: so is a head missing one of the payload's members.
    CachedBody.ofJsonWithArray<Page, 'cases'>({}, 'cases', items);
  });
});
