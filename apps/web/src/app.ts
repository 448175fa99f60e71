import { formatUrlState, parseUrlState, type UrlState } from './state/url-state';

type Renderer = (state: UrlState) => void;

let state: UrlState;
let render: Renderer = () => undefined;

export function currentState(): UrlState {
  return state;
}

/** The href of the view `changes` lead to, so every navigation is a real, shareable link. */
export function hrefFor(changes: Partial<UrlState>): string {
  return formatUrlState({ ...state, ...changes });
}

export function navigate(changes: Partial<UrlState>, options: { replace?: boolean } = {}): void {
  state = { ...state, ...changes };
  const url = formatUrlState(state);
  if (options.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  render(state);
}

/** Reads the URL, renders, and keeps following links and the back button without reloading. */
export function startApp(renderer: Renderer): void {
  render = renderer;
  const read = () => parseUrlState(location.search, navigator.languages?.length ? navigator.languages : [navigator.language]);
  state = read();
  history.replaceState(null, '', formatUrlState(state));
  window.addEventListener('popstate', () => {
    state = read();
    render(state);
  });
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[data-nav]');
    if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    history.pushState(null, '', link.search || '?');
    state = read();
    render(state);
    window.scrollTo(0, 0);
  });
  render(state);
}
