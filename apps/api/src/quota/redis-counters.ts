import type { Redis } from 'ioredis';
import type { RateLimitStore } from './failover.store';

/**
 * One fixed window per client: the first count of a window starts its expiry, later ones read
 * what is left of it. INCR and PEXPIRE in one script, so two replicas never race on a window.
 */
const COUNT_IN_WINDOW = `
local current = redis.call('INCR', KEYS[1])
local ttl = tonumber(ARGV[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ttl)
else
  ttl = redis.call('PTTL', KEYS[1])
end
return {current, ttl}
`;

type CountInWindow = (key: string, windowMs: number, callback: (error: Error | null, result?: [number, number]) => void) => void;

/**
 * The quota counters shared by every replica, in Redis: the same semantics as MemoryCounters (a
 * window starts with a client's first request and is not extended by requests over the quota),
 * through ioredis's own `defineCommand`.
 */
export class RedisCounters implements RateLimitStore {
  private readonly count: CountInWindow;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    redis.defineCommand('uapCountInWindow', { numberOfKeys: 1, lua: COUNT_IN_WINDOW });
    const command = (redis as unknown as Record<'uapCountInWindow', CountInWindow>).uapCountInWindow;
    this.count = command.bind(redis);
  }

  incr: RateLimitStore['incr'] = (key, callback, timeWindow) => {
    this.count(this.prefix + key, timeWindow, (error, result) => {
      if (error || !result) return callback(error ?? new Error('Redis answered nothing'));
      callback(null, { current: result[0], ttl: result[1] });
    });
  };

  child(): RateLimitStore {
    return this;
  }
}
