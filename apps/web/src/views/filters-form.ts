import { FILTER_NAMES, type Filters } from '../api/api-client';
import type { StatsResponse } from '../api/api.types';
import { CASE_TYPES, CREDIBILITY_LEVELS } from '../../../../libs/cases/src/case.enums';
import { h } from '../dom/h';
import { countryName, enumLabel, locale, t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages';

interface Option {
  value: string;
  label: string;
}

/**
 * The `q` box and every list filter. Choices come from /api/stats where it lists them (releases,
 * countries, years), so a new release or country appears without a new explorer.
 */
export function filtersForm(
  filters: Filters,
  stats: StatsResponse | undefined,
  onSubmit: (filters: Filters) => void,
  onClear: () => void,
): HTMLFormElement {
  const years: Option[] = [];
  const { from, to } = stats?.yearRange ?? { from: null, to: null };
  if (from !== null && to !== null) for (let year = to; year >= from; year--) years.push({ value: String(year), label: String(year) });
  const countries = Object.keys(stats?.byCountry ?? {})
    .map((code) => ({ value: code, label: countryName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale()));
  const enumOptions = (values: readonly string[]) => values.map((value) => ({ value, label: enumLabel(value) }));

  const select = (name: (typeof FILTER_NAMES)[number], label: MessageKey, options: Option[]) => {
    // Keep a value from the URL selectable even before stats arrive or when stats lack it.
    const current = filters[name];
    if (current && !options.some((option) => option.value === current)) options = [{ value: current, label: current }, ...options];
    return h(
      'div',
      { class: 'field' },
      h('label', { for: `filter-${name}` }, t(label)),
      h(
        'select',
        { id: `filter-${name}`, name },
        h('option', { value: '' }, t('any')),
        options.map((option) => h('option', { value: option.value, selected: option.value === current }, option.label)),
      ),
    );
  };

  const form = h(
    'form',
    { class: 'filters', role: 'search', 'aria-labelledby': 'filters-heading' },
    h('h2', { id: 'filters-heading', class: 'visually-hidden' }, t('filtersHeading')),
    h(
      'div',
      { class: 'field field-q' },
      h('label', { for: 'filter-q' }, t('filterQ')),
      h('input', {
        id: 'filter-q',
        name: 'q',
        type: 'search',
        value: filters.q ?? '',
        placeholder: t('filterQHint'),
        maxlength: 200,
        autocomplete: 'off',
      }),
    ),
    select('type', 'filterType', enumOptions(CASE_TYPES)),
    select('credibility', 'filterCredibility', enumOptions(CREDIBILITY_LEVELS)),
    select('tranche', 'filterTranche', enumOptions(Object.keys(stats?.byTranche ?? {}))),
    select('country', 'filterCountry', countries),
    select('hasVideo', 'filterHasVideo', [
      { value: 'true', label: t('withVideo') },
      { value: 'false', label: t('withoutVideo') },
    ]),
    select('year', 'filterYear', years),
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
    const next: Filters = {};
    for (const name of FILTER_NAMES) {
      const value = String(data.get(name) ?? '').trim();
      if (value) next[name] = value;
    }
    onSubmit(next);
  });
  // Choosing a filter applies it at once; the text box applies on Enter or the button.
  form.addEventListener('change', (event) => {
    if ((event.target as Element).tagName === 'SELECT') form.requestSubmit();
  });
  return form;
}
