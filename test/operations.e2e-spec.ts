import { FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';
import { closedPort } from './support/closed-port';

const ALIAS = 'e2e-operations';

async function metricsOf(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one series line, e.g. `uap_http_requests_total{method="GET",route="/api/stats",status="200"}`; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const line = text
    .split('\n')
    .find((l) =>
      l.startsWith(`${name}{`) || l.startsWith(`${name} `) ? Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)) : false,
    );
  return line ? Number(line.split(' ').pop()) : 0;
}

const running: RunningApi[] = [];
async function api(env: Record<string, string> = {}): Promise<RunningApi> {
  const started = await startApi({ CASES_ALIAS: ALIAS, ...env });
  running.push(started);
  return started;
}

let indexName: string;

beforeAll(async () => {
  const outcome = await ingest(ALIAS, FIXTURE);
  expect(outcome.status).toBe('indexed');
});

afterAll(async () => {
  await Promise.all(running.map((started) => started.close()));
});

describe('/health and /ready', () => {
  it('/health answers 200 without asking Elasticsearch, even when it is down', async () => {
    const down = await api({ ELASTICSEARCH_URL: `http://127.0.0.1:${await closedPort()}` });
    const { status, headers, body } = await request(down.baseUrl, '/health');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({ status: 'ok', info: { api: { status: 'up' } } });
  });

  it('/ready is 200 with the index behind the alias when the archive is served', async () => {
    const { baseUrl } = await api();
    const { status, body } = await request(baseUrl, '/ready');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', info: { elasticsearch: { status: 'up', alias: ALIAS } } });
    [indexName] = body.info.elasticsearch.indices;
    expect(indexName).toMatch(new RegExp(`^${ALIAS}-`));
  });

  it('/ready is 503 not_ready when Elasticsearch is stopped', async () => {
    const down = await api({ ELASTICSEARCH_URL: `http://127.0.0.1:${await closedPort()}` });
    const { status, headers, body } = await request(down.baseUrl, '/ready');
    expect(status).toBe(503);
    expect(headers.get('retry-after')).not.toBeNull();
    expect(body).toMatchObject({
      version: 1,
      error: { status: 503, code: 'not_ready', checks: { elasticsearch: { status: 'down', message: 'Elasticsearch cannot be reached' } } },
    });
  });

  it('/ready is 503 when the alias does not exist yet', async () => {
    const unindexed = await api({ CASES_ALIAS: 'e2e-operations-never-indexed' });
    const { status, body } = await request(unindexed.baseUrl, '/ready');
    expect(status).toBe(503);
    expect(body.error.checks.elasticsearch.message).toMatch(/does not exist/);
  });

  it('probes and scrapes never count against a quota', async () => {
    const { baseUrl } = await api({ QUOTA_REQUESTS: '1' });
    for (const path of ['/health', '/ready', '/metrics', '/health', '/ready', '/metrics']) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit')).toBeNull();
    }
    expect((await request(baseUrl, '/api/stats')).status).toBe(200);
    expect((await request(baseUrl, '/api/stats')).status).toBe(429);
  });
});

describe('/metrics', () => {
  it('counts requests by route and status, times Elasticsearch, counts 429s and shows the index generation', async () => {
    const { baseUrl } = await api({ QUOTA_REQUESTS: '4' });
    const before = await metricsOf(baseUrl);
    const route = { method: 'GET', route: '/api/cases/:id', status: '404' };
    expect(sample(before, 'uap_http_requests_total', route)).toBe(0);

    await request(baseUrl, '/api/stats');
    await request(baseUrl, '/api/cases/no-such-case-anywhere');
    await request(baseUrl, '/api/cases/no-such-case-anywhere');
    await request(baseUrl, '/api/stats');
    expect((await request(baseUrl, '/api/stats')).status).toBe(429);

    const after = await metricsOf(baseUrl);
    expect(sample(after, 'uap_http_requests_total', route)).toBe(2);
    expect(sample(after, 'uap_http_requests_total', { route: '/api/stats', status: '200' })).toBe(2);
    expect(sample(after, 'uap_http_requests_total', { route: '/api/stats', status: '429' })).toBe(1);
    expect(sample(after, 'uap_http_request_duration_seconds_count', { route: '/api/stats', status: '200' })).toBe(2);
    expect(sample(after, 'uap_rate_limited_requests_total', { policy: 'keyless' })).toBe(1);
    expect(sample(after, 'uap_elasticsearch_request_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'uap_index_generation', { alias: ALIAS, index: indexName })).toBe(1);
    expect(after).toMatch(/^uap_quota_redis_fallback 0$/m);
  });

  it('counts and times every 304 and cached answer, by route, status and cache result', async () => {
    const { baseUrl } = await api();
    const path = '/api/cases?type=radar&limit=3';
    const etag = (await fetch(`${baseUrl}${path}`)).headers.get('etag')!;
    for (let i = 0; i < 3; i++) expect((await fetch(`${baseUrl}${path}`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const text = await metricsOf(baseUrl);
    const cases = { method: 'GET', route: '/api/cases' };
    expect(sample(text, 'uap_http_requests_total', { ...cases, status: '304' })).toBe(3);
    expect(sample(text, 'uap_http_requests_total', { ...cases, status: '200' })).toBe(1);
    expect(sample(text, 'uap_http_request_duration_seconds_count', { ...cases, status: '304' })).toBe(3);
    expect(sample(text, 'uap_http_request_duration_seconds_bucket', { ...cases, status: '304', le: '+Inf' })).toBe(3);
    expect(sample(text, 'uap_cache_results_total', { route: '/api/cases', result: 'hit' })).toBe(3);
    expect(sample(text, 'uap_cache_results_total', { route: '/api/cases', result: 'miss' })).toBe(1);
  });

  it("shows how much of the response cache's slab is held, of its size, and the bodies it had no room for", async () => {
    const { baseUrl } = await api();
    const before = await metricsOf(baseUrl);
    expect(sample(before, 'uap_response_cache_slab_bytes', { state: 'held' })).toBe(0);
    const page = await fetch(`${baseUrl}/api/cases?limit=5`);
    const length = (await page.arrayBuffer()).byteLength;
    const after = await metricsOf(baseUrl);
    // The page's body is held in the slab while the cache keeps it.
    const held = sample(after, 'uap_response_cache_slab_bytes', { state: 'held' });
    expect(held).toBeGreaterThanOrEqual(length);
    expect(sample(after, 'uap_response_cache_slab_bytes', { state: 'capacity' })).toBeGreaterThan(held);
    expect(sample(after, 'uap_response_cache_slab_refused_total')).toBe(0);
  });

  it('counts Elasticsearch errors when the node is stopped', async () => {
    const down = await api({ ELASTICSEARCH_URL: `http://127.0.0.1:${await closedPort()}` });
    expect((await request(down.baseUrl, '/api/stats')).status).toBe(503);
    const text = await metricsOf(down.baseUrl);
    expect(sample(text, 'uap_elasticsearch_errors_total', { error: 'ConnectionError' })).toBeGreaterThan(0);
    expect(sample(text, 'uap_elasticsearch_request_duration_seconds_count', { outcome: 'error' })).toBeGreaterThan(0);
    expect(text).not.toMatch(/^uap_index_generation\{/m);
  });
});
