import type { ListedCase } from '../api/api.types';
import { h } from '../dom/h';
import { enumLabel, language, pick, placeWithCountry, t } from '../i18n/i18n';
import { hrefFor } from '../app';

/** One result: title linking to the case page, when and where, its classifications, the summary. */
export function caseCard(item: ListedCase): HTMLElement {
  return h(
    'article',
    { class: 'card', 'data-case-id': item.id },
    h('h3', {}, h('a', { href: hrefFor({ caseId: item.id }), 'data-nav': true }, pick(item.title))),
    h('p', { class: 'meta' }, h('time', { datetime: item.date }, pick(item.dateDisplay)), ' · ', placeWithCountry(pick(item.location.name), item.location.country)),
    badges(item),
    h('p', { class: 'summary' }, summaryText(item)),
  );
}

export function badges(item: ListedCase): HTMLElement {
  return h(
    'ul',
    { class: 'badges' },
    h('li', { class: `badge type-${item.type}` }, enumLabel(item.type)),
    h('li', { class: `badge credibility-${item.credibility}` }, enumLabel(item.credibility)),
    h('li', { class: 'badge' }, enumLabel(item.tranche)),
    item.hasVideo && h('li', { class: 'badge video' }, t('hasVideoBadge')),
  );
}

/**
 * With `highlight=true` the api marks matches with tags inside each fragment. Only the marks
 * become elements; every other character stays text.
 */
function summaryText(item: ListedCase): Node[] {
  const lang = language();
  const fragments = item.highlight?.[`summary.${lang}`] ?? item.highlight?.[`title.${lang}`] ?? item.highlight?.[`location.name.${lang}`];
  if (!fragments?.length) return [document.createTextNode(pick(item.summary))];
  const nodes: Node[] = [];
  fragments.join(' … ').split(/(<(?:em|mark|strong|b)>[^<]*<\/(?:em|mark|strong|b)>)/).forEach((part, index) => {
    if (index % 2 === 1) nodes.push(h('mark', {}, part.replace(/<[^>]+>/g, '')));
    else if (part) nodes.push(document.createTextNode(part.replace(/<[^>]+>/g, '')));
  });
  return [document.createTextNode('… '), ...nodes, document.createTextNode(' …')];
}
