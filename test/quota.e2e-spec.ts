import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EnvironmentOverrides } from '@app/config';
import { createApiApp } from '../apps/api/src/create-api-app';
import { elasticsearchUrl, FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';
import { RunningRedis, startRedis } from './support/redis-under-test';

const ALIAS = 'e2e-quota';
const PARTNER_KEY = 'partner-key-0123456789abcdef';
const FILE_KEY = 'file-key-fedcba9876543210';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const running: RunningApi[] = [];
async function api(env: EnvironmentOverrides = {}): Promise<RunningApi> {
  const started = await startApi({ CASES_ALIAS: ALIAS, QUOTA_REQUESTS: '3', QUOTA_WINDOW_SECONDS: '60', ...env });
  running.push(started);
  return started;
}

beforeAll(async () => {
  expect((await ingest(ALIAS, FIXTURE)).status).toMatch(/indexed|unchanged/);
});

afterAll(async () => {
  await Promise.all(running.map((started) => started.close()));
});

describe('keyless quota', () => {
  it('announces the policy and what is left on every response, then answers 429 with Retry-After', async () => {
    const { baseUrl } = await api();
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const { status, headers } = await request(baseUrl, '/api/stats');
      expect(status).toBe(200);
      expect(headers.get('ratelimit-policy')).toBe('"keyless";q=3;w=60');
      seen.push(headers.get('ratelimit'));
      expect(headers.get('ratelimit-limit')).toBeNull();
    }
    expect(seen.map((field) => field?.match(/^"keyless";r=(\d+);t=(\d+)$/)?.[1])).toEqual(['2', '1', '0']);

    const refused = await request(baseUrl, '/api/cases?type=radar');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit')).toMatch(/^"keyless";r=0;t=\d+$/);
    // A browser script must be able to read the refusal and its Retry-After.
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(refused.body).toMatchObject({ version: 1, error: { status: 429, code: 'rate_limited', policy: 'keyless', quota: 3 } });
    expect(refused.body.license).toContain('public-domain');
  });

  it('counts a 304 served from the cache like any request: its fields on every 304, then 429 rather than 304', async () => {
    const { baseUrl } = await api();
    const path = '/api/cases?type=military';
    const first = await request(baseUrl, path);
    expect(first.status).toBe(200);
    const headers = { 'If-None-Match': first.headers.get('etag')! };
    const seen = [];
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${baseUrl}${path}`, { headers });
      expect(response.status).toBe(304);
      expect(response.headers.get('x-cache')).toBe('HIT');
      expect(response.headers.get('ratelimit-policy')).toBe('"keyless";q=3;w=60');
      seen.push(response.headers.get('ratelimit')?.match(/^"keyless";r=(\d+);t=(\d+)$/)?.[1]);
    }
    expect(seen).toEqual(['1', '0']);
    const refused = await request(baseUrl, path, { headers });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit')).toMatch(/^"keyless";r=0;t=\d+$/);
    expect(refused.body).toMatchObject({ error: { status: 429, code: 'rate_limited' } });
  });

  it('lets browser scripts read the quota fields and the request id', async () => {
    const { baseUrl } = await api();
    const { headers } = await request(baseUrl, '/api/stats', { headers: { Origin: 'https://someone.example' } });
    expect(headers.get('access-control-expose-headers')?.split(/,\s*/)).toEqual(
      expect.arrayContaining(['RateLimit-Policy', 'RateLimit', 'Retry-After', 'X-Request-Id']),
    );
  });

  it('counts per client address and ignores X-Forwarded-For unless TRUST_PROXY says a proxy sets it', async () => {
    const direct = await api();
    for (let i = 0; i < 3; i++) await request(direct.baseUrl, '/api/stats', { headers: { 'X-Forwarded-For': `203.0.113.${i}` } });
    expect((await request(direct.baseUrl, '/api/stats', { headers: { 'X-Forwarded-For': '198.51.100.7' } })).status).toBe(429);

    const proxied = await api({ TRUST_PROXY: '127.0.0.1' });
    for (let i = 0; i < 3; i++)
      expect((await request(proxied.baseUrl, '/api/stats', { headers: { 'X-Forwarded-For': '203.0.113.1' } })).status).toBe(200);
    expect((await request(proxied.baseUrl, '/api/stats', { headers: { 'X-Forwarded-For': '203.0.113.1' } })).status).toBe(429);
    expect((await request(proxied.baseUrl, '/api/stats', { headers: { 'X-Forwarded-For': '198.51.100.7' } })).status).toBe(200);
  });
});

describe('API keys', () => {
  let baseUrl: string;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'uap-keys-'));
    const file = join(dir, 'keys.json');
    writeFileSync(file, JSON.stringify([{ name: 'from-file', sha256: sha256(FILE_KEY), quota: 5 }]));
    ({ baseUrl } = await api({ API_KEYS: JSON.stringify([{ name: 'partner', sha256: sha256(PARTNER_KEY), quota: 8 }]), API_KEYS_FILE: file }));
  });

  it('a key raises the quota above the keyless one, sent either way', async () => {
    for (let i = 0; i < 4; i++) await request(baseUrl, '/api/stats');
    expect((await request(baseUrl, '/api/stats')).status).toBe(429);

    for (let i = 0; i < 8; i++) {
      const headers: Record<string, string> = i % 2 === 0 ? { 'X-API-Key': PARTNER_KEY } : { Authorization: `Bearer ${PARTNER_KEY}` };
      const response = await request(baseUrl, '/api/stats', { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-policy')).toBe('"partner";q=8;w=60');
      expect(response.headers.get('ratelimit')).toMatch(new RegExp(`^"partner";r=${7 - i};t=\\d+$`));
    }
    expect((await request(baseUrl, '/api/stats', { headers: { 'X-API-Key': PARTNER_KEY } })).body.error.code).toBe('rate_limited');

    const fromFile = await request(baseUrl, '/api/cases?limit=1', { headers: { 'X-API-Key': FILE_KEY } });
    expect(fromFile.status).toBe(200);
    expect(fromFile.headers.get('ratelimit-policy')).toBe('"from-file";q=5;w=60');
  });

  it.each([
    ['an unknown key', { 'X-API-Key': 'not-a-key-we-issued-000000' }, /not known/],
    ['an unknown bearer token', { Authorization: 'Bearer not-a-key-we-issued-000000' }, /not known/],
    ['a malformed key', { 'X-API-Key': 'short' }, /malformed/],
    ['an empty bearer token', { Authorization: 'Bearer ' }, /malformed/],
  ])('%s is a 401 in the envelope, never a silent downgrade to keyless', async (_what, headers, message) => {
    const { status, headers: responseHeaders, body } = await request(baseUrl, '/api/cases', { headers });
    expect(status).toBe(401);
    expect(responseHeaders.get('www-authenticate')).toMatch(/^Bearer/);
    expect(body).toMatchObject({ version: 1, error: { status: 401, code: 'invalid_api_key' } });
    expect(body.error.message).toMatch(message);
  });

  it('refuses to start with a badly configured key, naming it', async () => {
    await expect(startApi({ CASES_ALIAS: ALIAS, API_KEYS: '[{"name":"x","sha256":"abc","quota":0}]' })).rejects.toThrow(
      /API_KEYS\[0\]\.sha256[\s\S]*API_KEYS\[0\]\.quota/,
    );
  });
});

describe('shared counters through Redis', () => {
  let redis: RunningRedis | undefined;

  beforeAll(async () => {
    redis = await startRedis();
  });

  afterAll(async () => {
    await redis?.stop();
  });

  it('counts requests sent together exactly once each: the pipelined counts of one tick stay a shared budget', async () => {
    if (!redis) return;
    // A client of its own (through a trusted proxy), so the next test's budget in Redis starts untouched.
    const env = { REDIS_URL: redis.url, QUOTA_REQUESTS: '5', TRUST_PROXY: '127.0.0.1' };
    const [a, b] = [await api(env), await api(env)];
    const headers = { 'X-Forwarded-For': '203.0.113.77' };
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => request(i % 2 ? a.baseUrl : b.baseUrl, '/api/stats', { headers })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const remaining = answers.filter((answer) => answer.status === 200).map((answer) => answer.headers.get('ratelimit')?.match(/r=(\d+)/)?.[1]);
    expect(remaining.sort()).toEqual(['0', '1', '2', '3', '4']);
  });

  it('two api instances share one budget, and keep serving when Redis goes away', async () => {
    if (!redis) return;
    const a = await api({ REDIS_URL: redis.url, QUOTA_REQUESTS: '4' });
    const b = await api({ REDIS_URL: redis.url, QUOTA_REQUESTS: '4' });
    expect((await request(a.baseUrl, '/api/stats')).status).toBe(200);
    expect((await request(b.baseUrl, '/api/stats')).status).toBe(200);
    expect((await request(a.baseUrl, '/api/stats')).headers.get('ratelimit')).toMatch(/^"keyless";r=1;/);
    expect((await request(b.baseUrl, '/api/stats')).headers.get('ratelimit')).toMatch(/^"keyless";r=0;/);
    expect((await request(a.baseUrl, '/api/stats')).status).toBe(429);
    expect((await request(b.baseUrl, '/api/stats')).status).toBe(429);

    // A third instance, fresh budget in memory but not in Redis: it refuses at once. Its log is kept.
    const log: { level: number; msg: string }[] = [];
    // Nest's Logger instances write through the logger of the api created last in the process (this one).
    const app = await createApiApp({
      env: { ELASTICSEARCH_URL: elasticsearchUrl(), CASES_ALIAS: ALIAS, REDIS_URL: redis.url, QUOTA_REQUESTS: '4' },
      logStream: { write: (line: string) => void log.push(JSON.parse(line)) },
    });
    await app.listen(0, '127.0.0.1');
    const c = { baseUrl: `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`, app, close: () => app.close() };
    running.push(c);
    expect((await request(c.baseUrl, '/api/stats')).status).toBe(429);

    await redis.stop();
    // Fails open to this replica's own memory: the quota still applies, counted locally.
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await request(c.baseUrl, '/api/stats')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(log).toContainEqual(
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/Redis is unreachable .*counting quotas in this replica's memory/) }),
    );
    const metrics = await (await fetch(`${c.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^uap_quota_redis_fallback 1$/m);
    const ready = await request(c.baseUrl, '/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.info.redis).toMatchObject({ status: 'up', quotaCounters: 'per-replica' });

    // Back on the same address: the replica reconnects by itself, says so, and shares counters again.
    redis = await startRedis(Number(new URL(redis.url).port));
    const deadline = Date.now() + 20_000;
    while ((await request(c.baseUrl, '/ready')).body.info.redis.quotaCounters !== 'shared') {
      if (Date.now() > deadline) throw new Error('the api did not reconnect to Redis');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await (await fetch(`${c.baseUrl}/metrics`)).text()).toMatch(/^uap_quota_redis_fallback 0$/m);
    expect(log).toContainEqual(expect.objectContaining({ level: 30, msg: expect.stringMatching(/Redis is reachable; quotas are shared/) }));
    // Redis started empty, so this replica's first shared count is 1 again.
    expect((await request(c.baseUrl, '/api/stats')).headers.get('ratelimit')).toMatch(/^"keyless";r=3;/);
  });
});
