import type { Lang } from '../state/url-state';
import { en, enumLabels, type MessageKey, zh } from './messages';

const catalogs: Record<Lang, Record<MessageKey, string>> = { en, zh };

let current: Lang = 'en';
let regionNames: Intl.DisplayNames | undefined;

export function setLanguage(lang: Lang): void {
  current = lang;
  regionNames = undefined;
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

export function language(): Lang {
  return current;
}

export function t(key: MessageKey, values: Record<string, string | number> = {}): string {
  return catalogs[current][key].replace(/\{(\w+)\}/g, (_, name: string) => formatValue(values[name]));
}

function formatValue(value: string | number | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'number' ? value.toLocaleString(locale()) : value;
}

export function locale(): string {
  return current === 'zh' ? 'zh-CN' : 'en';
}

/** `PURSUE-4` reads as a release number in both languages; other values come from the table. */
export function enumLabel(value: string): string {
  const release = /^PURSUE-(\d+)$/.exec(value);
  if (release) return current === 'zh' ? `PURSUE 第 ${release[1]} 批` : `PURSUE Release ${release[1]}`;
  return enumLabels[current][value] ?? value;
}

/** Country names from the browser's own CLDR data, so no name table ships in the bundle. */
export function countryName(code: string): string {
  if (code === 'ZZ') return t('noCountry');
  regionNames ??= new Intl.DisplayNames([locale()], { type: 'region' });
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The text in the current language of a bilingual field. */
export function pick(text: { zh: string; en: string } | undefined): string {
  return text ? text[current] || text.en || text.zh : '';
}

/** "Roswell (United States)" / "罗斯威尔（美国）": each language's own parentheses. */
export function placeWithCountry(place: string, country: string): string {
  return current === 'zh' ? `${place}（${countryName(country)}）` : `${place} (${countryName(country)})`;
}
