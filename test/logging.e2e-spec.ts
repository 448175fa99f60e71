import { Client } from '@elastic/elasticsearch';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApiApp } from '../apps/api/src/create-api-app';
import { elasticsearchUrl, FIXTURE, ingest, request } from './support/archive-harness';

const ALIAS = 'e2e-logging';
/** An alias over an index whose `id` is analysed text: sorting on it makes Elasticsearch refuse the list query, an error the api cannot explain. */
const BROKEN_ALIAS = 'e2e-logging-broken';
const BROKEN_INDEX = 'e2e-logging-broken-index';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LogLine = Record<string, any>;
const lines: LogLine[] = [];
const apps: NestFastifyApplication[] = [];
const es = new Client({ node: elasticsearchUrl() });

async function start(alias: string): Promise<string> {
  const app = await createApiApp({
    env: { ELASTICSEARCH_URL: elasticsearchUrl(), CASES_ALIAS: alias },
    logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
  apps.push(app);
  await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
}

const requestLines = (id: string) => lines.filter((line) => line.requestId === id && line.msg?.startsWith('request'));

beforeAll(async () => {
  expect((await ingest(ALIAS, FIXTURE)).status).toMatch(/indexed|unchanged/);
  await es.indices.delete({ index: BROKEN_INDEX }, { ignore: [404] });
  await es.indices.create({
    index: BROKEN_INDEX,
    mappings: { properties: { id: { type: 'text' }, date: { type: 'keyword' } } },
    aliases: { [BROKEN_ALIAS]: {} },
  });
  await es.index({ index: BROKEN_INDEX, document: { id: 'x', date: '2000-01-01' }, refresh: true });
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await es.indices.delete({ index: BROKEN_INDEX }, { ignore: [404] });
  await es.close();
});

describe('request logs', () => {
  it('writes one JSON line per request with method, route, status, duration and the id it returns as X-Request-Id', async () => {
    const baseUrl = await start(ALIAS);
    const { status, headers } = await request(baseUrl, '/api/cases/1947-roswell-debris-recovery?x=1');
    expect(status).toBe(200);
    const id = headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((resolve) => setImmediate(resolve));

    const logged = requestLines(id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      requestId: id,
      req: { method: 'GET', url: '/api/cases/1947-roswell-debris-recovery?x=1' },
      res: { statusCode: 200 },
      route: '/api/cases/:id',
    });
    expect(typeof logged[0].durationMs).toBe('number');
    expect(logged[0]).toHaveProperty('cache');
    expect(JSON.stringify(logged[0])).not.toMatch(/user-agent|x-api-key/i);
  });

  it('writes a line for every request, 304s and 404s included, each with its own id', async () => {
    const baseUrl = await start(ALIAS);
    const first = await request(baseUrl, '/api/cases?type=military');
    const etag = first.headers.get('etag')!;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await fetch(`${baseUrl}/api/cases?type=military`, { headers: { 'If-None-Match': etag } }));
    answers.push(await fetch(`${baseUrl}/api/cases/no-such-case`));
    expect(answers.map((answer) => answer.status)).toEqual([304, 304, 304, 404]);
    // The batched writer sends lines on; the test's stream receives each at once.
    await new Promise((resolve) => setImmediate(resolve));
    const ids = answers.map((answer) => answer.headers.get('x-request-id')!);
    expect(new Set(ids).size).toBe(4);
    const logged = ids.map((id) => requestLines(id));
    expect(logged.map((found) => found.length)).toEqual([1, 1, 1, 1]);
    expect(logged.slice(0, 3).map(([line]) => [line.res.statusCode, line.cache, line.route])).toEqual(Array(3).fill([304, 'hit', '/api/cases']));
    expect(logged[3][0]).toMatchObject({ level: 30, msg: 'request completed', res: { statusCode: 404 }, route: '/api/cases/:id' });
  });

  it('keeps a sane incoming X-Request-Id and replaces one that is not', async () => {
    const baseUrl = await start(ALIAS);
    const kept = await request(baseUrl, '/api/stats', { headers: { 'X-Request-Id': 'edge-7f3a.42' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-7f3a.42');
    const replaced = await request(baseUrl, '/api/stats', { headers: { 'X-Request-Id': 'not sane <script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('uses the request id as the errorId of a 500, and logs the error under the same id', async () => {
    const baseUrl = await start(BROKEN_ALIAS);
    const { status, headers, body } = await request(baseUrl, '/api/cases');
    expect(status).toBe(500);
    expect(body).toMatchObject({ version: 1, error: { status: 500, code: 'internal_error' } });
    const id = headers.get('x-request-id');
    expect(body.error.errorId).toBe(id);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.some((line) => line.level === 50 && line.requestId === id && /Unexpected error/.test(line.msg))).toBe(true);
    expect(requestLines(id!)).toEqual([expect.objectContaining({ level: 50, res: { statusCode: 500 }, route: '/api/cases' })]);
  });
});
