import { ApiRequestError, fetchList, listQuery, listUrl } from '../api/api-client';
import { hrefFor, navigate } from '../app';
import { h, mount } from '../dom/h';
import { t } from '../i18n/i18n';
import type { UrlState } from '../state/url-state';
import { caseCard } from './case-card';

export const PAGE_SIZE = 20;

/** Results for the filters in the URL: total, cards, paging, and the same query as raw JSON. */
export async function renderResults(container: HTMLElement, state: UrlState, signal: AbortSignal): Promise<void> {
  const status = h('p', { class: 'result-status', role: 'status', 'aria-live': 'polite' }, t('loading'));
  mount(container, h('h2', { id: 'results-heading', class: 'visually-hidden' }, t('resultsHeading')), status);

  // The raw-JSON link shows the plain query (offset paging), which anyone can paste anywhere.
  const jsonUrl = listUrl(state.filters, { limit: PAGE_SIZE, offset: state.offset });
  const page = (cursor: string | undefined) =>
    fetchList(listQuery(state.filters, { limit: PAGE_SIZE, offset: state.offset, cursor, highlight: true }), signal);
  // A cursor in an old link may be refused (issued by an older api, or for other filters): the
  // offset in the same link still finds the page.
  const response = await page(state.cursor).catch((error: unknown) => {
    if (state.cursor && error instanceof ApiRequestError && error.status === 400) return page(undefined);
    throw error;
  });
  const first = state.offset + 1;
  const last = state.offset + response.cases.length;

  mount(
    status,
    h('strong', { class: 'total', 'data-total': response.total }, t('totalCases', { n: response.total })),
    response.cases.length > 0 && h('span', { class: 'range' }, ' · ', t('showing', { from: first, to: last, total: response.total })),
    ' · ',
    h('a', { href: jsonUrl, class: 'json-link', target: '_blank', rel: 'noopener' }, t('openAsJson')),
  );

  const pager = h(
    'nav',
    { class: 'pager', 'aria-label': t('pagination') },
    state.offset > 0 &&
      // Back always goes by offset, which the api accepts with or without cursor paging.
      h(
        'a',
        { href: hrefFor({ offset: Math.max(0, state.offset - PAGE_SIZE), cursor: undefined }), 'data-nav': true, rel: 'prev' },
        `← ${t('previous')}`,
      ),
    last < response.total &&
      h(
        'a',
        { href: hrefFor({ offset: state.offset + PAGE_SIZE, cursor: response.nextCursor ?? undefined }), 'data-nav': true, rel: 'next' },
        `${t('next')} →`,
      ),
  );

  // Did you mean, and whether the cases listed match only some of the words (never passed off as the answer).
  const notes = h(
    'div',
    { class: 'search-notes' },
    response.suggestion &&
      h(
        'p',
        { class: 'did-you-mean' },
        `${t('didYouMean')} `,
        h(
          'a',
          {
            href: hrefFor({ filters: { ...state.filters, q: response.suggestion }, offset: 0, cursor: undefined, caseId: undefined }),
            'data-nav': true,
          },
          response.suggestion,
        ),
        t('didYouMeanEnd'),
      ),
    response.cases.length > 0 && response.cases.every((listed) => listed.match === 'some') && h('p', { class: 'partial-match' }, t('someWordsOnly')),
  );
  container.append(
    notes,
    response.cases.length === 0 ? h('p', { class: 'empty' }, t('noResults')) : h('div', { class: 'cards' }, response.cases.map(caseCard)),
    pager,
  );
}

export function applyFilters(filters: UrlState['filters']): void {
  navigate({ filters, offset: 0, cursor: undefined, caseId: undefined });
}
