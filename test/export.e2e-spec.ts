import { get as httpGet, IncomingHttpHeaders } from 'node:http';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Client } from '@elastic/elasticsearch';
import type { CaseRecord } from '@app/cases';
import { CASE_INDEX_MAPPINGS, CASE_INDEX_SETTINGS } from '@app/search';
import { elasticsearchUrl, FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';

const ALIAS = 'e2e-export';
const MANY_ALIAS = 'e2e-export-many';
const MANY_INDEX = `${MANY_ALIAS}-synthetic`;
const MANY = 5_000;
const fixture: CaseRecord[] = JSON.parse(readFileSync(FIXTURE, 'utf8'));
const byId = new Map(fixture.map((c) => [c.id, c]));

let api: RunningApi;
let smallPages: RunningApi;
let manyApi: RunningApi;
let client: Client;

function raw(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(`${baseUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

const lines = (bytes: Buffer): CaseRecord[] => {
  const text = bytes.toString('utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
};

/** Every id the list gives for these filters, walking its cursors. */
async function listedIds(filters: string): Promise<string[]> {
  const ids: string[] = [];
  let path = `/api/cases?${filters}&limit=500`;
  for (;;) {
    const { body } = await request(api.baseUrl, path);
    ids.push(...body.cases.map((c: { id: string }) => c.id));
    if (!body.nextCursor) return ids;
    path = `/api/cases?${filters}&limit=500&cursor=${body.nextCursor}`;
  }
}

async function searchStats(): Promise<{ openContexts: number; queries: number }> {
  const stats = await client.nodes.stats({ metric: 'indices', index_metric: 'search' });
  const nodes = Object.values(stats.nodes);
  return {
    openContexts: nodes.reduce((sum, node) => sum + (node.indices?.search?.open_contexts ?? 0), 0),
    queries: nodes.reduce((sum, node) => sum + (node.indices?.search?.query_total ?? 0), 0),
  };
}

beforeAll(async () => {
  expect((await ingest(ALIAS, FIXTURE)).status).toBe('indexed');
  api = await startApi({ CASES_ALIAS: ALIAS });
  // Pages of two: the export must walk many point-in-time pages to match the list.
  smallPages = await startApi({ CASES_ALIAS: ALIAS, EXPORT_PAGE_SIZE: '2' });

  client = new Client({ node: elasticsearchUrl() });
  await client.indices.delete({ index: MANY_INDEX, ignore_unavailable: true });
  await client.indices.create({ index: MANY_INDEX, settings: CASE_INDEX_SETTINGS, mappings: CASE_INDEX_MAPPINGS });
  const operations = Array.from({ length: MANY }, (_, i) => {
    const id = `synthetic-${String(i).padStart(5, '0')}`;
    return [{ index: { _index: MANY_INDEX, _id: id } }, { id, date: '2001-01-01', type: 'radar', summary: { en: 'x'.repeat(500), zh: '无' } }];
  }).flat();
  expect((await client.bulk({ operations, refresh: true })).errors).toBe(false);
  await client.indices.updateAliases({ actions: [{ add: { index: MANY_INDEX, alias: MANY_ALIAS } }] });
  manyApi = await startApi({ CASES_ALIAS: MANY_ALIAS, EXPORT_PAGE_SIZE: '50' });
}, 300_000);

afterAll(async () => {
  await Promise.all([api?.close(), smallPages?.close(), manyApi?.close()]);
  await client?.indices.delete({ index: MANY_INDEX, ignore_unavailable: true });
  await client?.close();
});

describe('GET /api/cases/export', () => {
  it.each([
    ['one page', () => api],
    ['pages of two', () => smallPages],
  ])('streams every full record as NDJSON, in list order (%s)', async (_how, server) => {
    const { status, headers, bytes } = await raw(server().baseUrl, '/api/cases/export');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const records = lines(bytes);
    expect(records.map((c) => c.id)).toEqual(await listedIds(''));
    for (const record of records) expect(record).toEqual(byId.get(record.id));
  });

  it('equals what /api/cases/{id} gives for each case', async () => {
    const [first] = lines((await raw(api.baseUrl, '/api/cases/export?type=crash')).bytes);
    expect(first).toEqual((await request(api.baseUrl, `/api/cases/${first.id}`)).body.case);
  });

  it.each(['type=military', 'hasVideo=true&country=US', 'q=radar', 'year=1952'])('takes the list filters: %s', async (filters) => {
    const expected = await listedIds(filters);
    expect(expected.length).toBeGreaterThan(0);
    const { bytes } = await raw(smallPages.baseUrl, `/api/cases/export?${filters}`);
    expect(lines(bytes).map((c) => c.id)).toEqual(expected);
  });

  it('streams nothing for filters that match nothing', async () => {
    const { status, bytes } = await raw(api.baseUrl, '/api/cases/export?type=crash&hasVideo=true');
    expect(status).toBe(200);
    expect(bytes.length).toBe(0);
  });

  it.each([
    ['gzip', gunzipSync],
    ['br', brotliDecompressSync],
  ])('is compressed when the client accepts %s, and decodes to the same lines', async (encoding, decode) => {
    const plain = await raw(api.baseUrl, '/api/cases/export');
    const compressed = await raw(api.baseUrl, '/api/cases/export', { 'accept-encoding': encoding });
    expect(compressed.headers['content-encoding']).toBe(encoding);
    expect(compressed.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(decode(compressed.bytes).equals(plain.bytes)).toBe(true);
  });

  it('links to the licence terms, since NDJSON lines carry no envelope', async () => {
    const { headers } = await raw(api.baseUrl, '/api/cases/export');
    expect(headers.link).toMatch(/^<https?:\/\/[^>]+>; rel="license"$/);
  });

  it('answers HEAD with the headers only, without reading the whole export', async () => {
    const before = await searchStats();
    const response = await fetch(`${manyApi.baseUrl}/api/cases/export`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(await response.text()).toBe('');
    let after = await searchStats();
    for (let attempt = 0; attempt < 100 && after.openContexts > before.openContexts; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await searchStats();
    }
    expect(after.openContexts).toBe(before.openContexts);
    expect(after.queries - before.queries).toBeLessThan(5);
  });

  it('is not taken for a case id', async () => {
    const { status, headers } = await raw(api.baseUrl, '/api/cases/export');
    expect(status).toBe(200);
    expect(headers['x-cache']).toBeUndefined();
  });

  it.each([
    ['limit=5', 'limit'],
    ['offset=5', 'offset'],
    ['cursor=abc', 'cursor'],
  ])('refuses %s with a 400 naming %s', async (query, parameter) => {
    const { status, body } = await request(api.baseUrl, `/api/cases/export?${query}`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_parameter', parameters: [expect.objectContaining({ parameter })] });
  });

  it('validates the filters like the list does', async () => {
    const { status, body } = await request(api.baseUrl, '/api/cases/export?type=ufo');
    expect(status).toBe(400);
    expect(body.error.parameters[0].parameter).toBe('type');
  });

  it('walks a larger archive completely', async () => {
    const { bytes } = await raw(manyApi.baseUrl, '/api/cases/export');
    const ids = lines(bytes).map((c) => c.id);
    expect(ids.length).toBe(MANY);
    expect(new Set(ids).size).toBe(MANY);
  });

  it('stops reading and releases its point in time when the client goes away', async () => {
    const before = await searchStats();
    await new Promise<void>((resolve, reject) => {
      const req = httpGet(`${manyApi.baseUrl}/api/cases/export`, (response) => {
        response.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve() : reject(error)));
    });
    let after = await searchStats();
    for (let attempt = 0; attempt < 100 && after.openContexts > before.openContexts; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await searchStats();
    }
    expect(after.openContexts).toBe(before.openContexts);
    // A full export here is MANY / 50 = 100 page queries; the abandoned one stopped far short.
    expect(after.queries - before.queries).toBeLessThan(MANY / 50 / 2);
  });
});
