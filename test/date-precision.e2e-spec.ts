// Cases whose records give no incident date: their `date` is only a placeholder, so no order,
// date filter or year count of the list, stats, export, feed or related cases may treat it as when
// the incident happened (docs/api-choices.md, "Dates"; data/README.md#dates).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseRecord } from '@app/cases';
import { FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';

const ALIAS = 'e2e-date-precision';
const fixture: CaseRecord[] = JSON.parse(readFileSync(FIXTURE, 'utf8'));
const dated = fixture.filter((c) => c.datePrecision !== 'unknown');
// Two undated copies of a case placed at a site, so they tie with it on place and text. Their
// placeholder is the day their file was published, later than any dated case: taken as a date it
// would put them first, in 2026, and in the 2020s.
const base = fixture.find((c) => c.id === '1952-washington-dc-radar-sightings')!;
const PLACEHOLDER = '2026-05-08';
const UNDATED = ['undated-a-report', 'undated-b-report'];
const undated: CaseRecord[] = [...UNDATED].reverse().map((id) => ({
  ...base,
  id,
  date: PLACEHOLDER,
  datePrecision: 'unknown',
  dateDisplay: { en: 'Date not released (file published 8 May 2026)', zh: '日期未公开（文件于2026年5月8日公布）' },
  relatedIds: [],
}));
const newestFirst = (a: CaseRecord, b: CaseRecord) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id);
const oldestFirst = (a: CaseRecord, b: CaseRecord) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id);
const idsOf = (cases: { id: string }[]) => cases.map((c) => c.id);
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

let api: RunningApi;
/** The same archive, exported two records a page, so a page boundary falls among the undated cases. */
let smallPages: RunningApi;
let dir: string;
const get = (path: string) => request(api.baseUrl, path);

/** Every id a cursor walk of `path` visits, `limit` cases a page. */
async function walk(path: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  const join = path.includes('?') ? '&' : '?';
  let next = `${path}${join}limit=${limit}`;
  for (;;) {
    const { status, body } = await get(next);
    expect(status).toBe(200);
    ids.push(...idsOf(body.cases));
    if (!body.nextCursor) return ids;
    next = `${path}${join}limit=${limit}&cursor=${body.nextCursor}`;
  }
}

/** The ids of an NDJSON export, in its order. */
async function exported(query: string, from: RunningApi = api): Promise<string[]> {
  const response = await fetch(`${from.baseUrl}/api/cases/export${query}`);
  expect(response.status).toBe(200);
  const text = await response.text();
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as CaseRecord).id);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'date-precision-'));
  const path = join(dir, 'cases.json');
  writeFileSync(path, JSON.stringify([...fixture, ...undated]));
  expect((await ingest(ALIAS, path)).status).toBe('indexed');
  api = await startApi({ CASES_ALIAS: ALIAS });
  smallPages = await startApi({ CASES_ALIAS: ALIAS, EXPORT_PAGE_SIZE: '2' });
});

afterAll(async () => {
  await api?.close();
  await smallPages?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('cases of unknown date in the list', () => {
  it('sort after every dated case, newest first, in id order, whatever their placeholder says', async () => {
    const { body } = await get('/api/cases?limit=500');
    expect(idsOf(body.cases)).toEqual([...idsOf([...dated].sort(newestFirst)), ...UNDATED]);
    expect(body.cases.at(-1)).toMatchObject({ date: PLACEHOLDER, datePrecision: 'unknown' });
    expect(idsOf((await get('/api/cases?limit=500&sort=newest')).body.cases)).toEqual(idsOf(body.cases));
  });

  it('sort after every dated case oldest first too', async () => {
    const { body } = await get('/api/cases?limit=500&sort=oldest');
    expect(idsOf(body.cases)).toEqual([...idsOf([...dated].sort(oldestFirst)), ...UNDATED]);
  });

  it.each(['newest', 'oldest'])('keep that place when a cursor walks through them (sort=%s), each case once', async (sort) => {
    const order = sort === 'newest' ? newestFirst : oldestFirst;
    const expected = [...idsOf([...dated].sort(order)), ...UNDATED];
    expect(await walk(`/api/cases?sort=${sort}`, 2)).toEqual(expected);
    // A page that ends between the two undated cases, and one that ends on the last dated case.
    expect(await walk(`/api/cases?sort=${sort}`, dated.length + 1)).toEqual(expected);
    expect(await walk(`/api/cases?sort=${sort}`, dated.length)).toEqual(expected);
  });

  it('come after the dated case they tie with on distance, and a cursor walks that order', async () => {
    const near = `${base.location.lat},${base.location.lng}`;
    const { body } = await get(`/api/cases?near=${near}&radiusKm=1&sort=distance&limit=50`);
    expect(idsOf(body.cases)).toEqual([base.id, ...UNDATED]);
    expect(await walk(`/api/cases?near=${near}&radiusKm=1&sort=distance`, 1)).toEqual([base.id, ...UNDATED]);
  });

  it('match no year, not even the year of their placeholder', async () => {
    expect((await get('/api/cases?year=2026')).body).toMatchObject({ total: 0, cases: [] });
    expect(idsOf((await get(`/api/cases?year=${base.date.slice(0, 4)}&limit=50`)).body.cases)).not.toContain(UNDATED[0]);
  });

  it('match no dateFrom or dateTo, however wide', async () => {
    expect((await get('/api/cases?dateFrom=2026-01-01')).body).toMatchObject({ total: 0, cases: [] });
    expect((await get('/api/cases?dateFrom=2026-05-08&dateTo=2026-05-08')).body.total).toBe(0);
    const wide = await get('/api/cases?dateFrom=1000&dateTo=9999&limit=500');
    expect(wide.body.total).toBe(dated.length);
    expect(idsOf(wide.body.cases)).toEqual(idsOf([...dated].sort(newestFirst)));
    expect((await get('/api/cases?dateTo=9999&limit=500')).body.total).toBe(dated.length);
  });

  it('count in no year or decade of the facets, though in the total', async () => {
    const { body } = await get('/api/cases?limit=0&facets=year,decade');
    expect(body.total).toBe(fixture.length + undated.length);
    expect(body.facets.year).not.toHaveProperty('2026');
    expect(sum(body.facets.year)).toBe(dated.length);
    expect(sum(body.facets.decade)).toBe(dated.length);
    const datedIn2020s = dated.filter((c) => c.date >= '2020').length;
    expect(body.facets.decade['2020'] ?? 0).toBe(datedIn2020s);
  });
});

describe('cases of unknown date in the stats', () => {
  it('leave byYear and the year range to the dated cases, while counting in the total', async () => {
    const { body } = await get('/api/stats');
    const years = dated.map((c) => Number(c.date.slice(0, 4)));
    expect(body.yearRange).toEqual({ from: Math.min(...years), to: Math.max(...years) });
    expect(body.byYear).not.toHaveProperty('2026');
    expect(sum(body.byYear)).toBe(dated.length);
    expect(body.total).toBe(fixture.length + undated.length);
    expect(sum(body.byType)).toBe(fixture.length + undated.length);
  });

  it('are not counted as 2026 incidents when the stats are filtered by year or date', async () => {
    const in2026 = (await get('/api/stats?year=2026')).body;
    expect(in2026).toMatchObject({ total: 0, yearRange: { from: null, to: null } });
    expect(in2026.byYear).toEqual({});
    expect((await get('/api/stats?dateFrom=2026')).body.total).toBe(0);
    expect((await get('/api/stats?dateFrom=1000')).body.total).toBe(dated.length);
  });
});

describe('cases of unknown date in the export, the feed and related cases', () => {
  it('come last in the export in both orders, and are left out by its date filters', async () => {
    expect(await exported('')).toEqual([...idsOf([...dated].sort(newestFirst)), ...UNDATED]);
    expect(await exported('?sort=oldest')).toEqual([...idsOf([...dated].sort(oldestFirst)), ...UNDATED]);
    expect(await exported('?year=2026')).toEqual([]);
    expect(await exported('?dateFrom=1000')).toEqual(idsOf([...dated].sort(newestFirst)));
    // Paged over a point in time, the walk still visits each case once, the undated last.
    expect(await exported('', smallPages)).toEqual([...idsOf([...dated].sort(newestFirst)), ...UNDATED]);
    expect(await exported('?sort=oldest', smallPages)).toEqual([...idsOf([...dated].sort(oldestFirst)), ...UNDATED]);
  });

  it('are left out of the feed by its date filters', async () => {
    const entries = async (query: string) => {
      const response = await fetch(`${api.baseUrl}/api/feed.atom${query}`);
      expect(response.status).toBe(200);
      return (await response.text()).match(/<entry>/g)?.length ?? 0;
    };
    expect(await entries('')).toBe(fixture.length + undated.length);
    expect(await entries('?year=2026')).toBe(0);
    expect(await entries('?dateFrom=2026-01-01')).toBe(0);
    expect(await entries('?dateFrom=1000')).toBe(dated.length);
  });

  it('still have related cases, found without a date', async () => {
    const { status, body } = await get(`/api/cases/${UNDATED[0]}/related?limit=3`);
    expect(status).toBe(200);
    // The twin and the case it copies share every word and the point.
    expect(idsOf(body.cases).slice(0, 2).sort()).toEqual([base.id, UNDATED[1]].sort());
  });

  it('say so in the full record, which carries the placeholder and no index-only field', async () => {
    const { status, body } = await get(`/api/cases/${UNDATED[0]}`);
    expect(status).toBe(200);
    expect(body.case).toMatchObject({ date: PLACEHOLDER, datePrecision: 'unknown', relatedIds: [] });
    expect(body.case).not.toHaveProperty('incidentDate');
    expect(body.case).not.toHaveProperty('point');
  });
});
