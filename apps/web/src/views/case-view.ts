import { ApiRequestError, fetchCase, fetchRelated } from '../api/api-client';
import { caseCiteUrl, type CaseDocument } from '../api/documents-client';
import type { CaseRecord } from '@app/api-client';
import { hrefFor } from '../app';
import { h, mount } from '../dom/h';
import { enumLabel, pick, placeWithCountry, t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages';
import { badges } from './case-card';
import { citeLinks } from './cite-links';
import { incidentDatetime } from './incident-date';

const DVIDS_VIDEO_PAGE = 'https://www.dvidshub.net/video/';
/** Enough to browse on from; the api's own page has more. */
const RELATED_SHOWN = 6;

/** One case in full: facts, narrative, specs, sources, images with credits, and its videos. */
export async function renderCase(container: HTMLElement, id: string, signal: AbortSignal): Promise<void> {
  const back = h('p', { class: 'back' }, h('a', { href: hrefFor({ caseId: undefined }), 'data-nav': true }, `← ${t('backToResults')}`));
  mount(container, back, h('p', { role: 'status' }, t('loading')));
  let record: CaseRecord;
  let documents: CaseDocument[];
  try {
    ({ case: record, documents } = await fetchCase(id, signal));
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) {
      mount(container, back, h('h2', { tabindex: -1 }, t('caseNotFound', { id })));
      return;
    }
    throw error;
  }

  const { location } = record;
  const hasPoint = location.lat !== null && location.lng !== null && location.precision !== 'unknown';
  const facts: [MessageKey, Node | string][] = [
    ['date', h('time', { datetime: incidentDatetime(record) }, pick(record.dateDisplay))],
    ['place', placeWithCountry(pick(location.name), location.country)],
    ...(hasPoint ? [['coordinates', `${location.lat}, ${location.lng}`] as [MessageKey, string]] : []),
    ...(location.precision ? [['precision', enumLabel(location.precision)] as [MessageKey, string]] : []),
    ['type', enumLabel(record.type)],
    ['credibility', enumLabel(record.credibility)],
    ['tranche', enumLabel(record.tranche)],
    ...(record.addedAt ? [['addedAt', record.addedAt] as [MessageKey, string]] : []),
    ...(record.updatedAt ? [['updatedAt', record.updatedAt] as [MessageKey, string]] : []),
  ];

  mount(
    container,
    back,
    h(
      'article',
      { class: 'case', 'data-case-id': record.id },
      h('h2', { id: 'case-title', tabindex: -1 }, pick(record.title)),
      badges(record),
      h(
        'dl',
        { class: 'facts' },
        facts.map(([label, value]) => [h('dt', {}, t(label)), h('dd', {}, value)]),
      ),
      section('summary', h('p', {}, pick(record.summary))),
      section(
        'detail',
        pick(record.detail)
          .split(/\n{2,}/)
          .map((paragraph) => h('p', {}, paragraph)),
      ),
      record.videos.length > 0 &&
        section(
          'videos',
          h(
            'ul',
            { class: 'videos' },
            record.videos.map((video) =>
              h(
                'li',
                {},
                h(
                  'a',
                  { href: `${DVIDS_VIDEO_PAGE}${encodeURIComponent(video.dvidsId)}`, target: '_blank', rel: 'noopener' },
                  t('watchOnDvids', { id: video.dvidsId }),
                ),
                h('br', {}),
                pick(video.caption),
              ),
            ),
          ),
        ),
      record.specs.length > 0 &&
        section(
          'specs',
          h(
            'table',
            { class: 'specs' },
            h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('specField')), h('th', { scope: 'col' }, t('specValue')))),
            h(
              'tbody',
              {},
              record.specs.map((spec) => h('tr', {}, h('th', { scope: 'row' }, pick(spec.label)), h('td', {}, pick(spec.value)))),
            ),
          ),
        ),
      record.images.length > 0 &&
        section(
          'images',
          h(
            'div',
            { class: 'images' },
            record.images.map((image) =>
              h(
                'figure',
                {},
                h('img', { src: image.url, alt: pick(image.caption), loading: 'lazy', decoding: 'async' }),
                h('figcaption', {}, pick(image.caption), ' ', h('small', {}, t('credit', { credit: image.credit }))),
              ),
            ),
          ),
        ),
      section(
        'sources',
        h(
          'ul',
          { class: 'sources' },
          record.sources.map((source) => h('li', {}, h('a', { href: source.url, target: '_blank', rel: 'noopener' }, source.label))),
        ),
      ),
      documents.length > 0 && section('caseDocuments', h('p', { class: 'note' }, t('caseDocumentsNote')), caseDocuments(documents)),
      !!record.revisions?.length &&
        section(
          'revisions',
          h(
            'ul',
            {},
            record.revisions.map((revision) => h('li', {}, h('time', { datetime: revision.date }, revision.date), ': ', pick(revision.reason))),
          ),
        ),
      h(
        'p',
        {},
        h('a', { href: `/api/cases/${encodeURIComponent(record.id)}`, class: 'json-link', target: '_blank', rel: 'noopener' }, t('openCaseAsJson')),
      ),
      citeLinks('citeThisCase', record.id, (format) => caseCiteUrl(record.id, format)),
    ),
  );
  document.title = `${pick(record.title)} · ${t('appTitle')}`;
  // Screen readers and keyboards start at the case, not at the top of the page.
  container.querySelector<HTMLElement>('#case-title')?.focus({ preventScroll: true });
  await relatedCases(container.querySelector('article.case') as HTMLElement, record.id, signal);
}

/** The most similar cases, below the case, each a link with its date and place. */
async function relatedCases(article: HTMLElement, id: string, signal: AbortSignal): Promise<void> {
  const { cases } = await fetchRelated(id, RELATED_SHOWN, signal);
  if (signal.aborted) return;
  article.append(
    section(
      'related',
      cases.length === 0
        ? h('p', {}, t('noRelated'))
        : h(
            'ul',
            { class: 'related' },
            cases.map((item) =>
              h(
                'li',
                { 'data-case-id': item.id },
                h('a', { href: hrefFor({ caseId: item.id }), 'data-nav': true }, pick(item.title)),
                h('br', {}),
                h(
                  'small',
                  {},
                  h('time', { datetime: incidentDatetime(item) }, pick(item.dateDisplay)),
                  ' · ',
                  placeWithCountry(pick(item.location.name), item.location.country),
                ),
              ),
            ),
          ),
    ),
  );
}

/** The government files the case cites, each opening in the page reader at the pages cited (or its first). */
function caseDocuments(documents: CaseDocument[]): HTMLElement {
  const reader = (documentId: string, page: number) =>
    hrefFor({ caseId: undefined, view: 'documents', documentId, page, offset: 0, cursor: undefined });
  return h(
    'ul',
    { class: 'case-document-list' },
    documents.map((document) =>
      h(
        'li',
        { 'data-document-id': document.id },
        h('a', { href: reader(document.id, document.pages[0] ?? 1), 'data-nav': true, lang: 'en' }, document.title),
        document.pages.length > 0 && [
          h('br', {}),
          h(
            'small',
            {},
            t('citedPages'),
            t('wordSpace'),
            document.pages.map((page, index) => [
              index > 0 && ', ',
              h('a', { href: reader(document.id, page), 'data-nav': true, class: 'cited-page', 'data-page': page }, t('pageLabel', { n: page })),
            ]),
          ),
        ],
      ),
    ),
  );
}

function section(heading: MessageKey, ...content: (Node | Node[] | false)[]): HTMLElement {
  return h('section', { class: `case-${heading}` }, h('h3', {}, t(heading)), ...content);
}
