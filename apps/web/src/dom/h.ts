type Child = Node | string | number | null | undefined | false;
type Children = Child | Children[];
type Attributes = Record<string, string | number | boolean | null | undefined | EventListener>;

/**
 * A tiny element builder: `h('a', { href }, 'text')`. Text is always set as text, never as
 * HTML, so case data cannot inject markup. `on*` attributes given a function become listeners.
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Children[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined) element.setAttribute(name, String(value));
  }
  element.append(...nodes(children));
  return element;
}

/** Replaces an element's content. */
export function mount(parent: Element, ...children: Children[]): void {
  parent.replaceChildren(...nodes(children));
}

function nodes(children: Children[]): (Node | string)[] {
  return (children.flat(Infinity as 1) as Child[])
    .filter((child): child is Node | string | number => child !== null && child !== undefined && child !== false)
    .map((child) => (child instanceof Node ? child : String(child)));
}
