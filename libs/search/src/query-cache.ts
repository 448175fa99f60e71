import { LRUCache } from 'lru-cache';

/** How a cached answer was produced: from memory, from the engine, or from memory because the engine failed. */
export type CacheOutcome = 'HIT' | 'MISS' | 'STALE';

export interface QueryCacheOptions<V> {
  /** How long an entry is fresh; 0 turns the fresh cache off (every request loads). */
  ttlSeconds: number;
  /** Bound on each of the two stores, as measured by `sizeOf`. */
  maxBytes: number;
  sizeOf: (value: V) => number;
}

interface Load<V> {
  query: string;
  load: () => Promise<V>;
}

/**
 * Answers repeated queries from memory. Entries are keyed by the index generation plus the
 * canonical query, so a re-index makes every old key unreachable at once; lru-cache's own
 * `fetch()` lets concurrent misses for one key share a single load. Failures are never kept.
 *
 * A second store keeps the last good answer of each query, by query alone and without a TTL
 * (bounded by size only): that is what stale-if-error serves while Elasticsearch is down.
 */
export class QueryCache<V extends object> {
  private readonly fresh: LRUCache<string, V, Load<V>> | null;
  private readonly lastGood: LRUCache<string, V>;

  constructor(options: QueryCacheOptions<V>) {
    const sizeCalculation = (value: V) => Math.max(1, options.sizeOf(value));
    this.lastGood = new LRUCache<string, V>({ maxSize: options.maxBytes, sizeCalculation });
    this.fresh =
      options.ttlSeconds > 0
        ? new LRUCache<string, V, Load<V>>({
            ttl: options.ttlSeconds * 1000,
            maxSize: options.maxBytes,
            sizeCalculation,
            fetchMethod: async (_key, _stale, { context }) => this.remember(context.query, await context.load()),
          })
        : null;
  }

  async fetch(generation: string, query: string, load: () => Promise<V>): Promise<{ value: V; outcome: CacheOutcome }> {
    if (!this.fresh) return { value: this.remember(query, await load()), outcome: 'MISS' };
    const status: LRUCache.Status<string, V, Load<V>> = {};
    const value = (await this.fresh.fetch(`${generation}\n${query}`, { context: { query, load }, status })) as V;
    // 'inflight' joined another request's load: it still waited on the engine, so it is a miss.
    return { value, outcome: status.fetch === 'hit' ? 'HIT' : 'MISS' };
  }

  /** A fresh entry for this generation and query, without loading; undefined if there is none. */
  peek(generation: string, query: string): V | undefined {
    return this.fresh?.get(`${generation}\n${query}`);
  }

  /** The last answer this query ever got, however old, or undefined if it never had one. */
  lastGoodFor(query: string): V | undefined {
    return this.lastGood.get(query);
  }

  private remember(query: string, value: V): V {
    this.lastGood.set(query, value);
    return value;
  }
}
