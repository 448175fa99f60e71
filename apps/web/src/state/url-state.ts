import { FILTER_NAMES, type Filters } from '../api/api-client';
import { DOCUMENT_FILTER_NAMES, type DocumentFilters } from '../api/documents-client';

export const LANGUAGES = ['en', 'zh'] as const;
export type Lang = (typeof LANGUAGES)[number];

export const VIEWS = ['search', 'map', 'charts', 'documents'] as const;
export type View = (typeof VIEWS)[number];

/** Everything a shared link restores: language, view, open case, filters and page. */
export interface UrlState {
  lang: Lang;
  view: View;
  caseId?: string;
  /** The case list's filters; their `q` is the documents' search too, so a search carries over between the two. */
  filters: Filters;
  /** The documents list's own filters (collection, release, kind). */
  documentFilters: DocumentFilters;
  /** The document open in the page reader, and its page (`doc`, `page`). */
  documentId?: string;
  page?: number;
  offset: number;
  cursor?: string;
}

/** `zh`, `zh-CN`, `zh-Hant-TW` read Chinese; everything else English. */
export function languageFrom(preferred: readonly string[]): Lang {
  return preferred.some((tag) => /^zh\b/i.test(tag)) ? 'zh' : 'en';
}

export function parseUrlState(search: string, preferred: readonly string[]): UrlState {
  const params = new URLSearchParams(search);
  const lang = params.get('lang');
  const view = params.get('view');
  const offset = Number(params.get('offset'));
  const filters: Filters = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  // Links from before the date range said `year=`: the same year as a range.
  const documentFilters: DocumentFilters = {};
  for (const name of DOCUMENT_FILTER_NAMES) {
    const value = params.get(name)?.trim();
    if (value) documentFilters[name] = value;
  }
  const documentId = params.get('doc') || undefined;
  const page = Number(params.get('page'));
  const year = params.get('year')?.trim();
  if (year && /^\d{4}$/.test(year) && !filters.dateFrom && !filters.dateTo) Object.assign(filters, { dateFrom: year, dateTo: year });
  return {
    lang: (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Lang) : languageFrom(preferred),
    view: (VIEWS as readonly string[]).includes(view ?? '') ? (view as View) : 'search',
    caseId: params.get('case') || undefined,
    filters,
    documentFilters,
    documentId,
    // A reader link without a usable page opens the first.
    page: documentId ? (Number.isInteger(page) && page > 0 ? page : 1) : undefined,
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
    cursor: params.get('cursor') || undefined,
  };
}

/** The query string for a state; defaults are left out so links stay short. */
export function formatUrlState(state: UrlState): string {
  const params = new URLSearchParams({ lang: state.lang });
  if (state.caseId) params.set('case', state.caseId);
  if (state.view !== 'search') params.set('view', state.view);
  for (const name of FILTER_NAMES) {
    const value = state.filters[name];
    if (value) params.set(name, value);
  }
  for (const name of DOCUMENT_FILTER_NAMES) {
    const value = state.documentFilters[name];
    if (value) params.set(name, value);
  }
  if (state.documentId) {
    params.set('doc', state.documentId);
    params.set('page', String(state.page ?? 1));
  }
  // With a cursor the offset only numbers the rows shown; the cursor picks the page.
  if (state.offset > 0) params.set('offset', String(state.offset));
  if (state.cursor) params.set('cursor', state.cursor);
  return `?${params}`;
}
