import {
  DOCUMENT_FILTER_NAMES,
  type DocumentFacets,
  type DocumentFilterName,
  type DocumentFilters,
  type DocumentHit,
  documentsQuery,
  documentsUrl,
  fetchDocuments,
} from '../api/documents-client';
import { hrefFor, navigate } from '../app';
import { h, mount } from '../dom/h';
import { enumLabel, locale, t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages';
import type { UrlState } from '../state/url-state';
import { formatStart, kindLabel, releaseLabel } from './document-labels';
import { highlightNodes } from './highlight';

export const DOCUMENTS_PAGE_SIZE = 20;

/**
 * The documents view: the search form (the `q` the case list shares, collection, release, kind,
 * each value with its count), then the documents ranked by their best pages, each page's snippet
 * linking into the page reader, and paging.
 */
export async function renderDocuments(container: HTMLElement, state: UrlState, signal: AbortSignal, focusedId?: string): Promise<void> {
  const q = state.filters.q;
  const intro = [
    h('h2', { id: 'documents-heading' }, t('documentsHeading')),
    h('p', { class: 'documents-intro' }, t('documentsIntro')),
    h('p', { class: 'machine-notice', role: 'note' }, t('documentsNotice')),
  ];
  mount(container, intro, h('p', { role: 'status' }, t('loading')));

  const { page, facets } = await fetchDocuments(q, state.documentFilters, DOCUMENTS_PAGE_SIZE, state.offset, signal);
  if (signal.aborted) return;

  const first = state.offset + 1;
  const last = state.offset + page.documents.length;
  const jsonUrl = documentsUrl(documentsQuery(q, state.documentFilters, { limit: DOCUMENTS_PAGE_SIZE, offset: state.offset }));
  const status = h(
    'p',
    { class: 'result-status', role: 'status', 'aria-live': 'polite' },
    h('strong', { class: 'total', 'data-total': page.total }, t('totalDocuments', { n: page.total })),
    q?.trim() &&
      page.total > 0 &&
      h('span', { class: 'total-pages', 'data-total-pages': page.totalPages }, ' · ', t('matchingPages', { n: page.totalPages })),
    page.documents.length > 0 && h('span', { class: 'range' }, ' · ', t('showingDocuments', { from: first, to: last, total: page.total })),
    ' · ',
    h('a', { href: jsonUrl, class: 'json-link', target: '_blank', rel: 'noopener' }, t('documentsJson')),
  );
  const pager = h(
    'nav',
    { class: 'pager', 'aria-label': t('pagination') },
    state.offset > 0 &&
      h(
        'a',
        { href: hrefFor({ offset: Math.max(0, state.offset - DOCUMENTS_PAGE_SIZE), cursor: undefined }), 'data-nav': true, rel: 'prev' },
        `← ${t('previous')}`,
      ),
    last < page.total &&
      h('a', { href: hrefFor({ offset: state.offset + DOCUMENTS_PAGE_SIZE, cursor: undefined }), 'data-nav': true, rel: 'next' }, `${t('next')} →`),
  );

  mount(
    container,
    intro,
    documentsForm(state, facets),
    status,
    // The English a Chinese query was searched as, so a reader knows why a page matched.
    page.searchedFor && h('p', { class: 'searched-for', lang: 'en' }, t('searchedFor', { words: page.searchedFor })),
    !page.indexed
      ? h('p', { class: 'empty' }, t('documentsNotIndexed'))
      : page.documents.length === 0
        ? h('p', { class: 'empty' }, t('noDocuments'))
        : h(
            'div',
            { class: 'document-hits' },
            page.documents.map((hit) => documentHit(hit, q)),
          ),
    pager,
  );
  document.title = `${t('documentsHeading')} · ${t('appTitle')}`;
  // Back where the reader was: a menu just chosen in keeps the focus after the redraw.
  if (focusedId) document.getElementById(focusedId)?.focus();
}

/** One document in the results: its title into the reader, its facts, and its best pages' snippets. */
function documentHit(hit: DocumentHit, q: string | undefined): HTMLElement {
  // The offset stays: back from the reader is the same page of results.
  const reader = (page: number) => hrefFor({ documentId: hit.id, page, cursor: undefined });
  return h(
    'article',
    { class: 'card document-hit', 'data-document-id': hit.id },
    h('h3', {}, h('a', { href: reader(hit.pages[0]?.page ?? 1), 'data-nav': true, lang: 'en' }, hit.title)),
    h(
      'p',
      { class: 'meta' },
      [enumLabel(hit.collection), hit.release ? releaseLabel(hit.release) : null, hit.date, kindLabel(hit.kind), t('pageCount', { n: hit.pageCount })]
        .filter(Boolean)
        .join(' · '),
    ),
    hit.pages.length > 0 &&
      h(
        'ul',
        { class: 'snippets' },
        hit.pages.map((page) =>
          h(
            'li',
            { 'data-page': page.page },
            h(
              'a',
              { href: reader(page.page), 'data-nav': true, class: 'page-link' },
              page.startMs !== undefined ? t('transcriptPart', { n: page.page, time: formatStart(page.startMs) }) : t('pageLabel', { n: page.page }),
            ),
            ' ',
            h('span', { class: 'snippet', lang: 'en' }, highlightNodes(page.snippet, 'mark')),
          ),
        ),
      ),
    // Without q there are no matching pages: say how the text was made and where the original is.
    !q?.trim() && h('p', { class: 'summary' }, h('a', { href: hit.governmentUrl, target: '_blank', rel: 'noopener' }, t('governmentOriginal'))),
  );
}

interface Option {
  value: string;
  label: string;
}

const MENUS: [DocumentFilterName, MessageKey, (value: string) => string][] = [
  ['collection', 'filterCollection', (value) => enumLabel(value)],
  ['release', 'filterRelease', (value) => (/^\d+$/.test(value) ? releaseLabel(Number(value)) : value)],
  ['kind', 'filterKind', (value) => kindLabel(value)],
];

/** The `q` box and one menu per filter, each value with its count of documents; a choice applies at once. */
function documentsForm(state: UrlState, facets: DocumentFacets): HTMLFormElement {
  const menu = ([name, label, labelOf]: (typeof MENUS)[number]) => {
    const current = state.documentFilters[name] ?? '';
    const counts = facets[name] ?? {};
    const options: Option[] = Object.keys(counts)
      .filter((value) => (counts[value] ?? 0) > 0)
      .map((value) => ({ value, label: t('optionCount', { label: labelOf(value), n: counts[value] }) }));
    // A value from the URL stays choosable (and visible) even when nothing else has it.
    if (current && !options.some((option) => option.value === current)) options.push({ value: current, label: labelOf(current) });
    options.sort((a, b) => (name === 'release' ? Number(a.value) - Number(b.value) : a.label.localeCompare(b.label, locale())));
    return h(
      'div',
      { class: 'field' },
      h('label', { for: `documents-${name}` }, t(label)),
      h(
        'select',
        { id: `documents-${name}`, name },
        h('option', { value: '' }, t('any')),
        options.map((option) => h('option', { value: option.value, selected: option.value === current }, option.label)),
      ),
    );
  };

  const form = h(
    'form',
    { class: 'filters', role: 'search', 'aria-labelledby': 'documents-heading' },
    h(
      'div',
      { class: 'field field-q' },
      h('label', { for: 'documents-q' }, t('documentsQ')),
      h('input', {
        id: 'documents-q',
        name: 'q',
        type: 'search',
        value: state.filters.q ?? '',
        placeholder: t('documentsQHint'),
        maxlength: 200,
        autocomplete: 'off',
      }),
    ),
    MENUS.map(menu),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, t('submit'))),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const documentFilters: DocumentFilters = {};
    for (const name of DOCUMENT_FILTER_NAMES) {
      const value = String(data.get(name) ?? '').trim();
      if (value) documentFilters[name] = value;
    }
    const q = String(data.get('q') ?? '').trim();
    navigate({
      filters: { ...state.filters, q: q || undefined },
      documentFilters,
      offset: 0,
      cursor: undefined,
      documentId: undefined,
      page: undefined,
    });
  });
  form.addEventListener('change', (event) => {
    if ((event.target as HTMLElement).tagName === 'SELECT') form.requestSubmit();
  });
  return form;
}
