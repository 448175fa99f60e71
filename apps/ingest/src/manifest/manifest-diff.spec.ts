import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogueFormatError, readCatalogue } from './catalogue.reader';
import { parseCoverage } from './coverage';
import { describeChange, formatManifestDiff } from './manifest-diff.format';
import { runManifestDiff } from './manifest-diff.command';

const ROOT = join(__dirname, '..', '..', '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'manifests');
const catalogue = (name: string) => join(FIXTURES, name);

/** A scratch copy of the fixture archive, so --write can write. */
function scratchArchive(): string {
  const dir = mkdtempSync(join(tmpdir(), 'manifest-diff-'));
  cpSync(join(FIXTURES, 'archive'), dir, { recursive: true });
  return dir;
}

const diffOf = (name: string, dataDir = join(FIXTURES, 'archive')) =>
  runManifestDiff(catalogue(name), { dataDir, write: false, date: '2026-11-23' }).diff;
const messages = (name: string) => diffOf(name).warnings.map((w) => `${w.line ? `line ${w.line}: ` : ''}${w.message}`);

describe('manifest-diff', () => {
  it('finds nothing to do when the catalogue is the one the archive holds', () => {
    const diff = diffOf('unchanged.csv');
    expect(diff.pending).toBe(false);
    expect(diff.releases.map((r) => [r.release, r.files, r.added.length, r.removed.length, r.changed.length])).toEqual([
      [1, 1, 0, 0, 0],
      [3, 6, 0, 0, 0],
      [4, 4, 0, 0, 0],
    ]);
    expect(diff.notInCatalogue).toEqual([]);
  });

  it("reports each of war.gov's known quirks as a warning, not a failure", () => {
    const found = messages('unchanged.csv');
    expect(found).toEqual(
      expect.arrayContaining([
        'line 1: the file starts with a byte-order mark (ignored)',
        expect.stringMatching(/^line \d+: CIA-UAP-005: the link has spaces in it .*SCIENTISTS_ ARTICLE/),
        expect.stringMatching(/^line \d+: FBI-UAP-D014 is listed 2 times \(lines \d+, \d+\)/),
        '1 value(s) in column "Type" had spaces around them (trimmed)',
        expect.stringMatching(
          /^line \d+: place "Westen United States" looks like a misspelling of "Western United States" \(2 row\(s\): DOW-UAP-D078, FBI-UAP-D014\)$/,
        ),
      ]),
    );
    // The duplicated id is compared occurrence by occurrence, so neither copy is new or changed.
    expect(
      diffOf('unchanged.csv')
        .releases.flatMap((r) => [...r.added, ...r.changed])
        .map((f) => f.fileId),
    ).toEqual([]);
  });

  it('lists the files of an added release, with their DVIDS ids, and leaves the releases it does not list alone', () => {
    const diff = diffOf('added-release.csv');
    expect(diff.catalogue).toEqual({ name: 'added-release.csv', format: 'row-level', rows: 3 });
    expect(diff.pending).toBe(true);
    expect(diff.notInCatalogue).toEqual([1, 3, 4]);
    expect(diff.releases).toHaveLength(1);
    const [release] = diff.releases;
    expect(release).toMatchObject({ release: 5, date: '2026-08-07', isNew: true, files: 3, removed: [], changed: [] });
    expect(release.added.map((f) => [f.fileId, f.type, f.dvidsId, f.cases])).toEqual([
      ['CIA-UAP-D022', 'PDF', '', []],
      ['CIA-UAP-D023', 'PDF', '', []],
      ['DOW-UAP-PR117', 'VID', '1017793', []],
    ]);
  });

  it('names every field of an edited row that changed, and the cases that cite it', () => {
    const changed = diffOf('edited-row.csv').releases.flatMap((r) => r.changed);
    const byId = Object.fromEntries(changed.map((f) => [f.fileId, f]));
    expect(Object.keys(byId).sort()).toEqual(['CIA-UAP-005', 'DOE-UAP-D004', 'DOW-UAP-D094', 'DOW-UAP-PR104']);
    expect(byId['DOE-UAP-D004'].changes.map((c) => c.field)).toEqual(['title', 'location']);
    expect(byId['DOE-UAP-D004'].changes[1]).toEqual({ field: 'location', before: 'New Mexico', after: 'Los Alamos, New Mexico' });
    expect(byId['DOE-UAP-D004'].cases).toEqual(['1949-los-alamos-green-fireballs-conference']);
    expect(byId['DOW-UAP-PR104'].changes).toEqual([{ field: 'dvidsId', before: '1014101', after: '1014102' }]);
    expect(byId['DOW-UAP-D094'].changes.map((c) => c.field)).toEqual(['description']);
    expect(byId['CIA-UAP-005'].changes.map((c) => c.field)).toEqual(['links']);
    expect(byId['CIA-UAP-005'].comparedWith).toBe('sources/pursue-manifest-releases-01-04.csv');
  });

  it('lists a removed row under its release, with the case that still cites it', () => {
    const release4 = diffOf('removed-row.csv').releases.find((r) => r.release === 4)!;
    expect(release4.removed).toEqual([
      {
        fileId: 'DOW-UAP-D094',
        title: 'DOW-UAP-D094, Analysis of Flying Object Incidents in the United States, 1949',
        type: 'PDF',
        dvidsId: '',
        cases: ['1948-air-intelligence-study-203-flying-object-incidents'],
      },
    ]);
    expect(release4.added).toEqual([]);
  });

  it('--write adds the new files as pending rows, keeps a dated copy and the new release date, and is idempotent', () => {
    const data = scratchArchive();
    const first = runManifestDiff(catalogue('added-release.csv'), { dataDir: data, write: true, date: '2026-11-23' });
    expect(first.written).toEqual(['coverage.csv (+3 pending row(s))', 'sources/war-gov-catalogue-2026-11-23.csv', 'releases.json (+ release 5)']);
    const coverage = parseCoverage(readFileSync(join(data, 'coverage.csv')));
    expect(coverage.slice(-3)).toEqual([
      { release: '5', file_id: 'CIA-UAP-D022', dvids_id: '', case_id: '', reason: 'pending' },
      { release: '5', file_id: 'CIA-UAP-D023', dvids_id: '', case_id: '', reason: 'pending' },
      { release: '5', file_id: 'DOW-UAP-PR117', dvids_id: '1017793', case_id: '', reason: 'pending' },
    ]);
    expect(readFileSync(join(data, 'sources', 'war-gov-catalogue-2026-11-23.csv'))).toEqual(readFileSync(catalogue('added-release.csv')));
    expect(JSON.parse(readFileSync(join(data, 'releases.json'), 'utf8')).releases.at(-1)).toEqual({
      release: 5,
      tranche: 'PURSUE-5',
      date: '2026-08-07',
    });

    const again = runManifestDiff(catalogue('added-release.csv'), { dataDir: data, write: true, date: '2026-11-24' });
    expect(again.written).toEqual([]);
    expect(again.diff.releases[0]).toMatchObject({ isNew: false, added: [], changed: [] });
    // Still pending until each new file has a case or a reason.
    expect(again.diff.pending).toBe(true);
    expect(again.diff.pendingInCoverage).toHaveLength(3);
    expect(readdirSync(join(data, 'sources')).sort()).toEqual(['pursue-manifest-releases-01-04.csv', 'war-gov-catalogue-2026-11-23.csv']);
  });

  it('--write with a catalogue the archive already holds writes nothing', () => {
    const data = scratchArchive();
    expect(runManifestDiff(catalogue('unchanged.csv'), { dataDir: data, write: true, date: '2026-11-23' }).written).toEqual([]);
  });

  it('prints a report a person can act on', () => {
    const text = formatManifestDiff(diffOf('edited-row.csv'));
    expect(text).toContain('Release 04 (2026-07-10): 4 file(s) listed; 0 new, 0 removed, 3 changed');
    expect(text).toContain(
      '  ~ DOW-UAP-PR104  "DOW-UAP-PR104, Unresolved UAP Report, Yellow Sea, 2025"  VID  DVIDS 1014102  cited by 2025-yellow-sea-six-pointed-star-infrared',
    );
    expect(text).toContain('      dvidsId: "1014101" -> "1014102"');
    expect(text).toContain('Work pending (exit status 1).');
    expect(formatManifestDiff(diffOf('added-release.csv'))).toContain(
      'Release 05 (2026-08-07) NEW RELEASE: 3 file(s) listed; 3 new, 0 removed, 0 changed',
    );
  });
});

describe('readCatalogue', () => {
  const header =
    'Featured,Redaction,Release Date,Title,Type,Video Pairing,PDF Pairing,Description Blurb,DVIDS Video ID,Video Title,Agency,Incident Date,Incident Location,PDF | Image Link,Modal Image';
  const calendar = [{ release: 1, tranche: 'PURSUE-1', date: '2026-05-08' }];

  it('numbers releases by date and counts a date the calendar lacks as the next release', () => {
    const text = `${header}\n,,5/8/26,"DOW-UAP-D001, A",PDF,,,"one\n\ntwo",,,DoW,,,,\n,,13/40/26,"DOW-UAP-D002, B",PDF,,,,,,DoW,,,,\n,,6/1/26,"DOW-UAP-D003, C",PDF,,,,,,DoW,,,,\n`;
    const read = readCatalogue(text, 'x.csv', calendar);
    expect(read.rows.map((r) => [r.line, r.fileId, r.release, r.releaseDate, r.description])).toEqual([
      [2, 'DOW-UAP-D001', 1, '2026-05-08', 'one two'],
      [5, 'DOW-UAP-D002', null, null, ''],
      [6, 'DOW-UAP-D003', 2, '2026-06-01', ''],
    ]);
    expect(read.warnings.map((w) => w.message)).toEqual([
      'DOW-UAP-D002: release date "13/40/26" is not a date',
      'release date 2026-06-01 is not in data/releases.json: counted as a new release, 2',
    ]);
  });

  it('refuses a file that is not a catalogue, naming the columns it expects', () => {
    expect(() => readCatalogue('a,b\n1,2\n', 'other.csv', calendar)).toThrow(CatalogueFormatError);
    expect(() => readCatalogue('a,b\n1,2\n', 'other.csv', calendar)).toThrow(/other\.csv has neither war\.gov's catalogue columns/);
  });
});

describe('describeChange', () => {
  it('shows short values whole and long ones around the first difference', () => {
    expect(describeChange({ before: '', after: 'x' })).toBe('(empty) -> "x"');
    const long = 'a'.repeat(200);
    expect(describeChange({ before: `${long} old ${long}`, after: `${long} new ${long}` })).toMatch(
      /^"…a+ old a+…" -> "…a+ new a+…" \(405 -> 405 characters\)$/,
    );
  });
});

describe('npm run ingest -- manifest-diff (the CLI)', () => {
  const run = (...args: string[]) =>
    spawnSync(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'apps/ingest/src/main.ts', 'manifest-diff', ...args],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, TS_NODE_PROJECT: 'tsconfig.json' },
        timeout: 60_000,
      },
    );

  it('exits 0 with nothing to do, 1 with work pending (and --json for scripts), 2 on an unreadable file', () => {
    const data = join(FIXTURES, 'archive');
    const clean = run(catalogue('unchanged.csv'), '--data', data);
    expect(clean.status).toBe(0);
    expect(clean.stdout).toContain('Nothing to do');
    const pending = run(catalogue('removed-row.csv'), '--data', data, '--json');
    expect(pending.status).toBe(1);
    expect(JSON.parse(pending.stdout)).toMatchObject({ pending: true, written: [] });
    const missing = run(catalogue('no-such-file.csv'), '--data', data);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('manifest-diff: cannot read');
  });
});
