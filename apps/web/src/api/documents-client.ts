import { dataOf, type components, type operations } from '@app/api-client';
import { api } from './api-client';

type Schemas = components['schemas'];
/** The shapes of the documents endpoints, as the api's OpenAPI document gives them. */
export type DocumentListResponse = Schemas['DocumentListResponseDto'];
export type DocumentHit = Schemas['DocumentHitDto'];
export type DocumentPageResponse = Schemas['DocumentPageResponseDto'];
export type DocumentDetail = Schemas['DocumentDetailDto'];
export type CaseDocument = Schemas['CaseDocumentDto'];
export type DocumentListQuery = NonNullable<operations['listDocuments']['parameters']['query']>;

/** The documents list's filters the explorer offers and keeps in its URL (with the shared `q`). */
export const DOCUMENT_FILTER_NAMES = ['collection', 'release', 'kind'] as const;
export type DocumentFilterName = (typeof DOCUMENT_FILTER_NAMES)[number];
export type DocumentFilters = Partial<Record<DocumentFilterName, string>>;
export type DocumentFacets = Partial<Record<DocumentFilterName, Record<string, number>>>;

/** The formats the citation endpoints take as `format=`, with the file name ending each is saved under. */
export const CITE_FORMATS = [
  { format: 'bibtex', label: 'BibTeX', extension: 'bib' },
  { format: 'csl-json', label: 'CSL-JSON', extension: 'json' },
  { format: 'ris', label: 'RIS', extension: 'ris' },
] as const;
export type CiteFormat = (typeof CITE_FORMATS)[number]['format'];

/**
 * GET /api/documents's query string for a search. Values from the page's URL pass as typed there:
 * the api checks them and names a bad one in its 400.
 */
export function documentsQuery(
  q: string | undefined,
  filters: DocumentFilters,
  paging: { limit: number; offset?: number; facets?: readonly DocumentFilterName[] },
): DocumentListQuery {
  const query: Record<string, string | number> = {};
  if (q?.trim()) query.q = q.trim();
  for (const name of DOCUMENT_FILTER_NAMES) {
    const value = filters[name]?.trim();
    if (value) query[name] = value;
  }
  query.limit = paging.limit;
  if (paging.offset) query.offset = paging.offset;
  if (paging.facets?.length) query.facets = paging.facets.join(',');
  return query as DocumentListQuery;
}

/** The same request as a link, for the raw-JSON link under the results. */
export function documentsUrl(query: DocumentListQuery): string {
  return `/api/documents?${new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]))}`;
}

/**
 * The requests behind one page of results with counts for every menu: the page itself counts the
 * menus with nothing chosen; a menu with a choice is counted without it (the rest applying), so
 * each of its values shows what choosing it instead would give, as the case filters do.
 */
export function documentsRequests(q: string | undefined, filters: DocumentFilters, limit: number, offset: number): DocumentListQuery[] {
  const chosen = DOCUMENT_FILTER_NAMES.filter((name) => filters[name]?.trim());
  const unchosen = DOCUMENT_FILTER_NAMES.filter((name) => !filters[name]?.trim());
  return [
    documentsQuery(q, filters, { limit, offset, facets: unchosen }),
    ...chosen.map((name) => documentsQuery(q, { ...filters, [name]: undefined }, { limit: 1, facets: [name] })),
  ];
}

/** One page of documents and the counts of each menu's values. */
export async function fetchDocuments(
  q: string | undefined,
  filters: DocumentFilters,
  limit: number,
  offset: number,
  signal?: AbortSignal,
): Promise<{ page: DocumentListResponse; facets: DocumentFacets }> {
  const [page, ...counts] = await Promise.all(
    documentsRequests(q, filters, limit, offset).map((query) => dataOf(api.client.GET('/api/documents', { params: { query }, signal }))),
  );
  return { page, facets: Object.assign({}, page.facets, ...counts.map((response) => response.facets ?? {})) as DocumentFacets };
}

export function fetchDocument(id: string, signal?: AbortSignal): Promise<Schemas['DocumentResponseDto']> {
  return dataOf(api.client.GET('/api/documents/{id}', { params: { path: { id } }, signal }));
}

/** A page's text, with `q`'s words marked when given. */
export function fetchDocumentPage(id: string, page: number, q: string | undefined, signal?: AbortSignal): Promise<DocumentPageResponse> {
  return dataOf(
    api.client.GET('/api/documents/{id}/pages/{n}', {
      params: { path: { id, n: page }, query: q?.trim() ? { q: q.trim() } : {} },
      signal,
    }),
  );
}

/** GET /api/documents/{id}/cite?page=n&format=...: a page's citation, to save. */
export function documentCiteUrl(id: string, page: number, format: CiteFormat): string {
  return `/api/documents/${encodeURIComponent(id)}/cite?${new URLSearchParams({ page: String(page), format })}`;
}

/** GET /api/cases/{id}/cite?format=...: a case's citation, to save. */
export function caseCiteUrl(id: string, format: CiteFormat): string {
  return `/api/cases/${encodeURIComponent(id)}/cite?${new URLSearchParams({ format })}`;
}
