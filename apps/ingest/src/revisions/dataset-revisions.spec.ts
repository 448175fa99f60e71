import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateCases } from '@app/cases';
import { reviseDataset } from './dataset-revisions';

const ROOT = join(__dirname, '..', '..', '..', '..');
const fixture = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'cases.json'), 'utf8'));
const ids: string[] = fixture
  .slice(0, 3)
  .map((c: { id: string }) => c.id)
  .sort();
const reason = { en: 'Location precision added', zh: '补充位置精度' };

/** A small archive of never-stamped cases, written the way the archive writes them. */
function archive(): string {
  const dir = mkdtempSync(join(tmpdir(), 'revise-'));
  mkdirSync(join(dir, 'cases'));
  for (const record of fixture.filter((c: { id: string }) => ids.includes(c.id))) {
    const { addedAt: _addedAt, updatedAt: _updatedAt, revisions: _revisions, ...content } = record;
    writeFileSync(join(dir, 'cases', `${record.id}.json`), `${JSON.stringify(content, null, 2)}\n`);
  }
  return dir;
}
const read = (dir: string, id: string) => JSON.parse(readFileSync(join(dir, 'cases', `${id}.json`), 'utf8'));

describe('reviseDataset (npm run data:revise)', () => {
  it('adds every unstamped case on the given day, then does nothing on a re-run', () => {
    const dir = archive();
    expect(reviseDataset({ dataDir: dir, date: '2026-11-21' })).toEqual({ added: ids, changed: [], removed: [], wrote: true });
    const first = ids.map((id: string) => read(dir, id));
    expect(first[0]).toMatchObject({
      addedAt: '2026-11-21',
      updatedAt: '2026-11-21',
      revisions: [{ date: '2026-11-21', reason: { en: 'Added to the archive', zh: '收入档案' } }],
    });
    expect(validateCases(first)).toEqual([]);
    const hashes = readFileSync(join(dir, 'case-hashes.json'), 'utf8');

    expect(reviseDataset({ dataDir: dir, date: '2026-12-01', reason })).toEqual({ added: [], changed: [], removed: [], wrote: false });
    expect(readFileSync(join(dir, 'case-hashes.json'), 'utf8')).toBe(hashes);
  });

  it('stamps exactly the cases whose content changed, adds new ones, forgets removed ones', () => {
    const dir = archive();
    reviseDataset({ dataDir: dir, date: '2026-11-21' });
    const edited = read(dir, ids[0]);
    edited.location.name.en += ' (approximate)';
    writeFileSync(join(dir, 'cases', `${ids[0]}.json`), JSON.stringify(edited, null, 2));
    rmSync(join(dir, 'cases', `${ids[1]}.json`));
    const { addedAt: _addedAt, updatedAt: _updatedAt, revisions: _revisions, ...newcomer } = fixture[5];
    writeFileSync(join(dir, 'cases', `${newcomer.id}.json`), JSON.stringify(newcomer, null, 2));

    expect(() => reviseDataset({ dataDir: dir, date: '2026-12-01' })).toThrow(`${ids[0]} changed: give the reason`);
    expect(reviseDataset({ dataDir: dir, date: '2026-12-01', reason, dryRun: true })).toMatchObject({ changed: [ids[0]], wrote: true });
    expect(read(dir, ids[0]).updatedAt).toBe('2026-11-21');

    expect(reviseDataset({ dataDir: dir, date: '2026-12-01', reason })).toEqual({
      added: [newcomer.id],
      changed: [ids[0]],
      removed: [ids[1]],
      wrote: true,
    });
    expect(read(dir, ids[0])).toMatchObject({
      addedAt: '2026-11-21',
      updatedAt: '2026-12-01',
      revisions: [{ date: '2026-12-01', reason }, { date: '2026-11-21' }],
    });
    expect(read(dir, ids[2]).updatedAt).toBe('2026-11-21');
    expect(read(dir, newcomer.id)).toMatchObject({ addedAt: '2026-12-01', updatedAt: '2026-12-01' });
    expect(Object.keys(JSON.parse(readFileSync(join(dir, 'case-hashes.json'), 'utf8'))).sort()).toEqual([ids[0], ids[2], newcomer.id].sort());
    expect(reviseDataset({ dataDir: dir, date: '2026-12-02', reason }).wrote).toBe(false);
  });

  it('without a reason, names the changed fields from the last stamped version', () => {
    const dir = archive();
    reviseDataset({ dataDir: dir, date: '2026-11-21' });
    const stampedVersion = read(dir, ids[0]);
    writeFileSync(join(dir, 'cases', `${ids[0]}.json`), JSON.stringify({ ...stampedVersion, credibility: 'reported' }, null, 2));
    const report = reviseDataset({ dataDir: dir, date: '2026-12-01', previousVersion: (id) => (id === ids[0] ? stampedVersion : null) });
    expect(report.changed).toEqual([ids[0]]);
    expect(read(dir, ids[0]).revisions[0]).toEqual({ date: '2026-12-01', reason: { en: 'Updated: credibility', zh: '更新：可信度' } });
  });

  it('runs as npm run data:revise, and --check fails while something is unstamped', () => {
    const dir = archive();
    const run = (...args: string[]) =>
      spawnSync(
        process.execPath,
        [
          '-r',
          'ts-node/register/transpile-only',
          '-r',
          'tsconfig-paths/register',
          'apps/ingest/src/revisions/revise.main.ts',
          '--data',
          dir,
          ...args,
        ],
        {
          cwd: ROOT,
          encoding: 'utf8',
          env: { ...process.env, TS_NODE_PROJECT: 'tsconfig.json' },
          timeout: 60_000,
        },
      );
    expect(run('--date', '2026-11-21', '--check').status).toBe(1);
    const stamp = run('--date', '2026-11-21');
    expect(stamp.status).toBe(0);
    expect(stamp.stdout).toContain('stamped 3 new case(s) and 0 changed case(s) on 2026-11-21');
    expect(run('--date', '2026-11-21', '--check').status).toBe(0);
    expect(run('--date', '2026-11-31').stderr).toContain('--date must be a real day');
    expect(run('--date', '2026-11-21', '--en', 'only English').status).toBe(2);
  });
});
