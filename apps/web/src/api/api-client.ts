import { MAX_LIMIT } from '../../../../libs/cases/src/case-list.limits';
import type {
  CaseListResponse,
  CaseResponse,
  FacetCounts,
  ListedCase,
  RelatedCasesResponse,
  StatsResponse,
  Suggestion,
  SuggestResponse,
} from './api.types';

/** The list's query parameters the explorer keeps in its URL: the filters and the order. */
export const FILTER_NAMES = ['q', 'type', 'credibility', 'tranche', 'country', 'hasVideo', 'dateFrom', 'dateTo', 'bbox', 'sort'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];
export type Filters = Partial<Record<FilterName, string>>;

/** The filters whose menu takes several values, each shown with its count of cases. */
export const FACETED_FILTERS = ['type', 'credibility', 'tranche', 'country', 'hasVideo'] as const;
export type FacetedFilter = (typeof FACETED_FILTERS)[number];

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Relative URLs only: the explorer is a client of the same public api anyone can call. */
export function listUrl(filters: Filters, paging: { limit: number; offset?: number; cursor?: string; highlight?: boolean }): string {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
  }
  params.set('limit', String(paging.limit));
  if (paging.cursor) params.set('cursor', paging.cursor);
  else if (paging.offset) params.set('offset', String(paging.offset));
  if (paging.highlight && filters.q?.trim()) params.set('highlight', 'true');
  return `/api/cases?${params}`;
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
  const facetsUrl = (names: readonly FacetedFilter[], without?: FacetedFilter) => {
    const rest: Filters = { ...filters, sort: undefined };
    if (without) delete rest[without];
    return `${listUrl(rest, { limit: 0 })}&facets=${names.join(',')}`;
  };
  const requests = [
    ...(unchosen.length ? [fetchList(facetsUrl(unchosen), signal)] : []),
    ...chosen.map((name) => fetchList(facetsUrl([name], name), signal)),
  ];
  const pages = await Promise.all(requests);
  return Object.assign({}, ...pages.map((page) => page.facets ?? {}));
}

export function fetchRelated(id: string, limit: number, signal?: AbortSignal): Promise<RelatedCasesResponse> {
  return getJson<RelatedCasesResponse>(`/api/cases/${encodeURIComponent(id)}/related?limit=${limit}`, signal);
}

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, signal });
  const body = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiRequestError(response.status, body?.error?.message ?? `${response.status} ${response.statusText}`);
  }
  return body as T;
}

export function fetchList(url: string, signal?: AbortSignal): Promise<CaseListResponse> {
  return getJson<CaseListResponse>(url, signal);
}

export async function fetchCase(id: string, signal?: AbortSignal): Promise<CaseResponse> {
  return getJson<CaseResponse>(`/api/cases/${encodeURIComponent(id)}`, signal);
}

/** Titles and place names completing what has been typed (GET /api/suggest). */
export async function fetchSuggestions(text: string, limit: number, signal?: AbortSignal): Promise<Suggestion[]> {
  const params = new URLSearchParams({ q: text, limit: String(limit) });
  return (await getJson<SuggestResponse>(`/api/suggest?${params}`, signal)).suggestions;
}

let statsLoad: Promise<StatsResponse> | undefined;

/** Stats change only on re-index, so one load per page view is enough. */
export function fetchStats(): Promise<StatsResponse> {
  statsLoad ??= getJson<StatsResponse>('/api/stats').catch((error) => {
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
export async function fetchAllCases(filters: Filters, signal?: AbortSignal): Promise<ListedCase[]> {
  const cases: ListedCase[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchList(listUrl(filters, { limit: MAX_LIMIT, offset: cases.length, cursor }), signal);
    cases.push(...page.cases);
    if (page.nextCursor) cursor = page.nextCursor;
    else if (page.nextCursor === null || page.cases.length === 0 || cases.length >= page.total) break;
  }
  return cases;
}
