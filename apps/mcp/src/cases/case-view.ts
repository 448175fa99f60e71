import type { CaseRecord, CaseSource, CaseSummary, LocalizedText, StatsResponse } from '@app/api-client';

/** Which language of the archive's bilingual text a tool returns; both by default. */
export const LANGUAGES = ['both', 'en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Text = string | LocalizedText;

/** A compact result cites this many of a case's government sources; get_case cites them all. */
export const CITED_SOURCES = 3;

/** Where a case is, for people (the explorer) and for programs (the JSON record). */
export interface CaseLinks {
  /** The case's JSON record in the api. */
  url: string;
  /** The case in the explorer the api serves at `/`. */
  page: string;
}

/** A case as a search result: its summary, where to read it, and the government records it rests on. */
export interface CompactCase extends CaseLinks {
  id: string;
  date: string;
  /** How much of `date` the records give: with `unknown`, `date` is only a placeholder and `when` says why. */
  datePrecision: string;
  when: Text;
  title: Text;
  place: Text;
  country: string;
  precision: string;
  type: string;
  credibility: string;
  tranche: string;
  hasVideo: boolean;
  summary: Text;
  sources: CaseSource[];
  /** Sources not listed here (get_case lists every one). */
  moreSources: number;
}

export function pick(text: LocalizedText, language: Language): Text {
  return language === 'both' ? { en: text.en, zh: text.zh } : text[language];
}

export function caseLinks(publicApiUrl: string, id: string, language: Language): CaseLinks {
  const base = publicApiUrl.replace(/\/+$/, '');
  const page = new URLSearchParams({ case: id, ...(language === 'both' ? {} : { lang: language }) });
  return { url: `${base}/api/cases/${encodeURIComponent(id)}`, page: `${base}/?${page}` };
}

/** The summary fields in the asked language, with links and (when the record is known) its first sources. */
export function compactCase(
  summary: CaseSummary,
  record: CaseRecord | undefined,
  publicApiUrl: string,
  language: Language,
  cited = CITED_SOURCES,
): CompactCase {
  const sources = record?.sources ?? [];
  return {
    id: summary.id,
    date: summary.date,
    datePrecision: summary.datePrecision,
    when: pick(summary.dateDisplay, language),
    title: pick(summary.title, language),
    place: pick(summary.location.name, language),
    country: summary.location.country,
    precision: summary.location.precision,
    type: summary.type,
    credibility: summary.credibility,
    tranche: summary.tranche,
    hasVideo: summary.hasVideo,
    summary: pick(summary.summary, language),
    ...caseLinks(publicApiUrl, summary.id, language),
    sources: sources.slice(0, cited),
    moreSources: Math.max(0, sources.length - cited),
  };
}

const flat = (text: Text): string => (typeof text === 'string' ? text : text.en === text.zh ? text.en : `${text.en} | ${text.zh}`);

/** The lines a model reads: one block per case, its links and sources last so they are quoted with it. */
export function caseLines(item: CompactCase): string[] {
  const video = item.hasVideo ? ' · has video' : '';
  const lines = [
    `${flat(item.title)} [${item.id}]`,
    `  ${item.date} (${flat(item.when)}) · ${flat(item.place)} (${item.country}, ${item.precision}) · ${item.type} · ${item.credibility} · ${item.tranche}${video}`,
    ...(typeof item.summary === 'string' ? [`  ${item.summary}`] : [`  ${item.summary.en}`, `  ${item.summary.zh}`]),
    `  Record: ${item.url} · Explorer: ${item.page}`,
  ];
  if (item.sources.length > 0) {
    lines.push(`  Government sources: ${item.sources.map((source) => `${source.label.replace(/\s+/g, ' ')} <${source.url}>`).join('; ')}`);
    if (item.moreSources > 0) lines.push(`  (+${item.moreSources} more sources: get_case lists them all)`);
  }
  return lines;
}

/** The stats as short lines: totals, then each breakdown largest first. */
export function statsLines(
  stats: Pick<StatsResponse, 'total' | 'withVideo' | 'yearRange' | 'byType' | 'byTranche' | 'byCountry' | 'lastUpdated' | 'releases'>,
): string[] {
  const counts = (byKey: Record<string, number>) =>
    Object.entries(byKey)
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .map(([key, count]) => `${key} ${count}`)
      .join(', ');
  const releases = Object.entries(stats.releases).map(([tranche, day]) => `${tranche} ${day}`);
  return [
    `${stats.total} cases, ${stats.withVideo} with video, incidents from ${stats.yearRange.from ?? '–'} to ${stats.yearRange.to ?? '–'}; last updated ${stats.lastUpdated ?? '–'}.`,
    `By type: ${counts(stats.byType)}.`,
    `By tranche (release): ${counts(stats.byTranche)}.`,
    `By country (ISO 3166-1; ZZ = none): ${counts(stats.byCountry)}.`,
    ...(releases.length ? [`PURSUE releases published: ${releases.join(', ')}.`] : []),
  ];
}
