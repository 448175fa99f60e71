import { fetchSuggestions } from '../api/api-client';
import type { Suggestion } from '@app/api-client';
import { hrefFor, navigate } from '../app';
import { h, mount } from '../dom/h';
import { t } from '../i18n/i18n';

/** Wait for a pause in typing before asking, and ask only once there is something to complete. */
const TYPING_PAUSE_MS = 150;
const MIN_LENGTH = 2;
const LIMIT = 8;

/**
 * Turns the search box into a combobox (WAI-ARIA 1.2 pattern, list autocomplete): titles and place
 * names from /api/suggest appear under it as it is typed; ArrowDown / ArrowUp move through them,
 * Enter or a click opens that case, Escape closes the list. Enter with no suggestion chosen still
 * submits the search as typed. Returns the element to place after the input.
 */
export function attachSuggestions(input: HTMLInputElement): HTMLElement {
  const listId = `${input.id}-suggestions`;
  const list = h('ul', { id: listId, role: 'listbox', class: 'suggestions', 'aria-label': t('suggestionsLabel'), hidden: true });
  const status = h('span', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
  let suggestions: Suggestion[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;

  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', listId);
  input.setAttribute('aria-expanded', 'false');

  const close = () => {
    pending?.abort();
    clearTimeout(timer);
    suggestions = [];
    active = -1;
    list.hidden = true;
    mount(list);
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
  };

  const highlight = (index: number) => {
    active = index;
    list.querySelectorAll('[role="option"]').forEach((option, i) => option.setAttribute('aria-selected', String(i === index)));
    if (index >= 0) input.setAttribute('aria-activedescendant', `${listId}-${index}`);
    else input.removeAttribute('aria-activedescendant');
  };

  const choose = (suggestion: Suggestion) => {
    close();
    navigate({ caseId: suggestion.id });
  };

  const show = (found: Suggestion[]) => {
    suggestions = found;
    active = -1;
    mount(
      list,
      found.map((suggestion, i) =>
        h(
          'li',
          {
            id: `${listId}-${i}`,
            role: 'option',
            'aria-selected': 'false',
            lang: suggestion.language === 'zh' ? 'zh-Hans' : 'en',
            'data-case-id': suggestion.id,
            // mousedown, not click: the input must not lose focus (and close the list) first.
            onmousedown: (event: Event) => {
              event.preventDefault();
              choose(suggestion);
            },
          },
          h('a', { href: hrefFor({ caseId: suggestion.id }), tabindex: -1 }, suggestion.text),
          suggestion.field === 'place' && h('span', { class: 'suggestion-case' }, suggestion.title),
        ),
      ),
    );
    list.hidden = found.length === 0;
    input.setAttribute('aria-expanded', String(found.length > 0));
    input.removeAttribute('aria-activedescendant');
    status.textContent = found.length > 0 ? t('suggestionsCount', { n: found.length }) : '';
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    pending?.abort();
    const text = input.value.trim();
    if (text.length < MIN_LENGTH) return close();
    timer = setTimeout(() => {
      pending = new AbortController();
      fetchSuggestions(text, LIMIT, pending.signal).then(
        (found) => {
          if (input.value.trim() === text) show(found);
        },
        () => undefined, // A suggestion that fails to load is simply not offered.
      );
    }, TYPING_PAUSE_MS);
  });

  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      // Past either end the focus is back on the text as typed (-1), then wraps round.
      const next = active + (event.key === 'ArrowDown' ? 1 : -1);
      highlight(next >= suggestions.length ? -1 : next < -1 ? suggestions.length - 1 : next);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === 'Enter') {
      close(); // The form submits the text as typed.
    } else if (event.key === 'Escape' && !list.hidden) {
      event.preventDefault();
      close();
    }
  });
  input.addEventListener('blur', () => close());

  return h('div', { class: 'suggest' }, list, status);
}
