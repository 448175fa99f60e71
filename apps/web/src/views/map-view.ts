import { fetchAllCases } from '../api/api-client';
import { hrefFor, navigate } from '../app';
import { h, mount } from '../dom/h';
import { enumLabel, pick, t } from '../i18n/i18n';
import type { UrlState } from '../state/url-state';

/** The matching cases on a world map, with the same places as a list for keyboard and screen readers. */
export async function renderMap(container: HTMLElement, state: UrlState, signal: AbortSignal): Promise<void> {
  const status = h('p', { class: 'result-status', role: 'status', 'aria-live': 'polite' }, t('loading'));
  const canvas = h('div', { class: 'map', id: 'case-map', role: 'img', 'aria-label': t('mapLabel') });
  const panel = h('div', { class: 'map-panel', 'aria-live': 'polite' });
  mount(container, h('h2', {}, t('mapHeading')), h('p', { class: 'note' }, t('mapNote')), status, canvas, panel);

  // ECharts and the boundaries load only when someone opens the map.
  const [{ drawCaseMap }, cases] = await Promise.all([import('../map/case-map'), fetchAllCases(state.filters, signal)]);
  if (signal.aborted) return;
  const { clusters, unplaced, visibleBbox } = await drawCaseMap(canvas, panel, cases, (id) => hrefFor({ caseId: id }), signal, state.filters.bbox);
  const shown = cases.length - unplaced.length;

  // Pan and zoom, then ask for the cases in view: the list and the map both keep the area.
  const area = h(
    'p',
    { class: 'map-area' },
    h(
      'button',
      {
        type: 'button',
        id: 'search-area',
        onclick: () => navigate({ filters: { ...state.filters, bbox: visibleBbox() }, offset: 0, cursor: undefined }),
      },
      t('searchArea'),
    ),
    state.filters.bbox && [
      ' ',
      h('span', { class: 'note' }, t('areaActive')),
      ' ',
      h(
        'a',
        { href: hrefFor({ filters: { ...state.filters, bbox: undefined }, offset: 0, cursor: undefined }), 'data-nav': true, id: 'clear-area' },
        t('clearArea'),
      ),
    ],
  );
  canvas.after(area);

  mount(
    status,
    h('span', { 'data-total': cases.length, 'data-shown': shown }, t('mapCount', { shown, total: cases.length })),
    unplaced.length > 0 && [' ', t('mapUnplaced', { n: unplaced.length })],
  );
  container.append(
    h(
      'details',
      { class: 'places' },
      h('summary', {}, t('placesList', { n: clusters.length })),
      h(
        'ul',
        {},
        clusters.map((cluster) =>
          h(
            'li',
            { 'data-cluster-count': cluster.cases.length },
            h('span', { class: 'place' }, pick(cluster.cases[0].location.name)),
            ` (${enumLabel(cluster.precision)}): `,
            cluster.cases.map((item, index) => [
              index > 0 ? ', ' : '',
              h('a', { href: hrefFor({ caseId: item.id }), 'data-nav': true }, pick(item.title)),
            ]),
          ),
        ),
      ),
    ),
  );
}
