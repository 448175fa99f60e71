/** Cases per page when a list request names no `limit`. */
export const DEFAULT_LIMIT = 50;

/**
 * The largest page the api serves: a larger `limit` is clamped to it (and the response says so).
 * The explorer and the bench walk the whole archive in pages of this size.
 */
export const MAX_LIMIT = 500;
