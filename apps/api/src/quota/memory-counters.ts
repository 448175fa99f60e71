import type { RateLimitStore } from './failover.store';

/** One client's count in its current window. */
interface Window {
  count: number;
  /** Date.now() at which the window ends and the count starts again from 1. */
  endsAt: number;
}

/**
 * This replica's own quota counters: a fixed window per client, the count and its end in one Map
 * entry, updated in place and answered synchronously (no promise, no timer). At most `capacity`
 * clients are held; a new one beyond that pushes out the client whose window began longest ago
 * (a window's entry is re-inserted when it restarts, so the Map's first key is always the oldest),
 * the same bound the plugin's LRU kept. Semantics as @fastify/rate-limit's LocalStore without
 * `continueExceeding` or backoff: the window starts with a client's first request and is not
 * extended by requests over the quota.
 */
export class MemoryCounters implements RateLimitStore {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly capacity = 50_000) {}

  incr: RateLimitStore['incr'] = (key, callback, timeWindow) => {
    const now = Date.now();
    let window = this.windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      if (window !== undefined) this.windows.delete(key);
      else if (this.windows.size >= this.capacity) this.windows.delete(this.windows.keys().next().value as string);
      window = { count: 0, endsAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.count += 1;
    callback(null, { current: window.count, ttl: window.endsAt - now });
  };

  child(): RateLimitStore {
    return this;
  }

  /** How many clients are held (for tests). */
  get size(): number {
    return this.windows.size;
  }
}
