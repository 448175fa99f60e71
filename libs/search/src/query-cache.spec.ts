import { QueryCache } from './query-cache';

describe('QueryCache', () => {
  it('loads a key once, then answers from memory', async () => {
    const cache = new QueryCache(60);
    const load = jest.fn(async () => ({ total: 1 }));
    expect(await cache.getOrLoad('stats', load)).toEqual({ total: 1 });
    expect(await cache.getOrLoad('stats', load)).toEqual({ total: 1 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new QueryCache(60);
    let release: (value: object) => void = () => undefined;
    const load = jest.fn(() => new Promise<object>((resolve) => (release = resolve)));
    const both = Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)]);
    release({ n: 1 });
    expect(await both).toEqual([{ n: 1 }, { n: 1 }]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never keeps a failure', async () => {
    const cache = new QueryCache(60);
    const load = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ ok: true });
    await expect(cache.getOrLoad('k', load)).rejects.toThrow('down');
    expect(await cache.getOrLoad('k', load)).toEqual({ ok: true });
  });

  it('keeps nothing when the time to live is zero', async () => {
    const cache = new QueryCache(0);
    const load = jest.fn(async () => ({}));
    await cache.getOrLoad('k', load);
    await cache.getOrLoad('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
