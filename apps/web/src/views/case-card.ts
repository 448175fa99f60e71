import type { CaseSummary } from '@app/api-client';
import { h } from '../dom/h';
import { enumLabel, language, pick, placeWithCountry, t } from '../i18n/i18n';
import { hrefFor } from '../app';
import { highlightParts } from './highlight';
import { incidentDatetime } from './incident-date';

/** One result: title linking to the case page, when and where, its classifications, the summary. */
export function caseCard(item: CaseSummary): HTMLElement {
  return h(
    'article',
    { class: 'card', 'data-case-id': item.id },
    h('h3', {}, h('a', { href: hrefFor({ caseId: item.id }), 'data-nav': true }, highlighted(item, 'title') ?? pick(item.title))),
    h(
      'p',
      { class: 'meta' },
      h('time', { datetime: incidentDatetime(item) }, pick(item.dateDisplay)),
      ' · ',
      placeWithCountry(pick(item.location.name), item.location.country),
    ),
    badges(item),
    h('p', { class: 'summary' }, highlighted(item, 'summary') ?? pick(item.summary)),
  );
}

export function badges(item: CaseSummary): HTMLElement {
  return h(
    'ul',
    { class: 'badges' },
    h('li', { class: `badge type-${item.type}` }, enumLabel(item.type)),
    h('li', { class: `badge credibility-${item.credibility}` }, enumLabel(item.credibility)),
    h('li', { class: 'badge' }, enumLabel(item.tranche)),
    item.hasVideo && h('li', { class: 'badge video' }, t('hasVideoBadge')),
  );
}

/** The api's highlighted fragments for a field in the current language, if it sent any. */
function highlighted(item: CaseSummary, field: string): Node[] | undefined {
  const fragments = item.highlight?.[`${field}.${language()}`];
  if (!fragments?.length) return undefined;
  return highlightParts(fragments.join(' … ')).map((part) => (part.marked ? h('mark', {}, part.text) : document.createTextNode(part.text)));
}
