/** The one route that answers a stream (NDJSON) rather than an enveloped body. */
export const EXPORT_ROUTE = '/api/cases/export';

/**
 * The archive's endpoints, as route patterns: the one list that the 404 message names, that the
 * read-only check answers 405 on, and that api-routes.spec.ts checks against what the controllers register.
 */
export const ARCHIVE_ROUTES = [
  '/api/cases',
  '/api/cases/{id}',
  '/api/cases/{id}/related',
  '/api/cases/{id}/cite',
  EXPORT_ROUTE,
  '/api/stats',
  '/api/feed.atom',
  '/api/suggest',
  '/api/documents',
  '/api/documents/{id}',
  '/api/documents/{id}/pages/{n}',
  '/api/documents/{id}/cite',
];

/** The plain-text guides for language models (llmstxt.org); counted and cached like the archive's answers. */
export const GUIDE_ROUTES = ['/llms.txt', '/llms-full.txt'];

/** Probes and the Prometheus scrape: never counted against a quota; writes to them get 405 too. */
export const OPERATIONS_ROUTES = ['/health', '/ready', '/metrics'];

/** A route pattern as a path pattern: `{id}` stands for one segment, a trailing slash is allowed. */
const pathPattern = (route: string) => new RegExp(`^${route.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/]+\}/g, '[^/]+')}/?$`);

/** Every path the service serves: the archive, the probes, the explorer and its assets, the API's own docs. */
const SERVED_PATHS = [
  ...[...ARCHIVE_ROUTES, ...GUIDE_ROUTES, ...OPERATIONS_ROUTES].map(pathPattern),
  /^\/(?:index\.html)?$/,
  /^\/assets\/[^/]+$/,
  /^\/api\/docs(?:\/.*)?$/,
  /^\/api\/openapi\.(?:json|yaml)$/,
];

/** Whether a request path (without its query) is one the service serves; other methods on it get 405, unknown paths 404. */
export function isServedPath(path: string): boolean {
  return SERVED_PATHS.some((pattern) => pattern.test(path));
}
