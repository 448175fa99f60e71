/**
 * The archive only changes when an operator re-indexes. Shared caches may keep an answer for a
 * minute, serve it while revalidating (cheap: ETag and 304) for ten more, and keep serving it for
 * a day if the service fails.
 */
export const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600, stale-if-error=86400';

/** Served from last good bytes while Elasticsearch is down: caches must check again before reuse. */
export const STALE_CACHE_CONTROL = 'no-cache';
