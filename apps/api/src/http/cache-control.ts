/** The archive only changes when an operator re-indexes, so shared caches may keep answers briefly. */
export const CACHE_CONTROL = 'public, max-age=300';
