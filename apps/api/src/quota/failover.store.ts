import type { Redis } from 'ioredis';

type Incr = (
  key: string,
  callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
  timeWindow: number,
  max: number,
) => void;

/** A quota counter store (RedisCounters and MemoryCounters implement it), in the shape of @fastify/rate-limit's custom `store` option. */
export interface RateLimitStore {
  incr: Incr;
  child(routeOptions: unknown): RateLimitStore;
}

/**
 * Counts in Redis while it answers and in this replica's memory while it does not: the api keeps
 * serving when Redis goes away (each replica then enforces the quota on its own). The plugin's
 * `skipOnError` alone would stop limiting altogether, so the fallback is counted locally instead.
 * `child` returns the same store: one budget per client across every route.
 */
export class FailoverStore implements RateLimitStore {
  private degraded = false;

  constructor(
    private readonly redis: Redis | undefined,
    private readonly shared: RateLimitStore | undefined,
    private readonly local: RateLimitStore,
    private readonly onStateChange: (degraded: boolean, reason?: string) => void,
  ) {
    // Loss is noticed by the next count (not on 'end', which a clean shutdown also emits).
    redis?.on('ready', () => this.setDegraded(false));
  }

  incr: Incr = (key, callback, timeWindow, max) => {
    if (!this.redis || !this.shared) return this.local.incr(key, callback, timeWindow, max);
    if (this.redis.status !== 'ready') {
      this.setDegraded(true, `connection ${this.redis.status}`);
      return this.local.incr(key, callback, timeWindow, max);
    }
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) return callback(null, result);
        this.setDegraded(true, error.message);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  };

  child(): RateLimitStore {
    return this;
  }

  get isDegraded(): boolean {
    return this.degraded;
  }

  private setDegraded(degraded: boolean, reason?: string): void {
    if (degraded === this.degraded) return;
    this.degraded = degraded;
    this.onStateChange(degraded, reason);
  }
}
