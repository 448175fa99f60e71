import { type FacetCounts, type FacetedFilter, FILTER_NAMES, type Filters } from '../api/api-client';
import { CASE_TYPES, CREDIBILITY_LEVELS } from '../../../../libs/cases/src/case.enums';
import { h } from '../dom/h';
import { countryName, enumLabel, locale, t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages';
import { attachSuggestions } from './suggest-box';

interface Option {
  value: string;
  label: string;
}

/** What the api accepts for dateFrom and dateTo; the browser checks it before the form applies. */
const DATE_BOUND = '\\d{4}(-\\d{2}(-\\d{2})?)?';

/** The `q` box, offering titles and place names as it is typed. */
function searchBox(value: string): HTMLElement[] {
  const input = h('input', { id: 'filter-q', name: 'q', type: 'search', value, placeholder: t('filterQHint'), maxlength: 200, autocomplete: 'off' });
  return [input, attachSuggestions(input)];
}

/**
 * The `q` box and every list filter. The menus that take several values are checkbox groups in
 * a disclosure, each value with the number of cases it would give (from the list's facets), so a
 * new release or country appears without a new explorer. Then the date range and the order.
 */
export function filtersForm(
  filters: Filters,
  facets: Partial<Record<FacetedFilter, FacetCounts>> | undefined,
  onSubmit: (filters: Filters) => void,
  onClear: () => void,
): HTMLFormElement {
  const counted = (name: FacetedFilter, label: string, value: string) => {
    const n = facets?.[name]?.[value];
    return n === undefined ? label : t('optionCount', { label, n });
  };
  const present = (name: FacetedFilter) => Object.keys(facets?.[name] ?? {}).filter((value) => (facets?.[name]?.[value] ?? 0) > 0);
  const enumOptions = (values: readonly string[]) => values.map((value) => ({ value, label: enumLabel(value) }));
  const countries = present('country')
    .map((code) => ({ value: code, label: countryName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale()));

  /** Several values: ticking one applies it at once, as choosing in a menu does. */
  const several = (name: Exclude<FacetedFilter, 'hasVideo'>, label: MessageKey, options: Option[]) => {
    const chosen = new Set((filters[name] ?? '').split(',').filter(Boolean));
    // A value from the URL stays visible (and can be unticked) even when nothing else has it.
    for (const value of chosen) if (!options.some((option) => option.value === value)) options = [...options, { value, label: value }];
    return h(
      'details',
      { class: 'field multi', open: false },
      h(
        'summary',
        { id: `filter-${name}` },
        h('span', { class: 'multi-label' }, t(label)),
        chosen.size > 0 && h('span', { class: 'multi-chosen' }, t('chosenCount', { n: chosen.size })),
      ),
      h(
        'fieldset',
        {},
        h('legend', { class: 'visually-hidden' }, t(label)),
        options.map((option) =>
          h(
            'label',
            { class: 'option' },
            h('input', { type: 'checkbox', name, value: option.value, id: `filter-${name}-${option.value}`, checked: chosen.has(option.value) }),
            ' ',
            counted(name, option.label, option.value),
          ),
        ),
      ),
    );
  };

  const select = (name: 'hasVideo' | 'sort', label: MessageKey, options: Option[], anyLabel: MessageKey = 'any') => {
    const current = filters[name];
    return h(
      'div',
      { class: 'field' },
      h('label', { for: `filter-${name}` }, t(label)),
      h(
        'select',
        { id: `filter-${name}`, name },
        h('option', { value: '' }, t(anyLabel)),
        options.map((option) => h('option', { value: option.value, selected: option.value === current }, option.label)),
      ),
    );
  };

  const dateInput = (name: 'dateFrom' | 'dateTo', label: MessageKey) =>
    h(
      'div',
      { class: 'field field-date' },
      h('label', { for: `filter-${name}` }, t(label)),
      h('input', {
        id: `filter-${name}`,
        name,
        type: 'text',
        inputmode: 'numeric',
        pattern: DATE_BOUND,
        value: filters[name] ?? '',
        placeholder: t('dateHint'),
        title: t('dateTitle'),
        autocomplete: 'off',
        size: 10,
      }),
    );

  const form = h(
    'form',
    { class: 'filters', role: 'search', 'aria-labelledby': 'filters-heading' },
    h('h2', { id: 'filters-heading', class: 'visually-hidden' }, t('filtersHeading')),
    h('div', { class: 'field field-q' }, h('label', { for: 'filter-q' }, t('filterQ')), searchBox(filters.q ?? '')),
    several('type', 'filterType', enumOptions(CASE_TYPES)),
    several('credibility', 'filterCredibility', enumOptions(CREDIBILITY_LEVELS)),
    several('tranche', 'filterTranche', enumOptions(present('tranche'))),
    several('country', 'filterCountry', countries),
    select('hasVideo', 'filterHasVideo', [
      { value: 'true', label: counted('hasVideo', t('withVideo'), 'true') },
      { value: 'false', label: counted('hasVideo', t('withoutVideo'), 'false') },
    ]),
    dateInput('dateFrom', 'filterDateFrom'),
    dateInput('dateTo', 'filterDateTo'),
    select(
      'sort',
      'filterSort',
      [
        { value: 'newest', label: t('sortNewest') },
        { value: 'oldest', label: t('sortOldest') },
      ],
      'sortDefault',
    ),
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit', class: 'primary' }, t('submit')),
      h('button', { type: 'button', onclick: () => onClear() }, t('clearFilters')),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    // The map area is not a field: it is set on the map and kept until cleared there.
    const next: Filters = filters.bbox ? { bbox: filters.bbox } : {};
    for (const name of FILTER_NAMES) {
      const value = data
        .getAll(name)
        .map((item) => String(item).trim())
        .filter(Boolean)
        .join(',');
      if (value) next[name] = value;
    }
    onSubmit(next);
  });
  // Choosing in a menu applies it at once; the text boxes apply on Enter or the button.
  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement;
    if (target.tagName === 'SELECT' || target.type === 'checkbox') form.requestSubmit();
  });
  return form;
}
