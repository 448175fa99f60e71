import {
  createArchiveApi,
  type CaseListPage,
  type CaseListQuery,
  type CaseSummary,
  type RelatedCasesResponse,
  type StatsResponse,
  type Suggestion,
} from '@app/api-client';

import { MAX_LIMIT } from '../../../../libs/cases/src/case-list.limits';

export { ApiRequestError } from '@app/api-client';

/** Value -> matching cases, for one facet. */
export type FacetCounts = Record<string, number>;

/** The list's query parameters the explorer keeps in its URL: the filters and the order. */
export const FILTER_NAMES = ['q', 'type', 'credibility', 'tranche', 'country', 'hasVideo', 'dateFrom', 'dateTo', 'bbox', 'sort'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];
export type Filters = Partial<Record<FilterName, string>>;

/** The filters whose menu takes several values, each shown with its count of cases. */
export const FACETED_FILTERS = ['type', 'credibility', 'tranche', 'country', 'hasVideo'] as const;
export type FacetedFilter = (typeof FACETED_FILTERS)[number];

/** Relative URLs only (the page's own origin): the explorer is a client of the same public api anyone can call. */
export const api = createArchiveApi({ baseUrl: '' });

export interface Paging {
  limit: number;
  offset?: number;
  cursor?: string;
  highlight?: boolean;
}

/**
 * The list's query string as the api takes it. Filter values come from the page's URL as typed
 * there: the api checks them (and answers a bad one with a 400 naming it), so they pass as given.
 */
export function listQuery(filters: Filters, paging: Paging): CaseListQuery {
  const query: Record<string, string | number> = {};
  for (const name of FILTER_NAMES) {
    const value = filters[name]?.trim();
    if (value) query[name] = value;
  }
  query.limit = paging.limit;
  if (paging.cursor) query.cursor = paging.cursor;
  else if (paging.offset) query.offset = paging.offset;
  if (paging.highlight && filters.q?.trim()) query.highlight = 'true';
  return query as CaseListQuery;
}

/** The same request as a link (the raw-JSON link under the results). */
export function listUrl(filters: Filters, paging: Paging): string {
  return `/api/cases?${new URLSearchParams(Object.entries(listQuery(filters, paging)).map(([name, value]) => [name, String(value)]))}`;
}

/**
 * How many cases each value of each menu would give. A menu's own choice is left out of the
 * filters its counts are taken under (the others all apply), so every value of it shows what
 * ticking it would add. Menus with nothing chosen share one request; each menu with a choice
 * needs its own. `limit=0`: counts only.
 */
export async function fetchFacets(filters: Filters, signal?: AbortSignal): Promise<Partial<Record<FacetedFilter, FacetCounts>>> {
  const chosen = FACETED_FILTERS.filter((name) => filters[name]);
  const unchosen = FACETED_FILTERS.filter((name) => !filters[name]);
  const facetsQuery = (names: readonly FacetedFilter[], without?: FacetedFilter): CaseListQuery => {
    const rest: Filters = { ...filters, sort: undefined };
    if (without) delete rest[without];
    return { ...listQuery(rest, { limit: 0 }), facets: names.join(',') };
  };
  const requests = [
    ...(unchosen.length ? [fetchList(facetsQuery(unchosen), signal)] : []),
    ...chosen.map((name) => fetchList(facetsQuery([name], name), signal)),
  ];
  const pages = await Promise.all(requests);
  return Object.assign({}, ...pages.map((page) => page.facets ?? {})) as Partial<Record<FacetedFilter, FacetCounts>>;
}

export function fetchRelated(id: string, limit: number, signal?: AbortSignal): Promise<RelatedCasesResponse> {
  return api.relatedCases(id, limit, signal);
}

export function fetchList(query: CaseListQuery, signal?: AbortSignal): Promise<CaseListPage> {
  return api.listCases(query, signal);
}

export const fetchCase = (id: string, signal?: AbortSignal) => api.getCase(id, signal);

/** Titles and place names completing what has been typed (GET /api/suggest). */
export async function fetchSuggestions(text: string, limit: number, signal?: AbortSignal): Promise<Suggestion[]> {
  return (await api.suggest(text, limit, signal)).suggestions;
}

let statsLoad: Promise<StatsResponse> | undefined;

/** Stats change only on re-index, so one load per page view is enough. */
export function fetchStats(): Promise<StatsResponse> {
  statsLoad ??= api.getStats().catch((error) => {
    statsLoad = undefined;
    throw error;
  });
  return statsLoad;
}

/**
 * Every case matching the filters, in pages of the largest size: by `nextCursor` when the api
 * offers it, else by offset. The map and the year chart need all cases; for the archive's few
 * hundred records this is one or two requests.
 */
export async function fetchAllCases(filters: Filters, signal?: AbortSignal): Promise<CaseSummary[]> {
  const cases: CaseSummary[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchList(listQuery(filters, { limit: MAX_LIMIT, offset: cases.length, cursor }), signal);
    cases.push(...page.cases);
    if (page.nextCursor) cursor = page.nextCursor;
    else if (page.nextCursor === null || page.cases.length === 0 || cases.length >= page.total) break;
  }
  return cases;
}
