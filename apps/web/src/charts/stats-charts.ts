import type { StatsResponse } from '@app/api-client';
import { countryName, enumLabel, t } from '../i18n/i18n';
import { createChart } from './echarts-setup';

export interface Series {
  labels: string[];
  values: number[];
  /** Shown after a label in the data table only (the chart's axis stays short). */
  notes?: string[];
}

const COLOR = '#1d4ed8';
const TOP_COUNTRIES = 12;

/** Every year from the first to the last, zeros included, so gaps in the record show as gaps. */
export function yearSeries(byYear: Record<string, number>): Series {
  const years = Object.keys(byYear).map(Number).filter(Number.isInteger);
  if (years.length === 0) return { labels: [], values: [] };
  const labels: string[] = [];
  for (let year = Math.min(...years); year <= Math.max(...years); year++) labels.push(String(year));
  return { labels, values: labels.map((year) => byYear[year] ?? 0) };
}

export function typeSeries(stats: StatsResponse): Series {
  return { labels: Object.keys(stats.byType).map(enumLabel), values: Object.values(stats.byType) };
}

/** Releases by number; where the api gives publication dates, the data table shows them. */
export function trancheSeries(stats: StatsResponse): Series {
  const tranches = Object.keys(stats.byTranche);
  return {
    labels: tranches.map(enumLabel),
    values: Object.values(stats.byTranche),
    notes: tranches.map((tranche) => (stats.releases?.[tranche] ? t('releasedOn', { date: stats.releases[tranche] }) : '')),
  };
}

export function countrySeries(stats: StatsResponse): Series {
  const top = Object.entries(stats.byCountry)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP_COUNTRIES);
  return { labels: top.map(([code]) => countryName(code)), values: top.map(([, count]) => count) };
}

/** A bar chart; `horizontal` for long category names (types, countries). */
export function drawBars(element: HTMLElement, series: Series, signal: AbortSignal, options: { horizontal?: boolean } = {}): void {
  const chart = createChart(element, signal);
  const categoryAxis = { type: 'category' as const, data: series.labels, inverse: options.horizontal, axisLabel: { hideOverlap: true } };
  // Horizontal bars carry their numbers as labels; an axis name there would be cut off.
  const valueAxis = { type: 'value' as const, minInterval: 1, name: options.horizontal ? undefined : t('count') };
  // No ECharts aria here: its generated description garbles category data. The container's
  // label names the chart and the data table beside it carries the numbers.
  chart.setOption({
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 24, top: 28, bottom: 8, containLabel: true },
    xAxis: options.horizontal ? valueAxis : categoryAxis,
    yAxis: options.horizontal ? categoryAxis : valueAxis,
    series: [
      { type: 'bar', name: t('count'), data: series.values, itemStyle: { color: COLOR }, label: { show: options.horizontal, position: 'right' } },
    ],
  });
}
