import { FILTER_NAMES, type Filters } from '../api/api-client';

export const LANGUAGES = ['en', 'zh'] as const;
export type Lang = (typeof LANGUAGES)[number];

export const VIEWS = ['search', 'map', 'charts'] as const;
export type View = (typeof VIEWS)[number];

/** Everything a shared link restores: language, view, open case, filters and page. */
export interface UrlState {
  lang: Lang;
  view: View;
  caseId?: string;
  filters: Filters;
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
  const year = params.get('year')?.trim();
  if (year && /^\d{4}$/.test(year) && !filters.dateFrom && !filters.dateTo) Object.assign(filters, { dateFrom: year, dateTo: year });
  return {
    lang: (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Lang) : languageFrom(preferred),
    view: (VIEWS as readonly string[]).includes(view ?? '') ? (view as View) : 'search',
    caseId: params.get('case') || undefined,
    filters,
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
  // With a cursor the offset only numbers the rows shown; the cursor picks the page.
  if (state.offset > 0) params.set('offset', String(state.offset));
  if (state.cursor) params.set('cursor', state.cursor);
  return `?${params}`;
}
