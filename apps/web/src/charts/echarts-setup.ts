// Only the parts of ECharts the explorer draws, so the lazy chunk stays small.
import { BarChart, ScatterChart } from 'echarts/charts';
import { AriaComponent, GeoComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { language } from '../i18n/i18n';

echarts.use([BarChart, ScatterChart, AriaComponent, GeoComponent, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
export type ECharts = ReturnType<typeof echarts.init>;

/** Charts follow the page's width (phones included) and are freed when their view is left (`signal` aborts). */
export function createChart(element: HTMLElement, signal: AbortSignal): ECharts {
  // ECharts would pick its own language (for the descriptions it writes for screen readers)
  // from the browser; the page's chosen language wins.
  const chart = echarts.init(element, undefined, { renderer: 'canvas', locale: language() === 'zh' ? 'ZH' : 'EN' });
  const resize = () => chart.resize();
  window.addEventListener('resize', resize);
  const dispose = () => {
    window.removeEventListener('resize', resize);
    chart.dispose();
  };
  if (signal.aborted) dispose();
  else signal.addEventListener('abort', dispose, { once: true });
  return chart;
}
