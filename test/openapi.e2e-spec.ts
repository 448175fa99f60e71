import { Client } from '@elastic/elasticsearch';
import { spawnSync } from 'node:child_process';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { getMetadataStorage } from 'class-validator';
import { CaseListQueryDto } from '../apps/api/src/cases/case-list-query.dto';
import { elasticsearchUrl, FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';
import { closedPort } from './support/closed-port';

const ALIAS = 'e2e-openapi';
const BROKEN_ALIAS = 'e2e-openapi-broken';
const BROKEN_INDEX = 'e2e-openapi-broken-index';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

let api: RunningApi;
let document: Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const running: RunningApi[] = [];

const pointer = (...parts: (string | number)[]) => parts.map((part) => String(part).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Validates a real body against the schema the served document gives for that path, method and status. */
function expectDocumented(body: unknown, path: string, status: number, mediaType = 'application/json'): void {
  const operation = document.paths[path]?.get;
  expect(operation).toBeDefined();
  const response = operation.responses[String(status)];
  if (!response) throw new Error(`GET ${path} does not document status ${status}`);
  expect(response.content?.[mediaType]?.schema).toBeDefined();
  const validate = ajv.compile({
    $ref: `openapi.json#/${pointer('paths', path, 'get', 'responses', String(status), 'content', mediaType, 'schema')}`,
  });
  if (!validate(body))
    throw new Error(`GET ${path} ${status} does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
}

function expectComponent(body: unknown, name: string): void {
  expect(document.components.schemas[name]).toBeDefined();
  const validate = ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` });
  if (!validate(body)) throw new Error(`${name} does not match: ${ajv.errorsText(validate.errors)}`);
}

beforeAll(async () => {
  expect((await ingest(ALIAS, FIXTURE)).status).toMatch(/indexed|unchanged/);
  api = await startApi({ CASES_ALIAS: ALIAS, QUOTA_REQUESTS: '1000' });
  running.push(api);
  const served = await request(api.baseUrl, '/api/openapi.json');
  expect(served.status).toBe(200);
  document = served.body;
  ajv.addSchema(document, 'openapi.json');
});

afterAll(async () => {
  await Promise.all(running.map((started) => started.close()));
});

describe('the served OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (checked by @seriousme/openapi-schema-validator)', () => {
    const script = `
      import { Validator } from '@seriousme/openapi-schema-validator';
      let text = ''; for await (const chunk of process.stdin) text += chunk;
      const result = await new Validator().validate(JSON.parse(text));
      console.log(JSON.stringify(result));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      input: JSON.stringify(document),
      encoding: 'utf8',
      cwd: process.cwd(),
    });
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('types every list parameter and states its rule', () => {
    const parameters = Object.fromEntries(document.paths['/api/cases'].get.parameters.map((p: Json) => [p.name, p]));
    expect(Object.keys(parameters)).toEqual(
      expect.arrayContaining([
        'type',
        'credibility',
        'tranche',
        'country',
        'hasVideo',
        'year',
        'dateFrom',
        'dateTo',
        'bbox',
        'near',
        'radiusKm',
        'sort',
        'fields',
        'facets',
        'q',
        'limit',
        'offset',
      ]),
    );
    for (const parameter of Object.values(parameters) as Json[]) {
      expect(parameter.in).toBe('query');
      expect(parameter.required).toBe(false);
      expect(parameter.description).toEqual(expect.any(String));
    }
    // Every parameter the api validates is documented, including ones added later.
    const validated = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(CaseListQueryDto, '', true, false)
        .map((m) => m.propertyName),
    );
    expect([...validated].sort()).toEqual(Object.keys(parameters).sort());
    expect(parameters.limit.schema).toMatchObject({ type: 'integer', minimum: 0, default: 50 });
    expect(parameters.offset.schema).toMatchObject({ type: 'integer', minimum: 0 });
    expect(parameters.year.schema).toMatchObject({ type: 'integer' });
    expect(document.components.schemas.CaseType.enum).toEqual(['military', 'radar', 'mass', 'photo', 'astronaut', 'document', 'crash']);
    expect(document.security).toEqual([{}, { apiKey: [] }, { bearer: [] }]);
  });

  it('is what Swagger UI at /api/docs loads', async () => {
    const page = await fetch(`${api.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
  });
});

describe('real responses match the document', () => {
  it('list, and the next cursor page', async () => {
    const { status, body } = await request(api.baseUrl, '/api/cases?limit=3');
    expect(status).toBe(200);
    expectDocumented(body, '/api/cases', 200);
    expect(typeof body.nextCursor).toBe('string');
    const next = await request(api.baseUrl, `/api/cases?limit=3&cursor=${encodeURIComponent(body.nextCursor)}`);
    expect(next.status).toBe(200);
    expectDocumented(next.body, '/api/cases', 200);
  });

  it('list with facets, fields, the new filters and sort', async () => {
    const faceted = await request(
      api.baseUrl,
      '/api/cases?facets=type,credibility,tranche,country,precision,hasVideo,year,decade&type=military,radar&dateFrom=1947&limit=2',
    );
    expect(faceted.status).toBe(200);
    expect(Object.keys(faceted.body.facets)).toHaveLength(8);
    expectDocumented(faceted.body, '/api/cases', 200);
    const trimmed = await request(api.baseUrl, '/api/cases?fields=title,date&bbox=-130,20,-60,55&sort=oldest&limit=3');
    expect(Object.keys(trimmed.body.cases[0]).sort()).toEqual(['date', 'id', 'title']);
    expectDocumented(trimmed.body, '/api/cases', 200);
    const near = await request(api.baseUrl, '/api/cases?near=38.9,-77.04&radiusKm=2000&sort=distance&limit=2');
    expectDocumented(near.body, '/api/cases', 200);
    expect(document.components.schemas.CaseSummarySelectionDto.required).toEqual(['id']);
  });

  it('related cases, and their 404', async () => {
    const related = await request(api.baseUrl, '/api/cases/1947-roswell-debris-recovery/related?limit=3');
    expect(related.status).toBe(200);
    expectDocumented(related.body, '/api/cases/{id}/related', 200);
    const missing = await request(api.baseUrl, '/api/cases/no-such-case/related');
    expectDocumented(missing.body, '/api/cases/{id}/related', 404);
    const bad = await request(api.baseUrl, '/api/cases/1947-roswell-debris-recovery/related?limit=x');
    expectDocumented(bad.body, '/api/cases/{id}/related', 400);
  });

  it('stats of a subset, and a bad stats filter', async () => {
    const stats = await request(api.baseUrl, '/api/stats?type=military,radar&dateTo=2000');
    expect(stats.status).toBe(200);
    expectDocumented(stats.body, '/api/stats', 200);
    const parameters = document.paths['/api/stats'].get.parameters.map((p: Json) => p.name);
    expect(parameters).toEqual(expect.arrayContaining(['type', 'dateFrom', 'dateTo', 'bbox', 'near', 'radiusKm', 'q']));
    expect(parameters).not.toContain('limit');
    const bad = await request(api.baseUrl, '/api/stats?near=x');
    expect(bad.status).toBe(400);
    expectDocumented(bad.body, '/api/stats', 400);
  });

  it('suggestions, and a suggest request with a bad parameter', async () => {
    for (const q of ['Tremon', '罗斯威', 'Zzyzx']) {
      const { status, body } = await request(api.baseUrl, `/api/suggest?q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expectDocumented(body, '/api/suggest', 200);
    }
    const bad = await request(api.baseUrl, '/api/suggest?q=a&limit=11');
    expect(bad.status).toBe(400);
    expectDocumented(bad.body, '/api/suggest', 400);
  });

  it('a keyword search, with each hit saying how it matched and a did-you-mean', async () => {
    for (const q of ['Rosswell', 'flying disc Roswell']) {
      const { status, body } = await request(api.baseUrl, `/api/cases?limit=5&q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expect(body.cases[0].match).toEqual(expect.any(String));
      expect(body).toHaveProperty('suggestion');
      expectDocumented(body, '/api/cases', 200);
    }
  });

  it('a keyword search with facets, fields (with and without match) and a cursor', async () => {
    const faceted = await request(api.baseUrl, '/api/cases?q=radar&facets=type,decade&limit=3');
    expect(faceted.status).toBe(200);
    expect(Object.keys(faceted.body.facets)).toEqual(['type', 'decade']);
    expect(faceted.body.cases[0].match).toEqual(expect.any(String));
    expectDocumented(faceted.body, '/api/cases', 200);
    const trimmed = await request(api.baseUrl, '/api/cases?q=radar&fields=title,match&limit=1');
    expect(Object.keys(trimmed.body.cases[0]).sort()).toEqual(['id', 'match', 'title']);
    expectDocumented(trimmed.body, '/api/cases', 200);
    const without = await request(api.baseUrl, '/api/cases?q=radar&fields=title&limit=3');
    expect(Object.keys(without.body.cases[0]).sort()).toEqual(['id', 'title']);
    expect(typeof trimmed.body.nextCursor).toBe('string');
    const next = await request(api.baseUrl, `/api/cases?q=radar&fields=title,match&limit=1&cursor=${encodeURIComponent(trimmed.body.nextCursor)}`);
    expect(next.status).toBe(200);
    expect(next.body.cases.map((c: Json) => c.id)).not.toContain(trimmed.body.cases[0].id);
    expectDocumented(next.body, '/api/cases', 200);
  });

  it('the Atom feed, documented as application/atom+xml', async () => {
    expect(Object.keys(document.paths['/api/feed.atom'].get.responses['200'].content)).toEqual(['application/atom+xml']);
    const response = await fetch(`${api.baseUrl}/api/feed.atom?type=radar`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
  });

  it('the export, one documented case per line', async () => {
    const response = await fetch(`${api.baseUrl}/api/cases/export?type=radar`);
    expect(response.status).toBe(200);
    const lines = (await response.text()).split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expectDocumented(JSON.parse(line), '/api/cases/export', 200, 'application/x-ndjson');
  });

  it('case and stats', async () => {
    const one = await request(api.baseUrl, '/api/cases/1947-roswell-debris-recovery');
    expect(one.status).toBe(200);
    expectDocumented(one.body, '/api/cases/{id}', 200);
    const spaceCase = (await request(api.baseUrl, '/api/cases?country=ZZ&limit=1')).body.cases[0];
    if (spaceCase) expectDocumented((await request(api.baseUrl, `/api/cases/${spaceCase.id}`)).body, '/api/cases/{id}', 200);
    const stats = await request(api.baseUrl, '/api/stats');
    expectDocumented(stats.body, '/api/stats', 200);
  });

  it('400, 401, 404 and 405', async () => {
    const bad = await request(api.baseUrl, '/api/cases?type=ufo&limit=-1');
    expect(bad.status).toBe(400);
    expectDocumented(bad.body, '/api/cases', 400);

    const badKey = await request(api.baseUrl, '/api/stats', { headers: { 'X-API-Key': 'unknown-key-0000000000' } });
    expect(badKey.status).toBe(401);
    expectDocumented(badKey.body, '/api/stats', 401);

    const missing = await request(api.baseUrl, '/api/cases/no-such-case');
    expect(missing.status).toBe(404);
    expectDocumented(missing.body, '/api/cases/{id}', 404);
    const unknownPath = await request(api.baseUrl, '/api/nothing-here');
    expect(unknownPath.status).toBe(404);
    expectComponent(unknownPath.body, 'NotFoundResponseDto');

    const post = await request(api.baseUrl, '/api/cases', { method: 'POST' });
    expect(post.status).toBe(405);
    expectComponent(post.body, 'MethodNotAllowedResponseDto');
  });

  it('429 with its documented headers', async () => {
    const limited = await startApi({ CASES_ALIAS: ALIAS, QUOTA_REQUESTS: '1' });
    running.push(limited);
    const first = await request(limited.baseUrl, '/api/stats');
    for (const header of Object.keys(document.paths['/api/stats'].get.responses['200'].headers)) expect(first.headers.get(header)).not.toBeNull();
    const refused = await request(limited.baseUrl, '/api/stats');
    expect(refused.status).toBe(429);
    expectDocumented(refused.body, '/api/stats', 429);
    for (const header of Object.keys(document.paths['/api/stats'].get.responses['429'].headers)) expect(refused.headers.get(header)).not.toBeNull();
  });

  it('503 while Elasticsearch is stopped, and /ready saying why', async () => {
    const down = await startApi({ ELASTICSEARCH_URL: `http://127.0.0.1:${await closedPort()}` });
    running.push(down);
    const list = await request(down.baseUrl, '/api/cases');
    expect(list.status).toBe(503);
    expectDocumented(list.body, '/api/cases', 503);
    const ready = await request(down.baseUrl, '/ready');
    expect(ready.status).toBe(503);
    expectDocumented(ready.body, '/ready', 503);
    expectDocumented((await request(down.baseUrl, '/health')).body, '/health', 200);
  });

  it('500 with the errorId', async () => {
    const es = new Client({ node: elasticsearchUrl() });
    try {
      await es.indices.delete({ index: BROKEN_INDEX }, { ignore: [404] });
      await es.indices.create({
        index: BROKEN_INDEX,
        mappings: { properties: { id: { type: 'text' }, date: { type: 'keyword' } } },
        aliases: { [BROKEN_ALIAS]: {} },
      });
      await es.index({ index: BROKEN_INDEX, document: { id: 'x', date: '2000-01-01' }, refresh: true });
      const broken = await startApi({ CASES_ALIAS: BROKEN_ALIAS });
      running.push(broken);
      const failed = await request(broken.baseUrl, '/api/cases');
      expect(failed.status).toBe(500);
      expectDocumented(failed.body, '/api/cases', 500);
    } finally {
      await es.indices.delete({ index: BROKEN_INDEX }, { ignore: [404] });
      await es.close();
    }
  });
});
