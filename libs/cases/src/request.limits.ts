/**
 * The bounds of the api's request parameters, as its OpenAPI document publishes them: the api's
 * query DTOs validate against these, and the MCP tools refuse what the api would with the same ones.
 */

/** `q` of a list, search or export: at most this many characters. */
export const MAX_KEYWORD_LENGTH = 200;
/** A `cursor` longer than this is not one the api issued. */
export const MAX_CURSOR_LENGTH = 1_000;
/** `year`: four digits. */
export const MIN_YEAR = 1000;
export const MAX_YEAR = 9999;
/** Ids are slugs; a longer one cannot name a case, and is answered 404 without a search. */
export const MAX_CASE_ID_LENGTH = 200;
/** `q` of GET /api/suggest: what has been typed so far. */
export const MAX_SUGGEST_TEXT_LENGTH = 100;
/** `limit` of GET /api/suggest: its default and its largest value. */
export const DEFAULT_SUGGEST_LIMIT = 5;
export const MAX_SUGGEST_LIMIT = 10;
