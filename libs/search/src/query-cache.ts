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

/**
 * Answers repeated queries from memory. Entries are keyed by the index generation plus the
 * canonical query, so a re-index makes every old key unreachable at once. Concurrent misses for
 * one key share a single load. Failures are never kept.
 *
 * A second store keeps the last good answer of each query, by query alone and without a TTL
 * (bounded by size only): that is what stale-if-error serves while Elasticsearch is down.
 */
export class QueryCache<V extends object> {
  private readonly fresh: LRUCache<string, V> | null;
  private readonly lastGood: LRUCache<string, V>;
  /** The loads under way, by key, so that a concurrent miss waits for it instead of loading again. */
  private readonly loading = new Map<string, Promise<V>>();

  constructor(options: QueryCacheOptions<V>) {
    const sizeCalculation = (value: V) => Math.max(1, options.sizeOf(value));
    this.lastGood = new LRUCache<string, V>({ maxSize: options.maxBytes, sizeCalculation });
    this.fresh =
      options.ttlSeconds > 0 ? new LRUCache<string, V>({ ttl: options.ttlSeconds * 1000, maxSize: options.maxBytes, sizeCalculation }) : null;
  }

  async fetch(generation: string, query: string, load: () => Promise<V>): Promise<{ value: V; outcome: CacheOutcome }> {
    const fresh = this.fresh;
    if (!fresh) return { value: this.remember(query, await load()), outcome: 'MISS' };
    const key = `${generation}\n${query}`;
    const cached = fresh.get(key);
    if (cached !== undefined) return { value: cached, outcome: 'HIT' };
    // Not lru-cache's fetch(): it gave every load an AbortController, a measurable part of a miss.
    let pending = this.loading.get(key);
    if (!pending) {
      pending = (async () => {
        const value = this.remember(query, await load());
        fresh.set(key, value);
        return value;
      })().finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    // Joining another request's load still waited on the engine: a miss too.
    return { value: await pending, outcome: 'MISS' };
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
