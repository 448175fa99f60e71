import { LRUCache } from 'lru-cache';

/**
 * Answers repeated queries from memory for a short time. The archive changes only when an
 * operator re-indexes, so a few seconds of staleness buys a large share of the load back;
 * concurrent misses for the same key share one Elasticsearch request. Failures are never kept.
 */
export class QueryCache {
  private readonly settled: LRUCache<string, object> | null;
  private readonly inFlight = new Map<string, Promise<object>>();

  constructor(ttlSeconds: number, maxBytes = 64 * 1024 * 1024) {
    this.settled =
      ttlSeconds > 0
        ? new LRUCache<string, object>({
            ttl: ttlSeconds * 1000,
            maxSize: maxBytes,
            sizeCalculation: (value) => Math.max(1, JSON.stringify(value).length),
          })
        : null;
  }

  async getOrLoad<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.settled) return load();
    const hit = this.settled.get(key);
    if (hit) return hit as T;
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<T>;

    const loading = load()
      .then((value) => {
        this.settled?.set(key, value);
        return value;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, loading);
    return loading;
  }
}
