import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from './generated/openapi';

type Schemas = components['schemas'];

/** The response shapes, named as clients think of them; every one comes from the api's OpenAPI document. */
export type LocalizedText = Schemas['LocalizedTextDto'];
export type CaseSummary = Schemas['CaseSummaryDto'];
export type CaseRecord = Schemas['CaseRecordDto'];
export type CaseSource = Schemas['CaseSourceDto'];
export type CaseListResponse = Schemas['CaseListResponseDto'];
/** A list page of whole summaries: what GET /api/cases answers when `fields` does not trim them. */
export type CaseListPage = Omit<CaseListResponse, 'cases'> & { cases: CaseSummary[] };
export type CaseResponse = Schemas['CaseResponseDto'];
export type StatsResponse = Schemas['StatsResponseDto'];
export type RelatedCasesResponse = Schemas['RelatedCasesResponseDto'];
/** GET /api/suggest's answer: completions of case titles and place names, each with its case id. */
export type SuggestResponse = paths['/api/suggest']['get']['responses'][200]['content']['application/json'];
export type Suggestion = SuggestResponse['suggestions'][number];
/** GET /api/documents: the government's files ranked by their best matching pages. */
export type DocumentListQuery = NonNullable<operations['listDocuments']['parameters']['query']>;
export type DocumentListResponse = Schemas['DocumentListResponseDto'];
export type DocumentHit = Schemas['DocumentHitDto'];
/** GET /api/documents/{id}/pages/{n}: one page's machine-made text. */
export type DocumentPageResponse = Schemas['DocumentPageResponseDto'];

/** The query string of GET /api/cases (every filter, `q`, paging), less `fields`: these reads want whole summaries. */
export type CaseListQuery = Omit<NonNullable<operations['listCases']['parameters']['query']>, 'fields'>;
/** Any error body the api documents: `{version, license, error: {status, code, message, ...}}`. */
export type ApiErrorBody =
  | Schemas['InvalidParameterResponseDto']
  | Schemas['InvalidApiKeyResponseDto']
  | Schemas['NotFoundResponseDto']
  | Schemas['MethodNotAllowedResponseDto']
  | Schemas['RateLimitedResponseDto']
  | Schemas['InternalErrorResponseDto']
  | Schemas['UnavailableResponseDto'];

/** A non-2xx answer, with what the api said about it. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** `error.code` of the body (`case_not_found`, `rate_limited`, ...), when the body had one. */
    readonly code?: string,
    /** Seconds from the Retry-After field (429, 503), when sent. */
    readonly retryAfter?: number,
    /** The whole error body, e.g. for `error.parameters` of a 400. */
    readonly body?: ApiErrorBody,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export interface ArchiveApiOptions {
  /** Where the api is, e.g. `http://localhost:3000`; empty for the page's own origin (the explorer). */
  baseUrl: string;
  /** An operator-issued key, sent as X-API-Key; without one the keyless quota applies. */
  apiKey?: string;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: (input: Request) => Promise<Response>;
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as { error?: { message?: unknown } }).error?.message === 'string';
}

/** The data of a 2xx answer, or an ApiRequestError carrying the api's own message and code. */
export async function dataOf<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok && data !== undefined) return data;
  const retry = Number(response.headers.get('Retry-After'));
  const retryAfter = response.headers.has('Retry-After') && Number.isFinite(retry) ? retry : undefined;
  if (isErrorBody(error)) throw new ApiRequestError(response.status, error.error.message, error.error.code, retryAfter, error);
  throw new ApiRequestError(response.status, `${response.status} ${response.statusText}`.trim(), undefined, retryAfter);
}

/**
 * A typed client of the public api: `client` is openapi-fetch over the generated `paths` (every
 * endpoint, typed by the contract); the methods are the reads the explorer and the MCP server share.
 */
export function createArchiveApi(options: ArchiveApiOptions) {
  const client: Client<paths> = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { Accept: 'application/json', ...(options.apiKey ? { 'X-API-Key': options.apiKey } : {}) },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return {
    client,
    // Without `fields` every listed case is a whole summary.
    listCases: async (query: CaseListQuery, signal?: AbortSignal) =>
      (await dataOf(client.GET('/api/cases', { params: { query }, signal }))) as CaseListPage,
    getCase: (id: string, signal?: AbortSignal) => dataOf(client.GET('/api/cases/{id}', { params: { path: { id } }, signal })),
    getStats: (signal?: AbortSignal) => dataOf(client.GET('/api/stats', { signal })),
    relatedCases: (id: string, limit: number, signal?: AbortSignal) =>
      dataOf(client.GET('/api/cases/{id}/related', { params: { path: { id }, query: { limit } }, signal })),
    suggest: (q: string, limit: number | undefined, signal?: AbortSignal): Promise<SuggestResponse> =>
      dataOf(client.GET('/api/suggest', { params: { query: { q, ...(limit === undefined ? {} : { limit }) } }, signal })),
    searchDocuments: (query: DocumentListQuery, signal?: AbortSignal): Promise<DocumentListResponse> =>
      dataOf(client.GET('/api/documents', { params: { query }, signal })),
    getDocumentPage: (id: string, page: number, q: string | undefined, signal?: AbortSignal): Promise<DocumentPageResponse> =>
      dataOf(client.GET('/api/documents/{id}/pages/{n}', { params: { path: { id, n: page }, query: q === undefined ? {} : { q } }, signal })),
  };
}

export type ArchiveApi = ReturnType<typeof createArchiveApi>;
