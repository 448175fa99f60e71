import { request, RunningApi, startApi } from './support/archive-harness';
import { closedPort } from './support/closed-port';

describe.each([
  ['Elasticsearch is stopped', async () => ({ ELASTICSEARCH_URL: `http://127.0.0.1:${await closedPort()}` })],
  ['the archive was never indexed', async () => ({ CASES_ALIAS: 'e2e-never-indexed' })],
])('when %s', (_situation, environment) => {
  let api: RunningApi;

  beforeAll(async () => {
    api = await startApi(await environment());
  });

  afterAll(async () => {
    await api?.close();
  });

  it.each(['/api/cases', '/api/cases?type=radar', '/api/cases/1947-roswell-debris-recovery', '/api/stats'])(
    '%s answers 503 with Retry-After and no engine detail',
    async (path) => {
      const { status, headers, body } = await request(api.baseUrl, path);
      expect(status).toBe(503);
      expect(Number(headers.get('retry-after'))).toBeGreaterThan(0);
      expect(body).toMatchObject({ version: 1, error: { status: 503, code: 'service_unavailable' } });
      expect(body.license).toContain('public-domain');
      const text = JSON.stringify(body);
      expect(text).not.toMatch(/ECONNREFUSED|index_not_found|exception|at \w+ \(/i);
    },
  );

  it('still validates parameters first', async () => {
    const { status } = await request(api.baseUrl, '/api/cases?type=bogus');
    expect(status).toBe(400);
  });
});
