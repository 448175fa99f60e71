// Property-based fuzzing of the running service (issue 20): random methods, paths, parameters and
// headers over HTTP, and malformed requests over raw sockets, against the real server on a real
// Elasticsearch. Whatever comes in: no 5xx, every error in the envelope, the feed well-formed XML,
// no socket left hanging. Seeded and bounded; FUZZ_SEED, FUZZ_RUNS and FUZZ_SOCKET_RUNS change the
// run (e.g. `FUZZ_RUNS=30000 FUZZ_SEED=42 npx jest test/fuzz.e2e-spec.ts`).
import { request as httpRequest, Agent, METHODS } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';
import { DOCUMENT_FIXTURES, ingestDocuments } from './support/documents-harness';
import { rawExchange } from './support/raw-http';
import { wellFormedXml } from './support/well-formed-xml';

const ALIAS = 'e2e-fuzz';
const DOCUMENTS_ALIAS = 'e2e-fuzz-documents';
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
/** HTTP requests per run: enough to find what a few thousand found, cheap enough for every CI run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1_500);
/** Raw-socket exchanges per run. */
const SOCKET_RUNS = Number(process.env.FUZZ_SOCKET_RUNS ?? 300);

let api: RunningApi;
let cursor: string;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  expect((await ingest(ALIAS, FIXTURE)).status).toBe('indexed');
  expect((await ingestDocuments(DOCUMENTS_ALIAS, DOCUMENT_FIXTURES)).status).toBe('indexed');
  api = await startApi({ CASES_ALIAS: ALIAS, DOCUMENTS_ALIAS });
  cursor = (await request(api.baseUrl, '/api/cases?limit=1')).body.nextCursor;
  const document = (await request(api.baseUrl, '/api/openapi.json')).body as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  for (const [path, operations] of Object.entries(document.paths)) {
    // A document path gets a document of the fixture corpus, so its page and citation answer too.
    const id = path.startsWith('/api/documents/') ? 'dow-uap-d7-mission-report-arabian-gulf-2020' : '1947-roswell-debris-recovery';
    API_PATHS.push(path.replace('{id}', id).replace(/\{[^}]+\}/g, '1'));
    for (const operation of Object.values(operations))
      for (const parameter of operation.parameters ?? []) if (parameter.in === 'query') PARAMETERS.push(parameter.name);
  }
  PARAMETERS.splice(0, PARAMETERS.length, ...new Set(PARAMETERS));
  console.log(
    `[fuzz] seed ${SEED}, ${RUNS} HTTP requests over ${API_PATHS.length} documented paths and ${PARAMETERS.length} parameters (${PARAMETERS.join(', ')}), ${SOCKET_RUNS} raw-socket exchanges`,
  );
});

afterAll(async () => {
  agent.destroy();
  await api?.close();
});

/** Percent-encodes every byte but the unreserved ones: any string (lone surrogates too) or raw bytes. */
function percentEncode(value: string | Uint8Array): string {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value);
  return [...bytes]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

// ---- what a request is made of ----------------------------------------------------------------

/**
 * Every query parameter and every path the API documents, read from its own /api/openapi.json
 * when the suite starts (see beforeAll): a parameter added to the code is fuzzed without a change here.
 */
const PARAMETERS: string[] = [];
const API_PATHS: string[] = [];
/** One of a list that is only filled in when the suite starts. */
const oneOfLater = (values: string[]) => fc.nat().map((index) => values[index % values.length]);

/** Values near every boundary the parameters have, valid and not. */
const EDGE_VALUES = [
  ...['radar', 'military', 'crash', 'high', 'low', 'pre-disclosure', 'PURSUE-1', 'pursue-0', 'PURSUE-99999999999999999999', 'US', 'zz', 'ZZZ'],
  ...['site', 'site,locality', 'site,,', ',', 'true', 'false', 'TRUE', '1', '0', '-1', '00', '0000', '0999', '1000', '9999', '10000'],
  ...['500', '501', '9500', '10000', '1e3', '1.5', '9'.repeat(25), '2026-11-21', '2026-02-30', '2026-11-21T08:00:00Z', '2026-11-21T08:00:00'],
  ...['1947', '1952-12', '0999-01', '-125,24,-66,50', '180,-90,-180,90', '38.9,-77', '91,0', '0,181', 'NaN,1', 'distance', 'relevance', 'oldest'],
  ...['title,date', 'type,year', 'id', 'facets', '1e308', '0.0001', 'bibtex', 'ris', 'csl-json', 'CSL-JSON'],
  ...['0001-01-01', '9999-12-31T23:59:59+14:00', '', ' ', 'null', 'undefined', '[]', '{}', '*', '"', '<em>', '&amp;', '\\', 'a'.repeat(201)],
  ...['\u0000', 'a\u0000b', '\u0001', '\u000B', '\uFFFE', '\uFFFF', '\uD800', '\uDC00x', '😀', '罗斯威尔', '羅斯威爾', 'Roswell', 'Roswell AND 1=1'],
  ...['title:x', '(x', 'x~', 'x*', '/.*/', 'x^2', '"unclosed', 'a b c d e f g h i j k l m n o p q r s t u v w x y z'],
];

const parameterValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EDGE_VALUES).map(percentEncode) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map(percentEncode) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 150, maxLength: 1_200 }).map(percentEncode) },
  // Bytes that are not UTF-8 at all, and percent signs that start no escape.
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 12 }).map(percentEncode) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%z', '%zz', '%E0%A4%A', '%C0%80', '%ED%A0%80', '+', '%2B', '%26', '%3D', 'a=b') },
  // Cursors: a real one, one cut short, one with a changed payload, one made up.
  { weight: 2, arbitrary: fc.constantFrom('real', 'cut', 'forged', 'invented').map((kind) => percentEncode(cursorOf(kind))) },
);

function cursorOf(kind: string): string {
  if (kind === 'real') return cursor;
  if (kind === 'cut') return cursor.slice(0, -3);
  const [payload, signature] = cursor.split('.');
  const raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  if (kind === 'forged') return `${Buffer.from(JSON.stringify({ ...raw, a: [-1e20, 'x'] })).toString('base64url')}.${signature}`;
  return Buffer.from(JSON.stringify({ v: 2, o: 1e300, a: [null, {}], f: 1 })).toString('base64url');
}

const query = fc
  .array(
    fc.tuple(
      fc.oneof({ weight: 6, arbitrary: oneOfLater(PARAMETERS) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }).map(percentEncode) }),
      parameterValue,
    ),
    {
      maxLength: 5,
    },
  )
  .map((pairs) => (pairs.length ? `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}` : ''));

const segment = fc.oneof(
  fc.constantFrom('..', '.', '%2e%2e', '%2E%2E%2F', '', 'etc', 'passwd', 'package.json', 'index.html', 'swagger-ui.css.map', '%00', '%2F'),
  fc.string({ unit: 'binary', maxLength: 20 }).map(percentEncode),
);

const path = fc.oneof(
  { weight: 6, arbitrary: oneOfLater(API_PATHS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '/api/cases/1947-roswell-debris-recovery',
      '/',
      '/index.html',
      '/api/docs',
      '/api/openapi.json',
      '/health',
      '/ready',
      '/metrics',
    ),
  },
  { weight: 2, arbitrary: fc.oneof(segment, fc.string({ minLength: 90, maxLength: 3_000 }).map(percentEncode)).map((id) => `/api/cases/${id}`) },
  // The document paths with a real id (fixture corpus) or a random one, and every sort of page number.
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.oneof(fc.constantFrom('nara-28900001', 'dod-100000001', 'NARA-28900001'), segment),
        fc.oneof(fc.constantFrom('1', '2', '3', '0', '-1', '01', '1.5', '1e3', '99999999999', ''), segment),
      )
      .map(([id, page]) => `/api/documents/${id}/pages/${page}`),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('/api/docs', '/assets', '/api', '', '/api/cases'), fc.array(segment, { maxLength: 4 }))
      .map(([base, rest]) => `/${[base, ...rest].join('/').replace(/^\/+/, '')}`),
  },
);

/** Every method Node's parser knows; the archive takes GET, HEAD and OPTIONS. */
const method = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('GET', 'HEAD', 'OPTIONS') },
  { weight: 2, arbitrary: fc.constantFrom(...METHODS.filter((m) => m !== 'CONNECT')) },
);

const headerValue = (values: string[]) =>
  fc.option(
    fc.oneof(
      fc.constantFrom(...values),
      fc.string({ maxLength: 30 }).filter((v) => /^[\x20-\x7e]*$/.test(v)),
    ),
    { nil: undefined },
  );
const headers = fc.record({
  'if-none-match': headerValue(['*', '"x"', 'W/"x"', '"a", *', '', ',', 'W/']),
  range: headerValue(['bytes=x', 'bytes=0-1', 'bytes=999999-', 'bytes=-5', 'bytes=5-1', 'bytes=0-0,2-3', 'items=0-1', 'bytes=']),
  'accept-encoding': headerValue(['br', 'gzip', 'identity;q=0', '*;q=0', 'br;q=abc', 'gzip, br;q=0.5', 'zstd']),
  'x-request-id': headerValue(['abc', 'a'.repeat(200), '<script>']),
  origin: headerValue(['https://example.org', 'null']),
  'content-type': headerValue(['application/json', 'text/plain', 'garbage', 'multipart/form-data', 'application/x-www-form-urlencoded']),
  'x-api-key': headerValue(['nope', '']),
  expect: headerValue(['100-continue']),
});

const httpCase = fc.record({ method, path, query, headers, body: fc.option(fc.string({ maxLength: 64 }), { nil: undefined }) });
type HttpCase = typeof httpCase extends fc.Arbitrary<infer T> ? T : never;

// ---- sending and checking ---------------------------------------------------------------------

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function send(
  baseUrl: string,
  target: string,
  methodName: string,
  requestHeaders: Record<string, string | undefined>,
  body?: string,
): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl);
  const given = Object.fromEntries(Object.entries(requestHeaders).filter(([, value]) => value !== undefined)) as Record<string, string>;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: hostname, port, method: methodName, path: target, headers: given, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function decoded(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  if (answer.body.length === 0) return '';
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

/** What every answer must be, whatever was asked. */
function checkAnswer(asked: string, methodName: string, answer: Answer, engineDown = false): void {
  const where = `${methodName} ${asked} -> ${answer.status}`;
  if (answer.status >= 500 && !(engineDown && answer.status === 503)) throw new Error(`a 5xx: ${where}: ${decoded(answer).slice(0, 300)}`);
  if (answer.status >= 400 && methodName !== 'HEAD') {
    const text = decoded(answer);
    let body: { version?: unknown; license?: unknown; error?: { status?: unknown; code?: unknown; message?: unknown } };
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`an error outside the envelope: ${where}: ${text.slice(0, 200)}`);
    }
    if (body.version !== 1 || typeof body.license !== 'string' || body.error?.status !== answer.status || typeof body.error?.code !== 'string') {
      throw new Error(`an error outside the envelope: ${where}: ${text.slice(0, 200)}`);
    }
    if (!answer.headers['x-request-id']) throw new Error(`an error without X-Request-Id: ${where}`);
  }
  if (asked.startsWith('/api/feed.atom') && answer.status === 200 && methodName === 'GET') {
    const valid = wellFormedXml(decoded(answer));
    if (valid !== true) throw new Error(`a feed that is not well-formed XML: ${where}: ${valid}`);
  }
  if (/\/cite(?:\?|$)/.test(asked) && answer.status === 200 && methodName === 'GET') {
    const type = String(answer.headers['content-type']);
    if (!CITATION_TYPES.includes(type)) throw new Error(`a citation of another type: ${where}: ${type}`);
    if (type.startsWith('application/vnd.citationstyles.csl+json')) JSON.parse(decoded(answer));
  }
}

const CITATION_TYPES = [
  'application/vnd.citationstyles.csl+json; charset=utf-8',
  'application/x-bibtex; charset=utf-8',
  'application/x-research-info-systems; charset=utf-8',
];

/** One generated request against the api at `baseUrl`, checked. */
async function sendAndCheck(
  baseUrl: string,
  { method: methodName, path: target, query: search, headers: requestHeaders, body }: HttpCase,
  engineDown = false,
) {
  const withBody = ['POST', 'PUT', 'PATCH'].includes(methodName) && body !== undefined;
  // Node's client cannot send an Expect it then does not wait on; the raw-socket fuzz covers Expect.
  const { expect: _expect, ...sent } = requestHeaders;
  void _expect;
  const answer = await send(
    baseUrl,
    `${target}${search}`,
    methodName,
    withBody ? sent : { ...sent, 'content-type': undefined },
    withBody ? body : undefined,
  );
  checkAnswer(`${target}${search}`, methodName, answer, engineDown);
}

describe('fuzzing over HTTP', () => {
  it('answers every method, path, parameter and header without a 5xx, errors in the envelope, the feed well-formed', async () => {
    await fc.assert(
      fc.asyncProperty(httpCase, (asked) => sendAndCheck(api.baseUrl, asked)),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });

  it('with Elasticsearch unreachable, answers the same way but for 503s', async () => {
    // An address nothing listens on: the engine is down from the api's first request.
    const closed = createServer();
    await new Promise<void>((listening) => closed.listen(0, '127.0.0.1', listening));
    const { port } = closed.address() as AddressInfo;
    await new Promise((done) => closed.close(done));
    const down = await startApi({ CASES_ALIAS: ALIAS, ELASTICSEARCH_URL: `http://127.0.0.1:${port}` });
    try {
      await fc.assert(
        fc.asyncProperty(httpCase, (asked) => sendAndCheck(down.baseUrl, asked, true)),
        { seed: SEED, numRuns: Math.ceil(RUNS / 5), endOnFailure: true },
      );
    } finally {
      await down.close();
    }
  });
});

// ---- raw sockets --------------------------------------------------------------------------------

const token = fc.oneof(
  // Not HEAD: its answers have no body whatever their Content-Length, which a raw reader cannot tell apart.
  fc.constantFrom('GET', 'POST', 'FROB', 'get', 'G ET', '', 'PRI', 'CONNECT'),
  fc.string({ unit: 'binary-ascii', maxLength: 8 }),
);
const target = fc.oneof(
  fc.constantFrom('/api/stats', '/api/cases?q=x', '/', '*', 'http://x/api/stats', '/%zz', '/api/cases/\u0000'),
  fc.string({ unit: 'binary-ascii', maxLength: 30 }),
);
const version = fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1x', '', 'HTTP/0.9', 'HTTP/11');
const rawHeader = fc.oneof(
  fc.constantFrom(
    'Host: test',
    'Connection: upgrade\r\nUpgrade: h2c',
    'Connection: Upgrade\r\nUpgrade: websocket',
    'Expect: garbage',
    'Expect: 100-continue',
    'Content-Length: 5',
    'Content-Length: -1',
    'Content-Length: 1\r\nContent-Length: 2',
    'Transfer-Encoding: chunked',
    'Transfer-Encoding: chunked\r\nContent-Length: 3',
    `X-Big: ${'a'.repeat(17 * 1024)}`,
    'Bad Header: x',
    ': empty',
    'X-Nul: a\u0000b',
  ),
  fc
    .tuple(fc.string({ unit: 'binary-ascii', maxLength: 12 }), fc.string({ unit: 'binary-ascii', maxLength: 40 }))
    .map(([name, value]) => `${name}: ${value}`),
);
const rawRequest = fc
  .tuple(token, target, version, fc.array(rawHeader, { maxLength: 4 }), fc.constantFrom('', 'hello', '5\r\nhello\r\n0\r\n\r\n', 'zz\r\n'))
  .map(([verb, path, httpVersion, lines, body]) => `${verb} ${path} ${httpVersion}\r\n${lines.map((line) => `${line}\r\n`).join('')}\r\n${body}`);
const exchange = fc.array(rawRequest, { minLength: 1, maxLength: 2 });

describe('fuzzing over raw sockets', () => {
  it('answers or closes every malformed request, errors in the envelope, never a 5xx, never a socket left open', async () => {
    await fc.assert(
      fc.asyncProperty(exchange, async (requests) => {
        // The client says it is done (half-close): a server that has answered all it could must then close.
        const result = await rawExchange(
          api.baseUrl,
          requests.map((text) => Buffer.from(text, 'latin1')),
          { endWhenWritten: true },
        );
        const where = JSON.stringify(requests.map((text) => text.slice(0, 120)));
        if (!result.closedByServer) throw new Error(`a socket left open: ${where}`);
        for (const response of result.responses) {
          if (response.status >= 500) throw new Error(`a 5xx (${response.status}): ${where}`);
          if (response.status >= 400 && response.body) {
            const body = JSON.parse(response.body);
            if (body.version !== 1 || body.error?.status !== response.status)
              throw new Error(`an error outside the envelope: ${where}: ${response.body.slice(0, 200)}`);
            if (!response.headers['x-request-id']) throw new Error(`an error without X-Request-Id: ${where}`);
          }
        }
      }),
      { seed: SEED, numRuns: SOCKET_RUNS, endOnFailure: true },
    );
  });
});
