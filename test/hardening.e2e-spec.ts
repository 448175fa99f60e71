// Inputs that once made the api answer 500 or leave its contract (issue 20), each answered as
// documented in docs/api-choices.md: the real server on a real Elasticsearch.
import { XMLValidator } from 'fast-xml-parser';
import { FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';

const ALIAS = 'e2e-hardening';

let api: RunningApi;
const get = (path: string, init?: RequestInit) => request(api.baseUrl, path, init);

beforeAll(async () => {
  expect((await ingest(ALIAS, FIXTURE)).status).toBe('indexed');
  api = await startApi({ CASES_ALIAS: ALIAS });
});

afterAll(async () => {
  await api?.close();
});

/** The 400 every bad parameter gets: the envelope, naming the parameter. */
function expectInvalid(response: { status: number; body: { error?: { code?: string; parameters?: { parameter: string }[] } } }, parameter: string) {
  expect(response.status).toBe(400);
  expect(response.body.error).toMatchObject({ code: 'invalid_parameter' });
  expect(response.body.error!.parameters!.map((p) => p.parameter)).toEqual([parameter]);
}

describe('HEAD with a matching If-None-Match', () => {
  it.each(['/api/stats', '/api/cases?limit=2', '/api/cases/1947-roswell-debris-recovery', '/api/feed.atom?limit=2'])(
    '%s answers 304 like GET, before and after the answer is cached',
    async (path) => {
      const first = await fetch(`${api.baseUrl}${path}`);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"/);
      for (const ifNoneMatch of [etag, '*', `"other", ${etag}`]) {
        for (const method of ['HEAD', 'GET']) {
          const response = await fetch(`${api.baseUrl}${path}`, { method, headers: { 'if-none-match': ifNoneMatch } });
          expect([method, ifNoneMatch, response.status]).toEqual([method, ifNoneMatch, 304]);
          expect(response.headers.get('etag')).toBe(etag);
          // A 304 describes no content of its own: no length, type or encoding.
          expect(response.headers.get('content-length')).toBeNull();
          expect(response.headers.get('content-type')).toBeNull();
        }
      }
    },
  );

  it('a new query answered first to a HEAD with If-None-Match: * is a 304 too', async () => {
    const response = await fetch(`${api.baseUrl}/api/cases?type=radar&limit=7`, { method: 'HEAD', headers: { 'if-none-match': '*' } });
    expect(response.status).toBe(304);
  });
});

describe('year', () => {
  it.each(['/api/cases', '/api/cases/export', '/api/feed.atom'])('0000 to 0999 are a 400 naming year on %s', async (path) => {
    for (const year of ['0000', '0001', '0999']) expectInvalid(await get(`${path}?year=${year}`), 'year');
  });

  it('1000 and 9999, the documented bounds, are accepted', async () => {
    for (const year of ['1000', '9999']) expect((await get(`/api/cases?year=${year}`)).status).toBe(200);
  });
});

describe('a forged cursor', () => {
  /** A real cursor with its payload rewritten and its signature part (if any) kept. */
  async function forge(change: (payload: Record<string, unknown>) => void): Promise<string> {
    const { body } = await get('/api/cases?limit=1');
    const [payload, ...signature] = (body.nextCursor as string).split('.');
    const raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    change(raw);
    return [Buffer.from(JSON.stringify(raw)).toString('base64url'), ...signature].join('.');
  }

  it.each([
    ['a sort value beyond a long', (raw: Record<string, unknown>) => (raw.a = [-1e20, 'x'])],
    ['another case to start after', (raw: Record<string, unknown>) => (raw.a = [0, 'a-case-of-my-choosing'])],
    ['another offset', (raw: Record<string, unknown>) => (raw.o = 7)],
  ])('with %s is a 400 naming cursor on the list and the feed', async (_what, change) => {
    const cursor = encodeURIComponent(await forge(change));
    for (const path of ['/api/cases', '/api/feed.atom']) expectInvalid(await get(`${path}?limit=1&cursor=${cursor}`), 'cursor');
  });

  it('while a genuine one still walks on', async () => {
    const { body } = await get('/api/cases?limit=1');
    const next = await get(`/api/cases?limit=1&cursor=${encodeURIComponent(body.nextCursor)}`);
    expect(next.status).toBe(200);
    expect(next.body.offset).toBe(1);
  });
});

describe('the feed', () => {
  it.each(['a%00b', 'a%01b', 'a%0Bb', 'a%EF%BF%BEb', '%ED%A0%80', 'a%1Fb%7F'])('is well-formed XML for q=%s', async (q) => {
    const response = await fetch(`${api.baseUrl}/api/feed.atom?q=${q}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(XMLValidator.validate(text)).toBe(true);
  });

  it('has an ETag, the JSON endpoints’ caching headers, and answers 304 to it', async () => {
    const first = await fetch(`${api.baseUrl}/api/feed.atom?type=radar`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(first.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toContain('max-age=60');
    expect(['MISS', 'HIT']).toContain(first.headers.get('x-cache'));
    const again = await fetch(`${api.baseUrl}/api/feed.atom?type=radar`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('keeps the links of the address each request came to', async () => {
    const viaName = await fetch(`${api.baseUrl.replace('127.0.0.1', 'localhost')}/api/feed.atom?limit=1`);
    const viaAddress = await fetch(`${api.baseUrl}/api/feed.atom?limit=1`);
    expect(await viaName.text()).toContain('<id>http://localhost:');
    expect(await viaAddress.text()).toContain('<id>http://127.0.0.1:');
  });
});
