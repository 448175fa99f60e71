import { ArchiveIndexService, CasesRepository } from '@app/search';
import { FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';
import { STALE_TEST_NODE } from './support/elasticsearch-under-test';

// A throwaway node of this test's own, so that stopping it disturbs no other test.
const NODE = STALE_TEST_NODE;
const ALIAS = 'e2e-stale-if-error';
const SEEN = ['/api/cases?type=radar', '/api/cases/1947-roswell-debris-recovery', '/api/stats', '/api/cases?limit=2&q=Roswell'];
/** The feed is Atom, not JSON, but takes the same cache path. */
const SEEN_FEED = '/api/feed.atom?type=radar';

// es-local.js is the project's CommonJS launcher (no types of its own).
const loadEsLocal = () =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('../elastic/local/es-local.js') as {
    start(options: { name: string; port: number; fresh?: boolean }): Promise<{ url: string }>;
    stop(options: { name: string }): Promise<void>;
  };

let esLocal: ReturnType<typeof loadEsLocal>;
let api: RunningApi;
const before = new Map<string, { etag: string | null; body: unknown }>();
let feedBefore: { etag: string | null; text: string };

beforeAll(async () => {
  process.env.ES_LOCAL_HEAP ??= '256m';
  esLocal = loadEsLocal();
  const { url } = await esLocal.start({ ...NODE, fresh: true });
  expect((await ingest(ALIAS, FIXTURE, {}, url)).status).toBe('indexed');
  // Production's search bound, which this test is about (the harness gives other tests a lenient one).
  api = await startApi({ ELASTICSEARCH_URL: url, CASES_ALIAS: ALIAS, ALIAS_REFRESH_MS: '200', SEARCH_TIMEOUT_MS: '800' });
  for (const path of SEEN) {
    const { status, headers, body } = await request(api.baseUrl, path);
    expect(status).toBe(200);
    before.set(path, { etag: headers.get('etag'), body });
  }
  const feed = await fetch(`${api.baseUrl}${SEEN_FEED}`);
  feedBefore = { etag: feed.headers.get('etag'), text: await feed.text() };
  await esLocal.stop(NODE);
  // Waits for the replica's alias probe (every 200 ms here) to notice, as a live replica would.
  const repository = api.app.get(CasesRepository);
  for (let attempt = 0; attempt < 100 && (await repository.generation()).reachable; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 300_000);

afterAll(async () => {
  await api?.close();
  await esLocal?.stop(NODE);
});

describe('with Elasticsearch stopped', () => {
  it.each(SEEN)('%s, answered before, is answered from its last good bytes, marked stale', async (path) => {
    const { status, headers, body } = await request(api.baseUrl, path);
    expect(status).toBe(200);
    expect(headers.get('x-cache')).toBe('STALE');
    expect(headers.get('x-stale')).toBe('elasticsearch-unreachable');
    expect(Number(headers.get('age'))).toBeGreaterThanOrEqual(0);
    expect(headers.get('cache-control')).toBe('no-cache');
    expect(headers.get('etag')).toBe(before.get(path)!.etag);
    expect(body).toEqual(before.get(path)!.body);
  });

  it('the feed, read before, is answered from its last good bytes, marked stale', async () => {
    const response = await fetch(`${api.baseUrl}${SEEN_FEED}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-stale')).toBe('elasticsearch-unreachable');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toBe(feedBefore.etag);
    expect(await response.text()).toBe(feedBefore.text);
  });

  it('a stale answer still honours If-None-Match', async () => {
    const response = await fetch(`${api.baseUrl}/api/stats`, { headers: { 'if-none-match': before.get('/api/stats')!.etag! } });
    expect(response.status).toBe(304);
  });

  it.each(['/api/cases?type=crash', '/api/cases/1952-washington-dc-radar-sightings', '/api/cases?limit=3&q=Roswell', '/api/feed.atom?type=crash'])(
    '%s, never answered, is a 503 in the usual envelope',
    async (path) => {
      const { status, headers, body } = await request(api.baseUrl, path);
      expect(status).toBe(503);
      expect(Number(headers.get('retry-after'))).toBeGreaterThan(0);
      expect(headers.get('x-cache')).toBeNull();
      expect(body).toMatchObject({ version: 1, error: { status: 503, code: 'service_unavailable' } });
    },
  );

  it('fails fast: reads are bounded under a second, never retried on a single node, and the circuit is open', async () => {
    const repository = api.app.get(CasesRepository);
    // Each read (all go through the engine owner) gives up within its timeout and is not retried, so a 503 cannot take longer than one timeout.
    const index = api.app.get(ArchiveIndexService);
    expect(index.deadlines.timeoutMs).toBeLessThan(1_000);
    expect(index.readOptions().maxRetries).toBe(0);
    // Until a probe gets through, reads are refused without contacting Elasticsearch at all.
    expect((await repository.generation()).reachable).toBe(false);
  });
});
