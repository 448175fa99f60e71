import { MemoryCounters } from './memory-counters';

/** The counter's answer, which it gives synchronously. */
function count(counters: MemoryCounters, key: string, windowMs = 60_000): { current: number; ttl: number } {
  let answer: { current: number; ttl: number } | undefined;
  counters.incr(
    key,
    (error, result) => {
      expect(error).toBeNull();
      answer = result;
    },
    windowMs,
    3,
  );
  if (!answer) throw new Error('no synchronous answer');
  return answer;
}

describe('MemoryCounters', () => {
  afterEach(() => jest.useRealTimers());

  it('counts each key in a window that starts with its first request and is not extended by later ones', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const counters = new MemoryCounters();
    expect(count(counters, 'ip:a')).toEqual({ current: 1, ttl: 60_000 });
    jest.setSystemTime(1_010_000);
    expect(count(counters, 'ip:a')).toEqual({ current: 2, ttl: 50_000 });
    expect(count(counters, 'ip:b')).toEqual({ current: 1, ttl: 60_000 });
    for (let i = 0; i < 5; i++) count(counters, 'ip:a');
    expect(count(counters, 'ip:a')).toEqual({ current: 8, ttl: 50_000 });
    jest.setSystemTime(1_060_000);
    expect(count(counters, 'ip:a')).toEqual({ current: 1, ttl: 60_000 });
    expect(count(counters, 'ip:b')).toEqual({ current: 2, ttl: 10_000 });
  });

  it('holds at most its capacity, pushing out the window that began longest ago', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const counters = new MemoryCounters(2);
    count(counters, 'ip:a');
    jest.setSystemTime(1_001_000);
    count(counters, 'ip:b');
    count(counters, 'ip:a');
    count(counters, 'ip:c');
    expect(counters.size).toBe(2);
    expect(count(counters, 'ip:b').current).toBe(2);
    expect(count(counters, 'ip:a').current).toBe(1);
  });
});
