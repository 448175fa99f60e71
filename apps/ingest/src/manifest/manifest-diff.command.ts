import { existsSync, readdirSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Command } from 'commander';
import type { PursueRelease } from '@app/cases';
import { type Catalogue, CatalogueFormatError, readCatalogue, toIsoDate } from './catalogue.reader';
import { parseCoverage, pendingCoverageCsv } from './coverage';
import { diffCatalogue, type ManifestDiff } from './manifest-diff';
import { formatManifestDiff } from './manifest-diff.format';

/** Exit statuses: scripts branch on them. */
export const EXIT = { nothingToDo: 0, workPending: 1, error: 2 } as const;

export interface ManifestDiffOptions {
  /** The archive folder: sources/, coverage.csv, releases.json. */
  dataDir: string;
  write: boolean;
  /** `YYYY-MM-DD` for the stored copy's name; defaults to today (UTC). */
  date: string;
}

export interface ManifestDiffResult {
  diff: ManifestDiff;
  /** Files --write changed, relative to the data folder. */
  written: string[];
}

interface ReleaseCalendarFile {
  about?: string;
  releases: PursueRelease[];
}

/** Reads the archive's side, diffs, and with `write` records the new files. */
export function runManifestDiff(cataloguePath: string, options: ManifestDiffOptions): ManifestDiffResult {
  const calendarPath = join(options.dataDir, 'releases.json');
  const calendarFile: ReleaseCalendarFile = JSON.parse(readFileSync(calendarPath, 'utf8'));
  const content = readFileSync(cataloguePath);
  const catalogue = readCatalogue(content, basename(cataloguePath), calendarFile.releases);
  const sourcesDir = join(options.dataDir, 'sources');
  const stored = storedCatalogues(sourcesDir, calendarFile.releases);
  const coveragePath = join(options.dataDir, 'coverage.csv');
  const diff = diffCatalogue(catalogue, {
    stored: stored.catalogues,
    coverage: parseCoverage(readFileSync(coveragePath)),
    calendar: calendarFile.releases,
  });
  diff.warnings.push(...stored.skipped.map((message) => ({ message })));
  if (!options.write) return { diff, written: [] };

  const written: string[] = [];
  const added = diff.releases.flatMap((r) => r.added.map((file) => ({ release: r.release, fileId: file.fileId, dvidsId: file.dvidsId })));
  if (added.length) {
    const text = readFileSync(coveragePath, 'utf8');
    appendFileSync(coveragePath, `${text.endsWith('\n') ? '' : '\n'}${pendingCoverageCsv(added)}`);
    written.push(`coverage.csv (+${added.length} pending row(s))`);
    for (const release of diff.releases) {
      for (const file of release.added) diff.pendingInCoverage.push({ release: String(release.release), fileId: file.fileId });
    }
  }
  const already = stored.files.find((name) => readFileSync(join(sourcesDir, name)).equals(content));
  if (!already) {
    const name = freeName(sourcesDir, `war-gov-catalogue-${options.date}`);
    writeFileSync(join(sourcesDir, name), content);
    written.push(`sources/${name}`);
  }
  const newReleases = diff.releases.filter((r) => r.isNew && r.date);
  if (newReleases.length) {
    calendarFile.releases.push(...newReleases.map((r) => ({ release: r.release, tranche: `PURSUE-${r.release}`, date: r.date as string })));
    writeFileSync(calendarPath, formatCalendar(calendarFile));
    written.push(`releases.json (+ release ${newReleases.map((r) => r.release).join(', ')})`);
  }
  return { diff, written };
}

/** Catalogues in data/sources/, oldest first: undated ones, then `...-YYYY-MM-DD...` by date. */
function storedCatalogues(dir: string, calendar: readonly PursueRelease[]): { catalogues: Catalogue[]; files: string[]; skipped: string[] } {
  const dated = (name: string) => /\d{4}-\d{2}-\d{2}/.exec(name)?.[0] ?? '';
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.csv')) : [];
  files.sort((a, b) => dated(a).localeCompare(dated(b)) || a.localeCompare(b));
  const catalogues: Catalogue[] = [];
  const skipped: string[] = [];
  for (const name of files) {
    try {
      catalogues.push(readCatalogue(readFileSync(join(dir, name)), `sources/${name}`, calendar));
    } catch (error) {
      if (!(error instanceof CatalogueFormatError)) throw error;
      skipped.push(`sources/${name} is not a catalogue; left out of the comparison`);
    }
  }
  return { catalogues, files, skipped };
}

function freeName(dir: string, stem: string): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${stem}.csv` : `${stem}-${n}.csv`;
    if (!existsSync(join(dir, name))) return name;
  }
}

/** One release per line, as data/releases.json is written by hand. */
function formatCalendar(file: ReleaseCalendarFile): string {
  const releases = [...file.releases]
    .sort((a, b) => a.release - b.release)
    .map((r) => `    ${JSON.stringify(r).replace(/,"/g, ', "').replace(/":/g, '": ').replace(/^\{/, '{ ').replace(/\}$/, ' }')}`);
  return `{\n  "about": ${JSON.stringify(file.about ?? '')},\n  "releases": [\n${releases.join(',\n')}\n  ]\n}\n`;
}

/** `ingest manifest-diff <catalogue.csv> [--write] [--json]`; needs no Elasticsearch. */
export function manifestDiffCommand(): Command {
  return new Command('manifest-diff')
    .description('compare a war.gov catalogue CSV with data/sources/ and data/coverage.csv: new, removed and changed files per release')
    .argument('<catalogue>', "the catalogue file (war.gov's uap-data.csv format, or the row-level format of data/sources/)")
    .option('--write', 'add the new files to coverage.csv as pending, and keep the catalogue in data/sources/ under a dated name')
    .option('--json', 'print the report as JSON')
    .option('--data <dir>', 'the archive folder', 'data')
    .option('--date <YYYY-MM-DD>', "the date in the stored copy's name (default: today, UTC)")
    .addHelpText('after', '\nExit status: 0 nothing to do, 1 work pending (new, removed or changed files, or pending coverage rows), 2 error.')
    .action((path: string, options: { write?: boolean; json?: boolean; data: string; date?: string }) => {
      try {
        const date = options.date ?? new Date().toISOString().slice(0, 10);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || toIsoDate(date) !== date) throw new CatalogueFormatError('--date must be a real day, YYYY-MM-DD');
        const { diff, written } = runManifestDiff(path, { dataDir: options.data, write: Boolean(options.write), date });
        if (options.json) console.log(JSON.stringify({ ...diff, written }, null, 2));
        else console.log(`${formatManifestDiff(diff)}${written.length ? `\nWrote: ${written.join('; ')}` : ''}`);
        process.exitCode = diff.pending ? EXIT.workPending : EXIT.nothingToDo;
      } catch (error) {
        const message =
          (error as NodeJS.ErrnoException).code === 'ENOENT' ? `cannot read ${(error as { path?: string }).path}` : (error as Error).message;
        console.error(`manifest-diff: ${message}`);
        process.exitCode = EXIT.error;
      }
    });
}
