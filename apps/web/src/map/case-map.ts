import type { CaseSummary } from '@app/api-client';
import { createChart } from '../charts/echarts-setup';
import { h } from '../dom/h';
import { enumLabel, pick, t } from '../i18n/i18n';
import { type Cluster, clusterCases, DRAWN_PRECISIONS, type DrawnPrecision } from './clusters';
import { bboxView, viewBbox } from './view-bbox';
import { registerWorldMap, WORLD_MAP } from './world';

/**
 * One look per precision. Only sites and towns are solid dots; a region's centre is a hollow ring
 * and a wide area's centroid a faint dashed ring, so neither reads as the place of a sighting.
 */
const MARKS: Record<DrawnPrecision, { color: string; fill: string; borderType: 'solid' | 'dashed'; base: number; z: number }> = {
  site: { color: '#b91c1c', fill: '#b91c1c', borderType: 'solid', base: 7, z: 4 },
  locality: { color: '#c2410c', fill: '#ea580c', borderType: 'solid', base: 7, z: 3 },
  region: { color: '#1d4ed8', fill: 'rgba(29, 78, 216, 0.08)', borderType: 'solid', base: 14, z: 2 },
  area: { color: '#6b21a8', fill: 'rgba(107, 33, 168, 0.06)', borderType: 'dashed', base: 24, z: 1 },
};

/**
 * Draws the cases on the world map (zoomed to `area` when the list is limited to one); clicking a
 * lone case opens it, a group lists its cases. `visibleBbox` reads the part of the map in view
 * after the reader has panned and zoomed, as the api's bbox.
 */
export async function drawCaseMap(
  canvas: HTMLElement,
  panel: HTMLElement,
  cases: CaseSummary[],
  caseHref: (id: string) => string,
  signal: AbortSignal,
  area?: string,
): Promise<{ clusters: Cluster<CaseSummary>[]; unplaced: CaseSummary[]; visibleBbox: () => string }> {
  await registerWorldMap();
  const { clusters, unplaced } = clusterCases(cases);
  const chart = createChart(canvas, signal);
  const view = area ? bboxView(area) : undefined;
  chart.setOption({
    aria: { enabled: true, label: { description: t('mapLabel') } },
    tooltip: { trigger: 'item', confine: true },
    legend: { bottom: 0, data: DRAWN_PRECISIONS.map((precision) => enumLabel(precision)), textStyle: { fontSize: 12 } },
    geo: {
      map: WORLD_MAP,
      roam: true,
      zoom: view ? view.zoom * 1.15 : 1.15,
      ...(view ? { center: view.center } : {}),
      scaleLimit: { min: 1, max: 12 },
      silent: true,
      itemStyle: { areaColor: '#e5e7eb', borderColor: '#9ca3af', borderWidth: 0.5 },
    },
    series: DRAWN_PRECISIONS.map((precision) => {
      const mark = MARKS[precision];
      const mine = clusters.filter((cluster) => cluster.precision === precision);
      return {
        type: 'scatter',
        name: enumLabel(precision),
        coordinateSystem: 'geo',
        z: mark.z,
        data: mine.map((cluster) => ({
          name:
            cluster.cases.length === 1
              ? pick(cluster.cases[0].title)
              : `${pick(cluster.cases[0].location.name)} · ${t('casesHere', { n: cluster.cases.length })}`,
          value: [cluster.lng, cluster.lat, cluster.cases.length],
          ids: cluster.cases.map((item) => item.id),
        })),
        symbolSize: (value: number[]) => mark.base + 4 * Math.sqrt(value[2] - 1),
        itemStyle: {
          color: mark.fill,
          borderColor: precision === 'site' || precision === 'locality' ? '#fff' : mark.color,
          borderWidth: 1.5,
          borderType: mark.borderType,
        },
        label: {
          show: true,
          formatter: (params: { value: number[] }) => (params.value[2] > 1 ? String(params.value[2]) : ''),
          fontSize: 10,
          color: '#111827',
        },
        emphasis: { scale: 1.3 },
        tooltip: { formatter: (params: { name: string }) => escapeHtml(params.name) },
      };
    }),
  });

  chart.on('click', (params) => {
    const ids = (params.data as { ids?: string[] } | undefined)?.ids;
    const cluster = clusters.find((candidate) => candidate.cases[0].id === ids?.[0] && candidate.cases.length === ids?.length);
    if (!cluster) return;
    if (cluster.cases.length === 1) {
      navigateTo(caseHref(cluster.cases[0].id));
      return;
    }
    panel.replaceChildren(
      h('h3', { tabindex: -1 }, `${t('chooseCase')}: ${pick(cluster.cases[0].location.name)}`),
      h(
        'ul',
        {},
        cluster.cases.map((item) => h('li', {}, h('a', { href: caseHref(item.id), 'data-nav': true }, pick(item.title)))),
      ),
      h('button', { type: 'button', onclick: () => panel.replaceChildren() }, t('close')),
    );
    panel.querySelector('h3')?.focus();
  });

  // What ECharts actually holds, for anyone (and the browser tests) checking the drawing.
  const drawn = (chart.getOption().series as { data: { value: number[] }[] }[]).reduce(
    (sum, series) => sum + series.data.reduce((inner, point) => inner + point.value[2], 0),
    0,
  );
  canvas.dataset.drawnCases = String(drawn);
  const corner = (x: number, y: number) => chart.convertFromPixel({ geoIndex: 0 }, [x, y]) as [number, number];
  const visibleBbox = () => viewBbox(corner(0, 0), corner(chart.getWidth(), chart.getHeight()));
  return { clusters, unplaced, visibleBbox };
}

/** Follows an in-app link the same way a click on an anchor would. */
function navigateTo(href: string): void {
  const link = h('a', { href, 'data-nav': true });
  document.body.append(link);
  link.click();
  link.remove();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
