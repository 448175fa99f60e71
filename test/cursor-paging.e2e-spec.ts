import { readFileSync } from 'node:fs';
import { Client } from '@elastic/elasticsearch';
import type { CaseRecord } from '@app/cases';
import { CASE_INDEX_MAPPINGS, CASE_INDEX_SETTINGS } from '@app/search';
import { elasticsearchUrl, FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';

const ALIAS = 'e2e-cursor-paging';
const DEEP_ALIAS = 'e2e-cursor-deep';
const DEEP_INDEX = `${DEEP_ALIAS}-synthetic`;
const DEEP_COUNT = 10_050;
const fixture: CaseRecord[] = JSON.parse(readFileSync(FIXTURE, 'utf8'));

const chronological = (a: { date: string; id: string }, b: { date: string; id: string }) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id);
const idsOf = (cases: { id: string }[]) => cases.map((c) => c.id);

let api: RunningApi;
let deepApi: RunningApi;
let client: Client;

/** Follows nextCursor from the first page, repeating the filters, and checks each page's bookkeeping. */
async function walk(baseUrl: string, filters: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let pages = 0;
  let path = `/api/cases?${filters}&limit=${limit}`;
  for (;;) {
    const { status, body } = await request(baseUrl, path);
    expect(status).toBe(200);
    expect(body.offset).toBe(ids.length);
    expect(body.count).toBe(body.cases.length);
    ids.push(...idsOf(body.cases));
    pages += 1;
    if (body.nextCursor === null) {
      expect(ids.length).toBe(body.total);
      return { ids, pages };
    }
    expect(typeof body.nextCursor).toBe('string');
    expect(body.count).toBe(limit);
    path = `/api/cases?${filters}&limit=${limit}&cursor=${body.nextCursor}`;
  }
}

beforeAll(async () => {
  expect((await ingest(ALIAS, FIXTURE)).status).toBe('indexed');
  api = await startApi({ CASES_ALIAS: ALIAS });

  // More cases than Elasticsearch's 10,000-hit window, with many sharing a date so that the id
  // tie-break matters. Only the fields the list shows are filled in (and incidentDate, which the
  // indexer adds to every dated case): the walk is what is tested.
  client = new Client({ node: elasticsearchUrl() });
  await client.indices.delete({ index: DEEP_INDEX, ignore_unavailable: true });
  await client.indices.create({ index: DEEP_INDEX, settings: CASE_INDEX_SETTINGS, mappings: CASE_INDEX_MAPPINGS });
  const operations = Array.from({ length: DEEP_COUNT }, (_, i) => {
    const id = `synthetic-${String(i).padStart(5, '0')}`;
    const date = new Date(Date.UTC(2000, 0, 1 + (i % 400))).toISOString().slice(0, 10);
    return [{ index: { _index: DEEP_INDEX, _id: id } }, { id, date, incidentDate: date, type: i % 2 ? 'radar' : 'military', hasVideo: false }];
  }).flat();
  const bulk = await client.bulk({ operations, refresh: true });
  expect(bulk.errors).toBe(false);
  await client.indices.updateAliases({ actions: [{ add: { index: DEEP_INDEX, alias: DEEP_ALIAS } }] });
  deepApi = await startApi({ CASES_ALIAS: DEEP_ALIAS });
}, 300_000);

afterAll(async () => {
  await api?.close();
  await deepApi?.close();
  await client?.indices.delete({ index: DEEP_INDEX, ignore_unavailable: true });
  await client?.close();
});

describe('cursor paging', () => {
  it('a walk with a small page equals the full list, in order', async () => {
    const { ids, pages } = await walk(api.baseUrl, '', 3);
    expect(ids).toEqual([...fixture].sort(chronological).map((c) => c.id));
    expect(pages).toBe(Math.ceil(fixture.length / 3));
  });

  it.each(['type=military', 'hasVideo=false&country=US', 'q=radar', 'q=Washington&type=radar'])(
    'a walk with %s equals the filtered list',
    async (filters) => {
      const full = await request(api.baseUrl, `/api/cases?${filters}&limit=500`);
      expect(full.body.total).toBeGreaterThan(0);
      expect(full.body.nextCursor).toBeNull();
      expect((await walk(api.baseUrl, filters, 2)).ids).toEqual(idsOf(full.body.cases));
    },
  );

  it('a walk under sort=oldest equals the full oldest-first list', async () => {
    const oldest = [...fixture].sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id)).map((c) => c.id);
    expect((await walk(api.baseUrl, 'sort=oldest', 2)).ids).toEqual(oldest);
    const full = await request(api.baseUrl, '/api/cases?sort=oldest&type=military,radar&limit=500');
    expect((await walk(api.baseUrl, 'sort=oldest&type=military,radar', 1)).ids).toEqual(idsOf(full.body.cases));
  });

  it('a walk under sort=distance equals the full distance list', async () => {
    const filters = 'near=38.9,-77.04&sort=distance';
    const full = await request(api.baseUrl, `/api/cases?${filters}&limit=500`);
    expect(full.body.total).toBeGreaterThan(4);
    expect((await walk(api.baseUrl, filters, 2)).ids).toEqual(idsOf(full.body.cases));
  });

  it('walks past the window oldest first', async () => {
    const { ids } = await walk(deepApi.baseUrl, 'sort=oldest', 500);
    expect(new Set(ids).size).toBe(DEEP_COUNT);
    expect(ids[0]).toBe('synthetic-00000');
  });

  it('continues a page fetched by offset', async () => {
    const all = [...fixture].sort(chronological).map((c) => c.id);
    const first = await request(api.baseUrl, '/api/cases?offset=4&limit=4');
    const next = await request(api.baseUrl, `/api/cases?limit=4&cursor=${first.body.nextCursor}`);
    expect(next.body.offset).toBe(8);
    expect(idsOf(next.body.cases)).toEqual(all.slice(8, 12));
  });

  it('gives no cursor after the last case, nor for limit=0', async () => {
    expect((await request(api.baseUrl, '/api/cases?limit=500')).body.nextCursor).toBeNull();
    expect((await request(api.baseUrl, '/api/cases?limit=0')).body.nextCursor).toBeNull();
    expect((await request(api.baseUrl, '/api/cases?type=crash&hasVideo=true')).body).toMatchObject({ total: 0, nextCursor: null });
  });

  it('walks past the 10,000-hit window that offset stops at', async () => {
    const deep = await request(deepApi.baseUrl, '/api/cases?offset=9999&limit=2');
    expect(deep.status).toBe(400);

    const { ids, pages } = await walk(deepApi.baseUrl, '', 500);
    expect(pages).toBe(Math.ceil(DEEP_COUNT / 500));
    expect(new Set(ids).size).toBe(DEEP_COUNT);
    const dates = new Map<string, string>(
      Array.from({ length: DEEP_COUNT }, (_, i) => [
        `synthetic-${String(i).padStart(5, '0')}`,
        new Date(Date.UTC(2000, 0, 1 + (i % 400))).toISOString().slice(0, 10),
      ]),
    );
    expect(ids).toEqual([...ids].sort((a, b) => chronological({ id: a, date: dates.get(a)! }, { id: b, date: dates.get(b)! })));
  });

  it('walks a filter past the window too', async () => {
    const { ids } = await walk(deepApi.baseUrl, 'type=radar', 500);
    expect(ids.length).toBe(DEEP_COUNT / 2);
  });
});

describe('bad cursors', () => {
  let cursor: string;
  beforeAll(async () => {
    cursor = (await request(api.baseUrl, '/api/cases?type=military&limit=1')).body.nextCursor;
  });

  it.each([
    ['with other filters', () => `type=radar&cursor=${cursor}`, /issued for other filters/],
    ['with another order', () => `type=military&sort=oldest&cursor=${cursor}`, /issued for other filters/],
    ['without its filters', () => `cursor=${cursor}`, /issued for other filters/],
    ['with offset', () => `type=military&offset=0&cursor=${cursor}`, /cannot be combined with offset/],
    ['garbled', () => `type=military&cursor=${cursor.slice(0, -4)}`, /not a cursor this API issued/],
    ['invented', () => 'cursor=hello', /not a cursor this API issued/],
    ['repeated', () => `type=military&cursor=${cursor}&cursor=${cursor}`, /cursor must be given once/],
  ])('a cursor %s is a 400 naming cursor', async (_what, query, message) => {
    const { status, body } = await request(api.baseUrl, `/api/cases?${query()}`);
    expect(status).toBe(400);
    expect(body.version).toBe(1);
    expect(body.error).toMatchObject({ status: 400, code: 'invalid_parameter' });
    expect(body.error.parameters).toEqual([{ parameter: 'cursor', message: expect.stringMatching(message) }]);
  });
});
