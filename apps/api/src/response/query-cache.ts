import { LRUCache } from 'lru-cache';

/** How a cached answer was produced: from memory, from the engine, or from memory because the engine failed. */
export type CacheOutcome = 'HIT' | 'MISS' | 'STALE';

export interface QueryCacheOptions<V> {
  /** How long an entry is fresh; 0 turns the fresh cache off (every request loads). */
  ttlSeconds: number;
  /** Bound on each of the two stores, as measured by `sizeOf`. */
  maxBytes: number;
  sizeOf: (value: V) => number;
  /**
   * Told each time a value enters one of the two stores (a value both keep enters twice) and each
   * time it leaves one (evicted, replaced, expired): for values that own memory of their own (the
   * api's bodies in its slab), which they may give back once no store keeps them.
   */
  stored?: (value: V) => void;
  dropped?: (value: V) => void;
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
    const { stored, dropped } = options;
    const store = {
      maxSize: options.maxBytes,
      sizeCalculation: (value: V) => Math.max(1, options.sizeOf(value)),
      // lru-cache calls onInsert for each value put in a slot ('update' is the same value again)
      // and dispose for each taken out of one, whatever the reason: a pair per stay in a store.
      ...(stored && { onInsert: (value: V, _key: string, reason: string) => reason !== 'update' && stored(value) }),
      ...(dropped && { dispose: (value: V) => dropped(value) }),
    };
    this.lastGood = new LRUCache<string, V>(store);
    this.fresh = options.ttlSeconds > 0 ? new LRUCache<string, V>({ ...store, ttl: options.ttlSeconds * 1000 }) : null;
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
