import { QueryCache } from './query-cache';

const cacheOf = (ttlSeconds: number, maxBytes = 1_000) => new QueryCache<{ n: number }>({ ttlSeconds, maxBytes, sizeOf: () => 10 });

describe('QueryCache', () => {
  it('loads a query once per generation, then answers from memory', async () => {
    const cache = cacheOf(60);
    const load = jest.fn(async () => ({ n: 1 }));
    expect(await cache.fetch('g1', 'stats', load)).toEqual({ value: { n: 1 }, outcome: 'MISS' });
    expect(await cache.fetch('g1', 'stats', load)).toEqual({ value: { n: 1 }, outcome: 'HIT' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again when the generation changes, without waiting for the TTL', async () => {
    const cache = cacheOf(3_600);
    const load = jest.fn().mockResolvedValueOnce({ n: 1 }).mockResolvedValueOnce({ n: 2 });
    await cache.fetch('g1', 'stats', load);
    expect(await cache.fetch('g2', 'stats', load)).toEqual({ value: { n: 2 }, outcome: 'MISS' });
  });

  it('shares one load between concurrent misses', async () => {
    const cache = cacheOf(60);
    let release: (value: { n: number }) => void = () => undefined;
    const load = jest.fn(() => new Promise<{ n: number }>((resolve) => (release = resolve)));
    const both = Promise.all([cache.fetch('g', 'k', load), cache.fetch('g', 'k', load)]);
    release({ n: 1 });
    expect((await both).map((r) => r.value)).toEqual([{ n: 1 }, { n: 1 }]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shares a failed load between concurrent misses, then loads again', async () => {
    const cache = cacheOf(60);
    let fail: (error: Error) => void = () => undefined;
    const load = jest
      .fn()
      .mockReturnValueOnce(new Promise((_resolve, reject) => (fail = reject)))
      .mockResolvedValueOnce({ n: 2 });
    const both = Promise.allSettled([cache.fetch('g', 'k', load), cache.fetch('g', 'k', load)]);
    fail(new Error('down'));
    expect((await both).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await cache.fetch('g', 'k', load)).toEqual({ value: { n: 2 }, outcome: 'MISS' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never keeps a failure', async () => {
    const cache = cacheOf(60);
    const load = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ n: 1 });
    await expect(cache.fetch('g', 'k', load)).rejects.toThrow('down');
    expect((await cache.fetch('g', 'k', load)).value).toEqual({ n: 1 });
  });

  it('keeps nothing fresh when the TTL is zero, but still remembers the last good answer', async () => {
    const cache = cacheOf(0);
    const load = jest.fn(async () => ({ n: 1 }));
    await cache.fetch('g', 'k', load);
    expect((await cache.fetch('g', 'k', load)).outcome).toBe('MISS');
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.lastGoodFor('k')).toEqual({ n: 1 });
  });

  it('remembers the last good answer of each query across generations, bounded by size', async () => {
    const cache = cacheOf(60, 30);
    await cache.fetch('g1', 'a', async () => ({ n: 1 }));
    await cache.fetch('g2', 'a', async () => ({ n: 2 }));
    expect(cache.lastGoodFor('a')).toEqual({ n: 2 });
    expect(cache.lastGoodFor('never-asked')).toBeUndefined();
    for (const query of ['b', 'c', 'd']) await cache.fetch('g2', query, async () => ({ n: 0 }));
    expect(cache.lastGoodFor('a')).toBeUndefined();
  });

  it('peeks at a fresh entry of the current generation only, never loading', async () => {
    const cache = cacheOf(60);
    expect(cache.peek('g1', 'k')).toBeUndefined();
    await cache.fetch('g1', 'k', async () => ({ n: 1 }));
    expect(cache.peek('g1', 'k')).toEqual({ n: 1 });
    expect(cache.peek('g2', 'k')).toBeUndefined();
    expect(cacheOf(0).peek('g1', 'k')).toBeUndefined();
  });

  it('tells each value entering and leaving a store, so a value knows when neither keeps it', async () => {
    const held = new Map<object, number>();
    const counted = (ttlSeconds: number) =>
      new QueryCache<{ n: number }>({
        ttlSeconds,
        maxBytes: 30,
        sizeOf: () => 10,
        stored: (value) => held.set(value, (held.get(value) ?? 0) + 1),
        dropped: (value) => held.set(value, held.get(value)! - 1),
      });
    const cache = counted(60);
    const first = { n: 1 };
    const second = { n: 2 };
    await cache.fetch('g1', 'a', async () => first);
    expect(held.get(first)).toBe(2);
    // A new generation: the last good answer is replaced, the old fresh entry stays until evicted.
    await cache.fetch('g2', 'a', async () => second);
    expect([held.get(first), held.get(second)]).toEqual([1, 2]);
    for (const query of ['b', 'c']) await cache.fetch('g2', query, async () => ({ n: 0 }));
    expect([held.get(first), held.get(second)]).toEqual([0, 2]);

    const lastGoodOnly = counted(0);
    const third = { n: 3 };
    await lastGoodOnly.fetch('g', 'a', async () => third);
    expect(held.get(third)).toBe(1);
    await lastGoodOnly.fetch('g', 'a', async () => ({ n: 4 }));
    expect(held.get(third)).toBe(0);
  });
});
