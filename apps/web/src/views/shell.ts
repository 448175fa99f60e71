import { hrefFor } from '../app';
import { h } from '../dom/h';
import { t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages';
import type { UrlState, View } from '../state/url-state';

const TABS: [View, MessageKey][] = [
  ['search', 'viewSearch'],
  ['map', 'viewMap'],
  ['charts', 'viewCharts'],
  ['documents', 'viewDocuments'],
];

/** Header with the views and the language switch, the main region, and the footer. */
export function shell(state: UrlState, main: HTMLElement): HTMLElement[] {
  const other = state.lang === 'zh' ? 'en' : 'zh';
  return [
    h('a', { class: 'skip-link', href: '#main', onclick: (event: Event) => skipTo(event, main) }, t('skipToContent')),
    h(
      'header',
      { class: 'site-header' },
      h(
        'div',
        { class: 'brand' },
        h(
          'h1',
          {},
          h(
            'a',
            {
              href: hrefFor({
                caseId: undefined,
                view: 'search',
                filters: {},
                documentFilters: {},
                documentId: undefined,
                page: undefined,
                offset: 0,
                cursor: undefined,
              }),
              'data-nav': true,
            },
            t('appTitle'),
          ),
        ),
        h('p', { class: 'tagline' }, t('tagline')),
      ),
      h(
        'nav',
        { class: 'tabs', 'aria-label': t('mainNav') },
        TABS.map(([view, label]) =>
          h(
            'a',
            {
              // The list and the documents page through different results: a tab between them starts at the first page.
              href: hrefFor({
                view,
                caseId: undefined,
                documentId: undefined,
                page: undefined,
                ...(view === 'documents' || state.view === 'documents' ? { offset: 0, cursor: undefined } : {}),
              }),
              'data-nav': true,
              'aria-current': !state.caseId && state.view === view ? 'page' : null,
            },
            t(label),
          ),
        ),
        h('a', { href: '/api/cases', class: 'api-link' }, t('apiLink')),
        h(
          'a',
          {
            href: hrefFor({ lang: other }),
            'data-nav': true,
            class: 'lang-switch',
            lang: other === 'zh' ? 'zh-CN' : 'en',
            'aria-label': t('switchLanguage'),
            hreflang: other,
          },
          t('otherLanguage'),
        ),
      ),
    ),
    main,
    h('footer', { class: 'site-footer' }, h('p', {}, t('footer'))),
  ];
}

/** Focus moves by script: following `#main` would change the URL and count as a navigation. */
function skipTo(event: Event, main: HTMLElement): void {
  event.preventDefault();
  main.focus();
}
