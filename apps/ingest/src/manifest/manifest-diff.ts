import type { PursueRelease } from '@app/cases';
import { type Catalogue, type CatalogueRow, type CatalogueWarning, occurrenceKeys } from './catalogue.reader';
import { PENDING_REASON, type CoverageRow } from './coverage';

/** The row fields an operator needs to hear about; `links` is compared as a list. */
export const COMPARED_FIELDS = ['title', 'releaseDate', 'incidentDate', 'location', 'description', 'links', 'dvidsId', 'type', 'agency'] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

export interface FileEntry {
  fileId: string;
  title: string;
  type: string;
  dvidsId: string;
  /** Cases that cite the file, per coverage.csv. */
  cases: string[];
}

export interface FieldChange {
  field: ComparedField;
  before: string;
  after: string;
}

export interface ChangedFile extends FileEntry {
  changes: FieldChange[];
  /** Where the archive's copy of the row comes from (a file in data/sources/, or coverage.csv). */
  comparedWith: string;
}

export interface ReleaseDiff {
  release: number;
  date: string | null;
  /** True when data/releases.json does not know this release yet. */
  isNew: boolean;
  /** Rows the catalogue lists for this release. */
  files: number;
  added: FileEntry[];
  removed: FileEntry[];
  changed: ChangedFile[];
}

export interface ManifestDiff {
  catalogue: { name: string; format: string; rows: number };
  /** One entry per release the catalogue lists, in release order. */
  releases: ReleaseDiff[];
  /** Releases the archive covers that the catalogue does not list: not compared, never "removed". */
  notInCatalogue: number[];
  /** coverage.csv rows already waiting for a case or a reason. */
  pendingInCoverage: { release: string; fileId: string }[];
  warnings: CatalogueWarning[];
  /** Anything for the operator to do: new, removed or changed files, or pending rows. */
  pending: boolean;
}

export interface ArchiveState {
  /** The catalogues kept in data/sources/, oldest first: a later one's row wins. */
  stored: Catalogue[];
  coverage: CoverageRow[];
  calendar: readonly PursueRelease[];
}

/**
 * Compares a catalogue with what the archive holds. Pure: the caller reads the files.
 * A file is new when coverage.csv has no row for it, removed when coverage.csv has it under a
 * release the catalogue lists but the catalogue does not, and changed when its row differs
 * from the newest stored copy of that row.
 */
export function diffCatalogue(catalogue: Catalogue, archive: ArchiveState): ManifestDiff {
  const storedRows = new Map<string, { row: CatalogueRow; source: string }>();
  for (const stored of archive.stored) for (const row of stored.rows) storedRows.set(row.key, { row, source: stored.name });

  const coverage = archive.coverage.map((row) => ({ ...row, fileId: row.file_id, key: row.file_id }));
  occurrenceKeys(coverage);
  const coverageByKey = new Map(coverage.map((row) => [row.key, row]));
  const casesOf = (fileId: string) => [...new Set(coverage.filter((row) => row.fileId === fileId && row.case_id).map((row) => row.case_id))];

  const catalogueKeys = new Set(catalogue.rows.map((row) => row.key));
  const releaseNumbers = [...new Set(catalogue.rows.map((row) => row.release).filter((r): r is number => r !== null))].sort((a, b) => a - b);
  const known = new Map(archive.calendar.map((r) => [r.release, r.date]));

  const releases: ReleaseDiff[] = releaseNumbers.map((release) => {
    const rows = catalogue.rows.filter((row) => row.release === release);
    const added: FileEntry[] = [];
    const changed: ChangedFile[] = [];
    for (const row of rows) {
      const entry = { fileId: row.fileId, title: row.title, type: row.type, dvidsId: row.dvidsId, cases: casesOf(row.fileId) };
      const covered = coverageByKey.get(row.key);
      if (!covered) {
        added.push(entry);
        continue;
      }
      const stored = storedRows.get(row.key);
      const changes = stored ? compareRows(stored.row, row) : compareWithCoverage(covered, row);
      if (changes.length) changed.push({ ...entry, changes, comparedWith: stored?.source ?? 'coverage.csv' });
    }
    const removed = coverage
      .filter((row) => Number(row.release) === release && !catalogueKeys.has(row.key))
      .map((row) => {
        const stored = storedRows.get(row.key)?.row;
        return { fileId: row.fileId, title: stored?.title ?? '', type: stored?.type ?? '', dvidsId: row.dvids_id, cases: casesOf(row.fileId) };
      });
    const date = rows.find((row) => row.releaseDate)?.releaseDate ?? known.get(release) ?? null;
    return { release, date, isNew: !known.has(release), files: rows.length, added, removed, changed };
  });

  const listed = new Set(releaseNumbers);
  const notInCatalogue = [...new Set(coverage.map((row) => Number(row.release)))].filter((r) => !listed.has(r)).sort((a, b) => a - b);
  const pendingInCoverage = archive.coverage
    .filter((row) => row.reason.trim() === PENDING_REASON)
    .map((row) => ({ release: row.release, fileId: row.file_id }));
  const warnings = [...catalogue.warnings, ...placeNameWarnings(catalogue, archive.stored)];
  const work = releases.some((r) => r.added.length || r.removed.length || r.changed.length) || pendingInCoverage.length > 0;
  return {
    catalogue: { name: catalogue.name, format: catalogue.format, rows: catalogue.rows.length },
    releases,
    notInCatalogue,
    pendingInCoverage,
    warnings,
    pending: work,
  };
}

function compareRows(before: CatalogueRow, after: CatalogueRow): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of COMPARED_FIELDS) {
    const a = field === 'links' ? normalizeLinks(before.links).join(' ') : String(before[field] ?? '');
    const b = field === 'links' ? normalizeLinks(after.links).join(' ') : String(after[field] ?? '');
    // A format that lacks a field (the row-level file has no links) says nothing about it.
    if (a !== b && !(field === 'links' && b === '')) changes.push({ field, before: a, after: b });
  }
  return changes;
}

/** With no stored row (a release known only from coverage.csv), the DVIDS id is all there is to compare. */
function compareWithCoverage(covered: CoverageRow, row: CatalogueRow): FieldChange[] {
  return covered.dvids_id !== row.dvidsId ? [{ field: 'dvidsId', before: covered.dvids_id, after: row.dvidsId }] : [];
}

/** Percent-encoding differences are not changes: compare decoded. */
function normalizeLinks(links: string[]): string[] {
  return links.map((url) => {
    try {
      return decodeURI(url);
    } catch {
      return url;
    }
  });
}

/**
 * A place name that differs from a more common one by a single typed letter (a missing,
 * extra or swapped letter) or only by case, spaces or hyphens is most likely a misspelling:
 * "Westen United States". Names that differ by a substituted letter (Iran, Iraq) are left alone.
 */
export function placeNameWarnings(catalogue: Catalogue, stored: Catalogue[]): CatalogueWarning[] {
  const counts = new Map<string, number>();
  for (const row of [...stored.flatMap((c) => c.rows), ...catalogue.rows])
    if (row.location) counts.set(row.location, (counts.get(row.location) ?? 0) + 1);
  const names = [...counts.keys()];
  const warnings: CatalogueWarning[] = [];
  const inCatalogue = new Map<string, CatalogueRow[]>();
  for (const row of catalogue.rows) if (row.location) inCatalogue.set(row.location, [...(inCatalogue.get(row.location) ?? []), row]);
  for (const [name, rows] of inCatalogue) {
    if (name.length < 6) continue;
    const likely = names.find((other) => other !== name && (counts.get(other) ?? 0) > (counts.get(name) ?? 0) && oneSlipApart(name, other));
    if (likely) {
      const ids = rows.map((r) => r.fileId);
      warnings.push({
        line: rows[0].line,
        message: `place "${name}" looks like a misspelling of "${likely}" (${ids.length} row(s): ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', ...' : ''})`,
      });
    }
  }
  return warnings;
}

function oneSlipApart(a: string, b: string): boolean {
  const loose = (s: string) => s.toLowerCase().replace(/[\s-]+/g, ' ');
  if (loose(a) === loose(b)) return true;
  if (Math.abs(a.length - b.length) === 1) {
    const [short, long] = a.length < b.length ? [a, b] : [b, a];
    for (let i = 0; i < long.length; i++) if (long.slice(0, i) + long.slice(i + 1) === short) return true;
    return false;
  }
  if (a.length !== b.length) return false;
  const diff = [...a].map((ch, i) => (ch === b[i] ? -1 : i)).filter((i) => i >= 0);
  return diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]];
}
