import { ApiRequestError, fetchCase } from '../api/api-client';
import { documentCiteUrl, type DocumentDetail, type DocumentPageResponse, fetchDocument, fetchDocumentPage } from '../api/documents-client';
import { hrefFor, navigate } from '../app';
import { h, mount } from '../dom/h';
import { enumLabel, language, pick, t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages';
import type { UrlState } from '../state/url-state';
import { citeLinks } from './cite-links';
import { formatStart, governmentLinkLabel, machineNoticeKey, releaseLabel } from './document-labels';
import { highlightNodes } from './highlight';

/**
 * The page reader: one page of a document as the machine read it, the search's words marked,
 * how the text was made and the government's original, the way to the pages around it, its
 * citation, and the cases that cite the document.
 */
export async function renderDocumentPage(container: HTMLElement, state: UrlState, signal: AbortSignal): Promise<void> {
  const id = state.documentId as string;
  const n = state.page ?? 1;
  const back = h(
    'p',
    { class: 'back' },
    h('a', { href: hrefFor({ documentId: undefined, page: undefined }), 'data-nav': true }, `← ${t('backToDocuments')}`),
  );
  mount(container, back, h('p', { role: 'status' }, t('loading')));

  const [pageResult, documentResult] = await Promise.allSettled([fetchDocumentPage(id, n, state.filters.q, signal), fetchDocument(id, signal)]);
  if (signal.aborted) return;
  if (documentResult.status === 'rejected') {
    if (documentResult.reason instanceof ApiRequestError && documentResult.reason.status === 404) {
      mount(container, back, h('h2', { tabindex: -1, class: 'not-found' }, t('documentNotFound', { id })));
      return;
    }
    throw documentResult.reason;
  }
  const detail = documentResult.value.document;
  if (pageResult.status === 'rejected') {
    if (pageResult.reason instanceof ApiRequestError && pageResult.reason.status === 404) {
      mount(
        container,
        back,
        h('h2', { lang: 'en' }, detail.title),
        h('p', { class: 'not-found', tabindex: -1 }, t('pageNotFound', { n, total: detail.pageCount })),
        h('p', {}, h('a', { href: hrefFor({ page: 1 }), 'data-nav': true }, t('firstPage'))),
      );
      return;
    }
    throw pageResult.reason;
  }
  const page = pageResult.value;

  mount(
    container,
    back,
    h(
      'article',
      { class: 'reader', 'data-document-id': detail.id, 'data-page': page.page },
      h('h2', { id: 'reader-title', tabindex: -1, lang: 'en' }, detail.title),
      h('p', { class: 'reader-position' }, position(page)),
      facts(detail),
      h(
        'p',
        { class: 'machine-notice', role: 'note' },
        t(machineNoticeKey(detail.textMethod)),
        t('wordSpace'),
        t('originalIsRecord'),
        t('wordSpace'),
        h(
          'a',
          { href: detail.governmentUrl, class: 'government-link', target: '_blank', rel: 'noopener' },
          governmentLinkLabel(detail.governmentUrl),
        ),
        t('fullStop'),
      ),
      pageNav(page, true),
      page.note && h('p', { class: 'note corpus-note', lang: 'en' }, t('corpusNote', { note: page.note })),
      h('h3', { class: 'visually-hidden' }, t('pageText')),
      page.text.trim()
        ? h('div', { class: 'page-text', lang: 'en', tabindex: 0 }, page.highlighted ? highlightNodes(page.highlighted, 'mark') : page.text)
        : h('p', { class: 'empty' }, t('noTextOnPage')),
      pageNav(page, false),
      citeLinks('citeThisPage', `${detail.id}-p${page.page}`, (format) => documentCiteUrl(detail.id, page.page, format)),
      detail.cases.length > 0 &&
        h(
          'section',
          { class: 'cited-by' },
          h('h3', {}, t('citedBy')),
          h(
            'ul',
            {},
            detail.cases.map((linked) =>
              h('li', { 'data-case-id': linked.id }, h('a', { href: hrefFor({ caseId: linked.id }), 'data-nav': true, lang: 'en' }, linked.id)),
            ),
          ),
        ),
      h(
        'p',
        {},
        h(
          'a',
          {
            href: `/api/documents/${encodeURIComponent(detail.id)}/pages/${page.page}${state.filters.q?.trim() ? `?${new URLSearchParams({ q: state.filters.q.trim() })}` : ''}`,
            class: 'json-link',
            target: '_blank',
            rel: 'noopener',
          },
          t('openAsJson'),
        ),
      ),
    ),
  );
  document.title = `${detail.title} · ${t('pageLabel', { n: page.page })} · ${t('appTitle')}`;
  void caseTitles(container, detail, signal);
  container.querySelector<HTMLElement>('#reader-title')?.focus({ preventScroll: true });
  // A long page opens where the words are, when the first match is out of sight.
  const mark = container.querySelector('.page-text mark');
  if (mark && mark.getBoundingClientRect().bottom > window.innerHeight) mark.scrollIntoView({ block: 'center' });
}

/** Enough cases to name by title; past it, a document's citing cases keep their ids. */
const CASES_NAMED = 12;

/** The citing cases by their titles in the reader's language, once their records arrive; an id stays where one does not. */
async function caseTitles(container: HTMLElement, detail: DocumentDetail, signal: AbortSignal): Promise<void> {
  await Promise.all(
    detail.cases.slice(0, CASES_NAMED).map(async (linked) => {
      const record = await fetchCase(linked.id, signal).catch(() => undefined);
      const link = container.querySelector(`.cited-by li[data-case-id="${CSS.escape(linked.id)}"] a`);
      if (!record || signal.aborted || !link) return;
      link.textContent = pick(record.case.title);
      link.setAttribute('lang', language() === 'zh' ? 'zh-CN' : 'en');
    }),
  );
}

function position(page: DocumentPageResponse): string {
  return page.startMs !== undefined
    ? t('partOf', { n: page.page, total: page.document.pageCount, time: formatStart(page.startMs) })
    : t('pageOf', { n: page.page, total: page.document.pageCount });
}

function facts(detail: DocumentDetail): HTMLElement {
  const rows: [MessageKey, string][] = [
    ['agency', detail.agency],
    ['collection', enumLabel(detail.collection)],
    ...(detail.release ? [['release', releaseLabel(detail.release)] as [MessageKey, string]] : []),
    ...(detail.date ? [['date', detail.date] as [MessageKey, string]] : []),
    ['textMethod', enumLabel(detail.textMethod)],
  ];
  return h(
    'dl',
    { class: 'facts' },
    rows.map(([label, value]) => [h('dt', {}, t(label)), h('dd', {}, value)]),
  );
}

/** Previous and next page, and (above the text) a box to go to any page of a long file. */
function pageNav(page: DocumentPageResponse, withGoTo: boolean): HTMLElement {
  const input = h('input', {
    type: 'number',
    name: 'page',
    min: 1,
    max: page.document.pageCount,
    value: page.page,
    required: true,
    inputmode: 'numeric',
  });
  const form = h(
    'form',
    { class: 'go-to-page' },
    h('label', {}, h('span', { class: 'visually-hidden' }, t('goToPage')), input),
    h('button', { type: 'submit' }, t('go')),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const wanted = Number(input.value);
    if (Number.isInteger(wanted) && wanted >= 1 && wanted <= page.document.pageCount) navigate({ page: wanted });
  });
  return h(
    'nav',
    { class: 'pager page-nav', 'aria-label': t('pagination') },
    page.previous !== null
      ? h('a', { href: hrefFor({ page: page.previous }), 'data-nav': true, rel: 'prev' }, `← ${t('previousPage')}`)
      : h('span', {}),
    withGoTo && page.document.pageCount > 2 && form,
    page.next !== null && h('a', { href: hrefFor({ page: page.next }), 'data-nav': true, rel: 'next' }, `${t('nextPage')} →`),
  );
}
