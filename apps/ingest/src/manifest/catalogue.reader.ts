import { parse } from 'csv-parse/sync';
import type { PursueRelease } from '@app/cases';

/** One released file as a catalogue lists it, in one shape whatever the file's format. */
export interface CatalogueRow {
  /** Line of the file where the row starts (1 = header). */
  line: number;
  release: number | null;
  /** `YYYY-MM-DD`. */
  releaseDate: string | null;
  /** The record id the title starts with (`DOW-UAP-PR050`), or the whole title when it has none. */
  fileId: string;
  /** `fileId`, or `fileId#2`, `#3`... for a later row with the same id (war.gov has used one id twice). */
  key: string;
  title: string;
  /** PDF, VID, IMG or AUD, as war.gov's own file writes it. */
  type: string;
  agency: string;
  incidentDate: string;
  location: string;
  /** Whitespace runs collapsed: the two formats wrap the same text differently. */
  description: string;
  /** war.gov file and image links, spaces percent-encoded. */
  links: string[];
  dvidsId: string;
}

export interface CatalogueWarning {
  line?: number;
  message: string;
}

export type CatalogueFormat = 'war.gov' | 'row-level';

export interface Catalogue {
  name: string;
  format: CatalogueFormat;
  rows: CatalogueRow[];
  warnings: CatalogueWarning[];
}

export class CatalogueFormatError extends Error {}

/** war.gov's `uap-data.csv` columns (also the manifest in data/sources/). */
const WAR_GOV_COLUMNS = [
  'Release Date',
  'Title',
  'Type',
  'Description Blurb',
  'DVIDS Video ID',
  'Agency',
  'Incident Date',
  'Incident Location',
  'PDF | Image Link',
  'Modal Image',
];
/** The one-row-per-file transcription of the index (data/sources/pursue-manifest-releases-05-06.csv). */
const ROW_LEVEL_COLUMNS = [
  'release',
  'release_date',
  'title',
  'file_id',
  'type',
  'agency',
  'incident_date',
  'incident_location',
  'dvids_id',
  'file_url',
  'description',
];
/** The index's file-type words and war.gov's CSV codes name the same four kinds. */
const TYPE_CODES: Record<string, string> = { pdf: 'PDF', vid: 'VID', video: 'VID', img: 'IMG', image: 'IMG', aud: 'AUD', audio: 'AUD' };
const FILE_ID = /^([A-Z]+-UAP-[A-Z]*\d+[A-Za-z]?)\b/;

/** `DOW-UAP-PR050, Middle East, 2020` -> `DOW-UAP-PR050`; a title with no id is its own id (as in coverage.csv). */
export function fileIdOf(title: string): string {
  return FILE_ID.exec(title.trim())?.[1] ?? title.trim();
}

/**
 * Reads a catalogue in either format and normalizes it. Known defects of war.gov's file (a
 * byte-order mark, padded values, spaces in URLs, an unparseable date) become warnings, never
 * failures; only a file that is not a catalogue at all throws.
 */
export function readCatalogue(content: string | Buffer, name: string, calendar: readonly PursueRelease[]): Catalogue {
  const text = typeof content === 'string' ? content : content.toString('utf8');
  const warnings: CatalogueWarning[] = [];
  if (text.startsWith('\uFEFF')) warnings.push({ line: 1, message: 'the file starts with a byte-order mark (ignored)' });

  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, columns: true, relax_column_count: true, skip_empty_lines: true, info: true });
  } catch (error) {
    throw new CatalogueFormatError(`${name} is not a readable CSV file: ${(error as Error).message}`);
  }
  const header = Object.keys(records[0]?.record ?? {});
  const format = detectFormat(header, name);
  const padded = new Map<string, number>();

  const raw = records.map(({ record, info }) => {
    const line = info.lines - countNewlines(Object.values(record));
    const value = (column: string) => {
      const given = record[column] ?? '';
      const trimmed = given.trim();
      if (trimmed !== given && trimmed !== '') padded.set(column, (padded.get(column) ?? 0) + 1);
      return trimmed;
    };
    const row = format === 'war.gov' ? fromWarGov(value) : fromRowLevel(value);
    const releaseDate = toIsoDate(row.rawReleaseDate);
    if (row.rawReleaseDate && !releaseDate) warnings.push({ line, message: `${row.fileId}: release date "${row.rawReleaseDate}" is not a date` });
    return { line, row, releaseDate };
  });
  const releases = new ReleaseNumbers(calendar, raw, warnings);

  const rows = raw.map(({ line, row, releaseDate }) => {
    const links = row.links.filter(Boolean).map((url) => {
      if (!/\s/.test(url)) return url;
      warnings.push({ line, message: `${row.fileId}: the link has spaces in it (compared percent-encoded): ${url}` });
      return url.replace(/\s/g, '%20');
    });
    return {
      line,
      release: releases.resolve(row.release, releaseDate, line),
      releaseDate,
      fileId: row.fileId,
      key: row.fileId,
      title: row.title,
      type: TYPE_CODES[row.type.toLowerCase()] ?? row.type,
      agency: row.agency,
      incidentDate: row.incidentDate,
      location: row.location,
      description: row.description.replace(/\s+/g, ' ').trim(),
      links,
      dvidsId: row.dvidsId,
    } satisfies CatalogueRow;
  });
  for (const [fileId, lines] of occurrenceKeys(rows)) {
    warnings.push({
      line: lines[1],
      message: `${fileId} is listed ${lines.length} times (lines ${lines.join(', ')}); each is compared in turn with the same id in the archive`,
    });
  }
  for (const [column, count] of padded) warnings.push({ message: `${count} value(s) in column "${column}" had spaces around them (trimmed)` });
  return { name, format, rows, warnings };
}

/** A row as one format gives it, before the release date is parsed and the key assigned. */
type RawRow = Omit<CatalogueRow, 'line' | 'releaseDate' | 'key'> & { rawReleaseDate: string };

function fromWarGov(value: (column: string) => string): RawRow {
  const title = value('Title');
  return {
    release: null,
    rawReleaseDate: value('Release Date'),
    fileId: fileIdOf(title),
    title,
    type: value('Type'),
    agency: value('Agency'),
    incidentDate: value('Incident Date'),
    location: value('Incident Location'),
    description: value('Description Blurb'),
    links: [value('PDF | Image Link'), value('Modal Image')],
    dvidsId: value('DVIDS Video ID'),
  };
}

function fromRowLevel(value: (column: string) => string): RawRow {
  const title = value('title');
  const release = /^\d+$/.test(value('release')) ? Number(value('release')) : null;
  return {
    release,
    rawReleaseDate: value('release_date'),
    fileId: value('file_id') || fileIdOf(title),
    title,
    type: value('type'),
    agency: value('agency'),
    incidentDate: value('incident_date'),
    location: value('incident_location'),
    description: value('description'),
    links: [value('file_url')],
    dvidsId: value('dvids_id'),
  };
}

function detectFormat(header: string[], name: string): CatalogueFormat {
  const has = (columns: string[]) => columns.every((column) => header.includes(column));
  if (has(WAR_GOV_COLUMNS)) return 'war.gov';
  if (has(ROW_LEVEL_COLUMNS)) return 'row-level';
  throw new CatalogueFormatError(
    `${name} has neither war.gov's catalogue columns (${WAR_GOV_COLUMNS.join(', ')}) nor the row-level columns (${ROW_LEVEL_COLUMNS.join(', ')})`,
  );
}

/** `5/8/26` (war.gov) or `2026-05-08` -> `2026-05-08`; anything else -> null. */
export function toIsoDate(raw: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(raw);
  let y: number, m: number, d: number;
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [m, d, y] = [Number(us[1]), Number(us[2]), us[3].length === 2 ? 2000 + Number(us[3]) : Number(us[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A release is known by its date (data/releases.json). Dates the calendar lacks are new
 * releases, numbered after the last known one in date order; the operator is told.
 */
class ReleaseNumbers {
  private readonly byDate = new Map<string, number>();
  private readonly warned = new Set<string>();

  constructor(
    calendar: readonly PursueRelease[],
    rows: { row: { release: number | null }; releaseDate: string | null }[],
    private readonly warnings: CatalogueWarning[],
  ) {
    for (const release of calendar) this.byDate.set(release.date, release.release);
    // A file that numbers its releases (the row-level format) is believed for dates the calendar lacks.
    for (const { row, releaseDate } of rows)
      if (releaseDate && row.release !== null && !this.byDate.has(releaseDate)) this.byDate.set(releaseDate, row.release);
    let next = Math.max(0, ...this.byDate.values()) + 1;
    const unknown = [...new Set(rows.map((r) => r.releaseDate).filter((d): d is string => d !== null && !this.byDate.has(d)))].sort();
    for (const date of unknown) this.byDate.set(date, next++);
    this.unknown = new Set(unknown);
  }

  private readonly unknown: Set<string>;

  resolve(given: number | null, date: string | null, line: number): number | null {
    if (!date) return given;
    const known = this.byDate.get(date) as number;
    if (given !== null && known !== given)
      this.warnings.push({ line, message: `release ${given} is dated ${date}, which the calendar gives to release ${known}` });
    if (given !== null) return given;
    if (this.unknown.has(date) && !this.warned.has(date)) {
      this.warned.add(date);
      this.warnings.push({ line, message: `release date ${date} is not in data/releases.json: counted as a new release, ${known}` });
    }
    return known;
  }
}

/** Gives repeated ids their occurrence keys in place; returns the repeated ids with their lines. */
export function occurrenceKeys<T extends { fileId: string; key: string; line?: number }>(rows: T[]): Map<string, number[]> {
  const seen = new Map<string, number[]>();
  for (const row of rows) {
    const lines = seen.get(row.fileId) ?? [];
    lines.push(row.line ?? 0);
    seen.set(row.fileId, lines);
    row.key = lines.length === 1 ? row.fileId : `${row.fileId}#${lines.length}`;
  }
  return new Map([...seen].filter(([, lines]) => lines.length > 1));
}

function countNewlines(values: string[]): number {
  return values.reduce((sum, v) => sum + (v.match(/\n/g)?.length ?? 0), 0);
}
