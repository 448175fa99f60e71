import './styles.css';
import { fetchFacets, type Filters } from './api/api-client';
import { navigate, startApp } from './app';
import { h, mount } from './dom/h';
import { setLanguage, t } from './i18n/i18n';
import type { UrlState } from './state/url-state';
import { renderCase } from './views/case-view';
import { renderCharts } from './views/charts-view';
import { filtersForm } from './views/filters-form';
import { renderMap } from './views/map-view';
import { renderResults } from './views/search-view';
import { shell } from './views/shell';

const root = document.getElementById('app') as HTMLElement;
let running: AbortController | undefined;

/** Redraws the page for a state; aborting the previous view drops its requests and charts. */
function render(state: UrlState): void {
  running?.abort();
  const controller = new AbortController();
  running = controller;

  const focused = document.activeElement?.id;
  setLanguage(state.lang);
  document.title = t('appTitle');
  const main = h('main', { id: 'main', tabindex: -1 });
  mount(root, shell(state, main));

  const view = h('div', { class: 'view' });
  const show = async () => {
    if (state.caseId) {
      mount(main, view);
      return renderCase(view, state.caseId, controller.signal);
    }
    if (state.view === 'charts') {
      mount(main, view);
      return renderCharts(view, controller.signal);
    }
    if (state.view === 'documents') {
      mount(main, view);
      // Loaded when first opened, as the map and charts are: the first view stays light.
      if (state.documentId) return (await import('./views/document-reader')).renderDocumentPage(view, state, controller.signal);
      return (await import('./views/documents-view')).renderDocuments(view, state, controller.signal, focused);
    }
    // Without counts the menus still work; they only lack the numbers.
    const facets = await fetchFacets(state.filters, controller.signal).catch(() => undefined);
    if (controller.signal.aborted) return;
    const apply = (filters: Filters) => navigate({ filters, offset: 0, cursor: undefined });
    mount(
      main,
      filtersForm(state.filters, facets, apply, () => apply({})),
      view,
    );
    // Back where the reader was: a ticked box sits in a menu that must be open again.
    const again = focused ? document.getElementById(focused) : null;
    again?.closest('details')?.setAttribute('open', '');
    again?.focus();
    return state.view === 'map' ? renderMap(view, state, controller.signal) : renderResults(view, state, controller.signal);
  };
  show().catch((error: Error) => {
    if (controller.signal.aborted) return;
    view.append(h('p', { class: 'error', role: 'alert' }, t('loadFailed', { message: error.message })));
  });
}

startApp(render);
