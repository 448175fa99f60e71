import { EventEmitter } from 'node:events';
import fc from 'fast-check';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QueryCache } from './query-cache';
import { BodySlab } from './body-slab';
import { CachedBody, etagOf } from './cached-body';
import { CachedReply } from './cached-reply';

/** Just what writeNow touches: the request's headers, and a reply whose raw response can close. */
function exchange(headers: Record<string, string> = {}, destroyed = false) {
  const raw = Object.assign(new EventEmitter(), { destroyed });
  const sent: Record<string, string> = {};
  const reply = {
    raw,
    header(name: string, value: string) {
      sent[name] = value;
      return reply;
    },
  };
  return { request: { headers } as unknown as FastifyRequest, reply: reply as unknown as FastifyReply, raw, sent };
}

describe('CachedReply', () => {
  it('keeps a body in the slab in place until its response is over', () => {
    const slab = new BodySlab(1_000);
    const body = CachedBody.ofJson({ n: 1 }, slab);
    body.stored();
    const { request, reply, raw } = exchange();
    const bytes = new CachedReply(body, 'HIT', 'q').writeNow(request, reply) as Buffer;
    body.dropped();
    expect(slab.heldBytes).toBe(7);
    expect(bytes.toString()).toBe('{"n":1}');
    raw.emit('close');
    expect(slab.heldBytes).toBe(0);
  });

  it('does not wait for a response that closed before it was written (the client left while the search ran)', () => {
    const slab = new BodySlab(1_000);
    const body = CachedBody.ofJson({ n: 1 }, slab);
    body.stored();
    const { request, reply } = exchange({}, true);
    new CachedReply(body, 'MISS', 'q').writeNow(request, reply);
    body.dropped();
    expect(slab.heldBytes).toBe(0);
  });

  it('does not hold the body for a 304 or a compressed variant', async () => {
    const slab = new BodySlab(10_000);
    const body = CachedBody.ofJson({ text: 'x'.repeat(2_000) }, slab);
    body.stored();
    new CachedReply(body, 'HIT', 'q').writeNow(exchange({ 'if-none-match': body.etag }).request, exchange().reply);
    const gzip = new CachedReply(body, 'HIT', 'q').writeNow(exchange({ 'accept-encoding': 'gzip' }).request, exchange().reply);
    body.dropped();
    // Only the compression still reads the bytes.
    expect(slab.heldBytes).toBe(body.identity.length);
    await gzip;
    expect(slab.heldBytes).toBe(0);
  });

  /**
   * The one thing the slab must never do: serve a region that a later body has reused under an
   * old key. Random runs of misses (new bodies of random sizes), hits, stale reads and slow
   * sends against a small cache and slab, checking after every step that each body either store
   * answers, and each one a reply is still sending, holds exactly the bytes it was made with.
   */
  it('never serves a body whose space was reused, from either store or while sending', async () => {
    const step = fc.oneof(
      {
        arbitrary: fc.record({ kind: fc.constant('miss' as const), query: fc.nat(15), length: fc.integer({ min: 1, max: 300 }), slow: fc.boolean() }),
        weight: 3,
      },
      fc.record({ kind: fc.constant('hit' as const), query: fc.nat(15), slow: fc.boolean() }),
      fc.record({ kind: fc.constant('stale' as const), query: fc.nat(15), slow: fc.boolean() }),
      fc.record({ kind: fc.constant('sent' as const), which: fc.nat() }),
    );
    // The most bytes one run wrote into its slab: proof that the runs do wrap around and reuse space.
    let mostWritten = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 50, maxLength: 300 }), fc.constantFrom(0, 60), async (steps, ttlSeconds) => {
        const slab = new BodySlab(1_500);
        const cache = new QueryCache<CachedBody>({
          ttlSeconds,
          maxBytes: 2_000,
          sizeOf: (body) => body.size,
          stored: (body) => body.stored(),
          dropped: (body) => body.dropped(),
        });
        const made = new Map<CachedBody, string>();
        const sending: { raw: EventEmitter; body: CachedBody; bytes: Buffer }[] = [];
        let serial = 0;
        let written = 0;
        const send = (body: CachedBody, slow: boolean) => {
          const { request, reply, raw } = exchange();
          const bytes = new CachedReply(body, 'HIT', 'q').writeNow(request, reply) as Buffer;
          if (slow) sending.push({ raw, body, bytes });
          else raw.emit('close');
        };
        const intact = (body: CachedBody | undefined, bytes = body?.identity) => {
          if (!body) return;
          const text = made.get(body)!;
          if (bytes!.toString('latin1') !== text) throw new Error(`served ${bytes!.toString('latin1')} for ${text}`);
          if (body.etag !== etagOf(bytes!)) throw new Error(`ETag ${body.etag} does not match ${text}`);
        };
        for (const s of steps) {
          if (s.kind === 'miss') {
            serial += 1;
            const text = `{"q":${s.query},"serial":${serial},"pad":"${'x'.repeat(s.length)}"}`;
            const { value } = await cache.fetch('g', `q${s.query}`, async () => {
              const body = CachedBody.ofJson(JSON.parse(text), slab);
              if (body.inSlab) written += body.identity.length;
              made.set(body, text);
              return body;
            });
            send(value, s.slow);
          } else if (s.kind === 'hit') {
            const body = cache.peek('g', `q${s.query}`);
            if (body) send(body, s.slow);
          } else if (s.kind === 'stale') {
            const body = cache.lastGoodFor(`q${s.query}`);
            if (body) send(body, s.slow);
          } else if (sending.length > 0) {
            sending.splice(s.which % sending.length, 1)[0].raw.emit('close');
          }
          for (let query = 0; query < 16; query += 1) {
            intact(cache.peek('g', `q${query}`));
            intact(cache.lastGoodFor(`q${query}`));
          }
          for (const { body, bytes } of sending) intact(body, bytes);
        }
        mostWritten = Math.max(mostWritten, written);
      }),
      { seed: 21, numRuns: 300 },
    );
    expect(mostWritten).toBeGreaterThan(3 * 1_500);
  });
});
