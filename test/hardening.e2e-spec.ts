// Inputs that once made the api answer 500 or leave its contract (issue 20), each answered as
// documented in docs/api-choices.md: the real server on a real Elasticsearch.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';
import { rawExchange } from './support/raw-http';
import { wellFormedXml } from './support/well-formed-xml';

const ALIAS = 'e2e-hardening';

let api: RunningApi;
/** A stand-in explorer build: a page, an asset, and a source map as a careless build would leave. */
let webRoot: string;
const PAGE = '<!doctype html><title>explorer</title>';
const get = (path: string, init?: RequestInit) => request(api.baseUrl, path, init);

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'hardening-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), PAGE);
  writeFileSync(join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1);\n'.repeat(100));
  expect((await ingest(ALIAS, FIXTURE)).status).toBe('indexed');
  api = await startApi({ CASES_ALIAS: ALIAS, WEB_ROOT: webRoot });
});

afterAll(async () => {
  await api?.close();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
});

/** The envelope every error comes in, with the headers every response carries. */
function expectEnvelope(status: number, headers: Headers | Record<string, string>, body: unknown, code?: string) {
  const header = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]);
  expect(body).toMatchObject({ version: 1, license: expect.any(String), error: { status, ...(code ? { code } : {}), message: expect.any(String) } });
  expect(header('x-request-id')).toMatch(/\S/);
  expect(header('access-control-allow-origin')).toBe('*');
  expect(header('x-content-type-options')).toBe('nosniff');
  expect(header('content-type')).toBe('application/json; charset=utf-8');
}

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
    expect(wellFormedXml(text)).toBe(true);
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

describe('static files', () => {
  const asset = '/assets/app-abc123.js';

  it.each(['/', '/index.html', asset])('%s: a Range outside the file is a 416 naming its size; a bad one too', async (path) => {
    for (const range of ['bytes=999999-', 'bytes=x']) {
      const response = await get(path, { headers: { range } });
      expect([range, response.status]).toEqual([range, 416]);
      expect(response.headers.get('content-range')).toMatch(/^bytes \*\/\d+$/);
      expectEnvelope(416, response.headers, response.body, 'range_not_satisfiable');
    }
    const part = await fetch(`${api.baseUrl}${path}`, { headers: { range: 'bytes=0-4' } });
    expect(part.status).toBe(206);
    expect((await part.text()).length).toBe(5);
  });

  it.each([
    '/api/docs/..',
    '/api/docs/%2e%2e/package.json',
    '/api/docs//etc/passwd',
    '/api/docs/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/assets/..%2f..%2fpackage.json',
  ])('%s is the usual 404', async (path) => {
    const response = await rawExchange(api.baseUrl, [`GET ${path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n`]);
    expect(response.responses[0].status).toBe(404);
    expectEnvelope(404, response.responses[0].headers, JSON.parse(response.responses[0].body), 'not_found');
  });

  it('Swagger UI is served without its package manifest or source maps', async () => {
    expect((await fetch(`${api.baseUrl}/api/docs/swagger-ui-bundle.js`)).status).toBe(200);
    for (const path of [
      '/api/docs/package.json',
      '/api/docs/swagger-ui-bundle.js.map',
      '/api/docs/swagger-ui.css.map',
      '/api/docs/docs/package.json',
    ]) {
      expect([path, (await fetch(`${api.baseUrl}${path}`)).status]).toEqual([path, 404]);
    }
  });

  it('pages and files carry the security headers, frame-ancestors included', async () => {
    for (const path of [
      '/',
      asset,
      '/api/docs',
      '/api/docs/swagger-ui.css',
      '/api/cases?limit=1',
      '/api/feed.atom',
      '/metrics',
      '/health',
      '/nothing-here',
    ]) {
      const response = await fetch(`${api.baseUrl}${path}`);
      expect([path, response.headers.get('x-content-type-options')]).toEqual([path, 'nosniff']);
      expect([path, response.headers.get('content-security-policy')]).toEqual([path, expect.stringContaining("frame-ancestors 'none'")]);
    }
  });
});

describe('sockets', () => {
  const upgrade = (protocol: string) => `GET /api/stats HTTP/1.1\r\nHost: test\r\nConnection: Upgrade\r\nUpgrade: ${protocol}\r\n\r\n`;
  const bigHeader = `GET /api/stats HTTP/1.1\r\nHost: test\r\nX-Big: ${'a'.repeat(17 * 1024)}\r\n\r\n`;
  const unknownMethod = 'FROB /api/stats HTTP/1.1\r\nHost: test\r\n\r\n';

  it.each([
    ['h2c, then a header block over 16 KB', upgrade('h2c'), bigHeader],
    ['websocket, then an unknown method', upgrade('websocket'), unknownMethod],
  ])('a request asking to upgrade to %s is answered, then the socket is closed, saying so', async (_what, first, second) => {
    const exchange = await rawExchange(api.baseUrl, [first, second]);
    expect(exchange.closedByServer).toBe(true);
    expect(exchange.responses[0].status).toBe(200);
    expect(exchange.responses[0].headers.connection).toBe('close');
  });

  it.each([
    ['a header block over 16 KB', bigHeader, 431, 'headers_too_large'],
    ['an unknown method', unknownMethod, 400, 'malformed_request'],
    ['a broken request line', 'GET / HTTP/1.1 junk\r\n\r\n', 400, 'malformed_request'],
    ['a bad header', 'GET / HTTP/1.1\r\nHost: test\r\nBad Header: x\r\n\r\n', 400, 'malformed_request'],
  ])('%s is answered in the envelope with Connection: close, and the socket closed', async (_what, raw, status, code) => {
    const exchange = await rawExchange(api.baseUrl, [raw]);
    expect(exchange.closedByServer).toBe(true);
    const [response] = exchange.responses;
    expect(response.status).toBe(status);
    expect(response.headers.connection).toBe('close');
    expectEnvelope(status, response.headers, JSON.parse(response.body), code);
  });
});

describe('one error path', () => {
  it('an Expect other than 100-continue is a 417 in the envelope', async () => {
    const exchange = await rawExchange(api.baseUrl, ['GET /api/stats HTTP/1.1\r\nHost: test\r\nExpect: garbage\r\nConnection: close\r\n\r\n']);
    const [response] = exchange.responses;
    expect(response.status).toBe(417);
    expectEnvelope(417, response.headers, JSON.parse(response.body), 'expectation_failed');
  });

  it('a path that is not valid percent-encoding is a 400 in the envelope', async () => {
    for (const path of ['/%zz', '/api/cases/%E0%A4%A', '/api/%']) {
      const { status, headers, body } = await get(path);
      expect([path, status]).toEqual([path, 400]);
      expectEnvelope(400, headers, body, 'malformed_request');
    }
  });

  it.each([
    ['a write to a path that is not valid percent-encoding', 'POST /%zz HTTP/1.1\r\nHost: test\r\n\r\n', 400],
    ['an asterisk-form target', 'GET * HTTP/1.1\r\nHost: test\r\n\r\n', 404],
    ['an absolute-form target with an upper-case scheme', 'GET HTTP://test/nothing HTTP/1.1\r\nHost: test\r\n\r\n', 404],
    ['an HTTP/1.1 request without Host', 'GET /api/stats HTTP/1.1\r\n\r\n', 400],
  ])('%s is answered through the same hooks: request id, CORS, the envelope', async (_what, raw, status) => {
    const [response] = (await rawExchange(api.baseUrl, [raw], { endWhenWritten: true })).responses;
    expect(response.status).toBe(status);
    expectEnvelope(status, response.headers, JSON.parse(response.body));
  });

  it('a case id of any length that names no case is a 404 case_not_found', async () => {
    for (const length of [101, 1_001, 8_000]) {
      const { status, headers, body } = await get(`/api/cases/${'a'.repeat(length)}`);
      expect([length, status]).toEqual([length, 404]);
      expectEnvelope(404, headers, body, 'case_not_found');
    }
  });

  it('a write to the explorer is a 405 and a write anywhere unknown a 404, whatever its body', async () => {
    for (const contentType of ['application/json', 'text/plain', 'garbage', 'application/xml']) {
      for (const [path, status] of [
        ['/', 405],
        ['/index.html', 405],
        ['/api/cases', 405],
        ['/nothing-here', 404],
      ] as const) {
        const { status: got, headers, body } = await get(path, { method: 'POST', headers: { 'content-type': contentType }, body: '{oops' });
        expect([contentType, path, got]).toEqual([contentType, path, status]);
        expectEnvelope(status, headers, body);
      }
    }
  });
});

describe('metrics', () => {
  it('a case id that names no case is not counted as an Elasticsearch error', async () => {
    const errors = async () => {
      const text = await (await fetch(`${api.baseUrl}/metrics`)).text();
      return [...text.matchAll(/^uap_elasticsearch_errors_total\{[^}]*\} (\d+)/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
    };
    const before = await errors();
    for (const id of ['no-such-case-1', 'no-such-case-2', 'no-such-case-3']) expect((await get(`/api/cases/${id}`)).status).toBe(404);
    expect(await errors()).toBe(before);
  });

  it('EXPOSE_OPERATIONS=false hides /metrics and /ready behind the usual 404, and keeps /health', async () => {
    const hidden = await startApi({ CASES_ALIAS: ALIAS, EXPOSE_OPERATIONS: 'false' });
    try {
      for (const path of ['/metrics', '/ready']) {
        const { status, headers, body } = await request(hidden.baseUrl, path);
        expect([path, status]).toEqual([path, 404]);
        expectEnvelope(404, headers, body, 'not_found');
      }
      expect((await request(hidden.baseUrl, '/health')).status).toBe(200);
    } finally {
      await hidden.close();
    }
  });
});
