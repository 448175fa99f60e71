// Cases whose records give no incident date: their `date` is only a placeholder, so the list, the
// year filter and the stats must never treat it as when the incident happened (data/README.md#dates).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseRecord } from '@app/cases';
import { FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';

const ALIAS = 'e2e-date-precision';
const fixture: CaseRecord[] = JSON.parse(readFileSync(FIXTURE, 'utf8'));
const dated = fixture.filter((c) => c.datePrecision !== 'unknown');
// Two undated cases whose placeholder is the day their file was published, later than any dated case.
const undated: CaseRecord[] = ['undated-b-report', 'undated-a-report'].map((id) => ({
  ...fixture[0],
  id,
  date: '2026-05-08',
  datePrecision: 'unknown',
  dateDisplay: { en: 'Date not released (file published 8 May 2026)', zh: '日期未公开（文件于2026年5月8日公布）' },
  relatedIds: [],
}));
const newestFirst = (a: CaseRecord, b: CaseRecord) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id);
const idsOf = (cases: { id: string }[]) => cases.map((c) => c.id);

let api: RunningApi;
let dir: string;
const get = (path: string) => request(api.baseUrl, path);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'date-precision-'));
  const path = join(dir, 'cases.json');
  writeFileSync(path, JSON.stringify([...fixture, ...undated]));
  expect((await ingest(ALIAS, path)).status).toBe('indexed');
  api = await startApi({ CASES_ALIAS: ALIAS });
});

afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('cases of unknown date', () => {
  it('sort after every dated case, in id order, whatever their placeholder says', async () => {
    const { body } = await get('/api/cases?limit=500');
    expect(idsOf(body.cases)).toEqual([...idsOf([...dated].sort(newestFirst)), 'undated-a-report', 'undated-b-report']);
    expect(body.cases.at(-1)).toMatchObject({ date: '2026-05-08', datePrecision: 'unknown' });
  });

  it('stay in that order when a cursor walks through them one page at a time', async () => {
    const ids: string[] = [];
    let path = '/api/cases?limit=2';
    for (;;) {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      ids.push(...idsOf(body.cases));
      if (!body.nextCursor) break;
      path = `/api/cases?limit=2&cursor=${body.nextCursor}`;
    }
    expect(ids).toEqual([...idsOf([...dated].sort(newestFirst)), 'undated-a-report', 'undated-b-report']);
  });

  it('match no year, not even the year of their placeholder', async () => {
    expect((await get('/api/cases?year=2026')).body).toMatchObject({ total: 0, cases: [] });
    const year = Number(dated[0].date.slice(0, 4));
    expect(idsOf((await get(`/api/cases?year=${year}`)).body.cases)).not.toContain('undated-a-report');
  });

  it('leave the year range of the stats to the dated cases, while counting in the total', async () => {
    const { body } = await get('/api/stats');
    const years = dated.map((c) => Number(c.date.slice(0, 4)));
    expect(body.yearRange).toEqual({ from: Math.min(...years), to: Math.max(...years) });
    expect(body.total).toBe(fixture.length + undated.length);
  });

  it('say so in the full record, which carries the placeholder and no index-only field', async () => {
    const { status, body } = await get('/api/cases/undated-a-report');
    expect(status).toBe(200);
    expect(body.case).toMatchObject({ date: '2026-05-08', datePrecision: 'unknown', relatedIds: [] });
    expect(body.case).not.toHaveProperty('incidentDate');
    expect(body.case).not.toHaveProperty('point');
  });
});
