// Keeps the change history honest on a fresh clone: data/case-hashes.json records each case's
// content as of its last stamp, so a case edited without `npm run data:revise` fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { caseContentHash, type CaseHashes, type CaseRecord } from '@app/cases';
import { readDataset } from '../../apps/ingest/src/dataset/dataset-reader';
import { PENDING_REASON } from '../../apps/ingest/src/manifest/coverage';

const DATA = join(__dirname, '..', '..', 'data');
const REVISE = 'npm run data:revise -- --date YYYY-MM-DD --en "what changed" --zh "修订原因"';

let cases: CaseRecord[];
const hashes: CaseHashes = JSON.parse(readFileSync(join(DATA, 'case-hashes.json'), 'utf8'));

beforeAll(async () => {
  cases = (await readDataset(join(DATA, 'cases'))).records as CaseRecord[];
});

describe('case history (addedAt, updatedAt, revisions)', () => {
  it(`stamps every case whose content changed since its last stamp (fix: ${REVISE})`, () => {
    const stale = cases
      .filter((c) => hashes[c.id]?.hash !== caseContentHash(c as unknown as Record<string, unknown>))
      .map((c) => (hashes[c.id] ? `${c.id}: content changed after ${hashes[c.id].updatedAt} but was not re-stamped` : `${c.id}: new, never stamped`));
    expect(stale).toEqual([]);
  });

  it('keeps updatedAt and the newest revision where the hash file says the case was last stamped', () => {
    const drifted = cases
      .filter((c) => hashes[c.id] && (c.updatedAt !== hashes[c.id].updatedAt || c.revisions?.[0]?.date !== hashes[c.id].updatedAt || c.addedAt !== hashes[c.id].addedAt))
      .map((c) => `${c.id}: case says ${c.addedAt}/${c.updatedAt}, hash file says ${hashes[c.id].addedAt}/${hashes[c.id].updatedAt}`);
    expect(drifted).toEqual([]);
  });

  it('lists no case in the hash file that the archive no longer holds', () => {
    const ids = new Set(cases.map((c) => c.id));
    expect(Object.keys(hashes).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('dates every case on or after the day the archive landed, and not after its last change', () => {
    expect(cases.filter((c) => !(c.addedAt >= '2026-11-21' && c.addedAt <= c.updatedAt)).map((c) => c.id)).toEqual([]);
  });
});

describe('data/coverage.csv after a new catalogue', () => {
  it('has no file left pending (npm run ingest -- manifest-diff --write adds them; give each a case or a reason)', () => {
    const rows: Record<string, string>[] = parse(readFileSync(join(DATA, 'coverage.csv')), { columns: true, bom: true });
    expect(rows.filter((row) => row.reason.trim() === PENDING_REASON).map((row) => `release ${row.release} ${row.file_id}`)).toEqual([]);
  });
});
