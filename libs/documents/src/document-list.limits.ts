/** Documents per page when GET /api/documents names no `limit`. */
export const DEFAULT_DOCUMENT_LIMIT = 20;
/** The largest page GET /api/documents serves; the MCP tool offers the same. */
export const MAX_DOCUMENT_LIMIT = 50;
