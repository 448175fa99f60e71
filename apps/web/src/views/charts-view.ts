import { fetchStats } from '../api/api-client';
import { h, mount } from '../dom/h';
import { t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages';
import type { Series } from '../charts/stats-charts';

/** Charts from /api/stats, each with its numbers as a table for screen readers and copying. */
export async function renderCharts(container: HTMLElement, signal: AbortSignal): Promise<void> {
  mount(container, h('h2', {}, t('chartsHeading')), h('p', { role: 'status' }, t('loading')));
  const [charts, stats] = await Promise.all([import('../charts/stats-charts'), fetchStats()]);

  if (signal.aborted) return;

  const figures: [string, MessageKey, Series, boolean, string | undefined][] = [
    ['year', 'perYear', charts.yearSeries(stats.byYear), false, undefined],
    ['type', 'perType', charts.typeSeries(stats), true, undefined],
    ['tranche', 'perTranche', charts.trancheSeries(stats), false, undefined],
    ['country', 'topCountries', charts.countrySeries(stats), true, undefined],
  ];
  const { from, to } = stats.yearRange;
  mount(
    container,
    h('h2', {}, t('chartsHeading')),
    h(
      'p',
      { class: 'note', 'data-total': stats.total },
      t('statsTotals', { total: stats.total, withVideo: stats.withVideo, from: String(from ?? '–'), to: String(to ?? '–') }),
      stats.lastUpdated && [' ', t('lastUpdated', { date: stats.lastUpdated })],
    ),
    h(
      'div',
      { class: 'charts' },
      figures.map(([id, title, series, horizontal, note]) => {
        const canvas = h('div', { class: `chart chart-${id}`, role: 'img', 'aria-label': t(title) });
        const figure = h(
          'figure',
          { class: 'chart-figure', id: `chart-${id}` },
          h('figcaption', {}, h('h3', {}, t(title)), note && h('p', { class: 'note' }, note)),
          canvas,
          dataTable(id, series),
        );
        queueMicrotask(() => charts.drawBars(canvas, series, signal, { horizontal }));
        return figure;
      }),
    ),
  );
}

function dataTable(id: string, series: Series): HTMLElement {
  const sum = series.values.reduce((total, value) => total + value, 0);
  return h(
    'details',
    {},
    h('summary', {}, t('dataTable')),
    h(
      'table',
      { class: 'data-table', 'data-chart': id, 'data-sum': sum },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('category')), h('th', { scope: 'col' }, t('count')))),
      h(
        'tbody',
        {},
        series.labels.map((label, index) =>
          h('tr', {}, h('th', { scope: 'row' }, label, series.notes?.[index] && ` (${series.notes[index]})`), h('td', {}, series.values[index])),
        ),
      ),
      h('tfoot', {}, h('tr', {}, h('th', { scope: 'row' }, t('sum')), h('td', {}, sum))),
    ),
  );
}
