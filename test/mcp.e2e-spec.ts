import { createServer } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { validateSettings } from '@app/config';
import { McpEnvironment } from '@app/config/mcp-environment';
import { startMcp, type RunningMcp } from '../apps/mcp/src/mcp-app';
import { FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';
import { DOCUMENT_FIXTURES, ingestDocuments } from './support/documents-harness';

const ROOT = join(__dirname, '..');
const ALIAS = 'e2e-mcp';
const DOCUMENTS_ALIAS = 'e2e-mcp-documents';
const silent = { LOG_LEVEL: 'silent' };
/**
 * These tests compare answers, not speed: on a loaded machine a cold search may take longer than the
 * api's default sub-second engine timeout, which would turn a comparison into a 503.
 */
const PATIENT_API = { SEARCH_TIMEOUT_MS: '10000' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

let api: RunningApi;
let mcp: RunningMcp;
const running: { close(): Promise<void> }[] = [];

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The MCP server over Streamable HTTP on a free port, reading the given api. */
async function startMcpHttp(apiBaseUrl: string): Promise<RunningMcp> {
  const env = validateSettings(McpEnvironment, {
    ...silent,
    API_TIMEOUT_MS: '30000',
    API_BASE_URL: apiBaseUrl,
    MCP_TRANSPORT: 'http',
    MCP_PORT: '0',
    MCP_HOST: '127.0.0.1',
  });
  const started = await startMcp(env);
  running.push(started);
  return started;
}

async function connectHttp(url: string): Promise<Client> {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  running.push(client);
  return client;
}

/** The MCP server as a desktop client runs it: a child process over stdin/stdout (from source, as ts-node loads it). */
async function connectStdio(apiBaseUrl: string): Promise<Client> {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['-r', join(ROOT, 'scripts', 'support', 'load-typescript.cjs'), join(ROOT, 'apps', 'mcp', 'src', 'main.ts')],
    cwd: ROOT,
    env: { ...getDefaultEnvironment(), ...silent, API_TIMEOUT_MS: '30000', API_BASE_URL: apiBaseUrl, MCP_TRANSPORT: 'stdio' },
    stderr: 'inherit',
  });
  await client.connect(transport);
  running.push(client);
  return client;
}

/** The JSON text of a resource's first content. */
const jsonOf = (read: { contents: ({ text: string } | { blob: string })[] }): Json =>
  JSON.parse('text' in read.contents[0] ? read.contents[0].text : '');

const textOf = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A successful call's structured answer; fails the test with the tool's own words otherwise. */
async function answer(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Json> {
  const result = await call(client, name, args);
  if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`);
  return result.structuredContent;
}

beforeAll(async () => {
  expect((await ingest(ALIAS, FIXTURE)).status).toMatch(/indexed|unchanged/);
  expect((await ingestDocuments(DOCUMENTS_ALIAS, DOCUMENT_FIXTURES)).status).toBe('indexed');
  api = await startApi({ CASES_ALIAS: ALIAS, DOCUMENTS_ALIAS, ...PATIENT_API });
  running.push(api);
  mcp = await startMcpHttp(api.baseUrl);
});

afterAll(async () => {
  for (const started of running.reverse()) await started.close();
});

/** Both transports, each connected by the SDK's own client. */
const TRANSPORTS: [string, () => Promise<Client>][] = [
  ['Streamable HTTP', () => connectHttp(mcp.url as string)],
  ['stdio', () => connectStdio(api.baseUrl)],
];

describe.each(TRANSPORTS)('the MCP server over %s, with the SDK client', (_transport, connect) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect();
  });

  it('lists its tools, each with a JSON schema whose choices are the api’s', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'get_case',
      'get_document_page',
      'get_stats',
      'related_cases',
      'search_cases',
      'search_documents',
      'suggest',
    ]);
    const search = tools.find((tool) => tool.name === 'search_cases')!;
    expect(search.inputSchema.type).toBe('object');
    const properties = search.inputSchema.properties as Json;
    for (const filter of [
      ...['q', 'type', 'credibility', 'tranche', 'country', 'precision', 'hasVideo', 'year', 'updatedSince', 'cursor', 'limit'],
      ...['dateFrom', 'dateTo', 'bbox', 'near', 'radiusKm', 'sort', 'facets'],
    ]) {
      expect(properties[filter]).toEqual(expect.objectContaining({ description: expect.any(String) }));
    }
    const document = (await request(api.baseUrl, '/api/openapi.json')).body;
    expect(properties.type.items.enum).toEqual(document.components.schemas.CaseType.enum);
    expect(properties.credibility.items.enum).toEqual(document.components.schemas.Credibility.enum);
    const sort = document.paths['/api/cases'].get.parameters.find((parameter: Json) => parameter.name === 'sort');
    expect(properties.sort.enum).toEqual(sort.schema.enum);
    expect(properties.q.description).toMatch(/Chinese/);
    const getCase = tools.find((tool) => tool.name === 'get_case')!;
    expect(getCase.inputSchema.required).toEqual(['id']);
    for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
    expect(client.getInstructions()).toMatch(/cite its record link and its government sources/);
  });

  it('search_cases finds what GET /api/cases finds, each case citing its record and its government sources', async () => {
    const found = await answer(client, 'search_cases', { type: ['photo'], limit: 5 });
    const expected = (await request(api.baseUrl, '/api/cases?type=photo&limit=5')).body;
    expect(found.total).toBe(expected.total);
    expect(found.cases.map((item: Json) => item.id)).toEqual(expected.cases.map((item: Json) => item.id));
    expect(found.license).toBe(expected.license);
    for (const item of found.cases) {
      const record = (await request(api.baseUrl, `/api/cases/${item.id}`)).body.case;
      expect(item.url).toBe(`${api.baseUrl}/api/cases/${item.id}`);
      expect(item.page).toBe(`${api.baseUrl}/?case=${item.id}`);
      expect(item.title).toEqual(record.title);
      expect(item.sources).toEqual(record.sources.slice(0, 3));
      expect(item.moreSources).toBe(Math.max(0, record.sources.length - 3));
    }
    // The Colorado case has seven sources: three cited, the rest counted.
    expect(found.cases.find((item: Json) => item.id === '2023-10-colorado-police-officer-flashing-lights-videos')?.moreSources).toBe(4);
    const text = textOf(await call(client, 'search_cases', { type: ['photo'], limit: 5 }));
    expect(text).toContain(`Record: ${api.baseUrl}/api/cases/1952-tremonton-utah-film`);
    expect(text).toMatch(/Government sources: .*<https?:\/\//);
    expect(text).toContain(`License: ${expected.license}`);
  });

  it('search_cases takes keywords in Chinese and every filter, as the api does', async () => {
    const chinese = await answer(client, 'search_cases', { q: '罗斯威尔', lang: 'zh', withSources: false });
    const expected = (await request(api.baseUrl, `/api/cases?q=${encodeURIComponent('罗斯威尔')}&limit=10`)).body;
    expect(chinese.cases.map((item: Json) => item.id)).toEqual(expected.cases.map((item: Json) => item.id));
    expect(chinese.cases[0].id).toBe('1947-roswell-debris-recovery');
    expect(chinese.cases[0].title).toBe(expected.cases[0].title.zh);

    const filtered = await answer(client, 'search_cases', {
      hasVideo: true,
      country: 'us',
      credibility: ['official'],
      year: 2019,
      withSources: false,
    });
    const same = (await request(api.baseUrl, '/api/cases?hasVideo=true&country=US&credibility=official&year=2019')).body;
    expect(filtered.cases.map((item: Json) => item.id)).toEqual(same.cases.map((item: Json) => item.id));
    expect(filtered.total).toBe(same.total);

    // Several values, a date range, a place and an order, with counts by facet: the api's answer, item for item.
    const args = { type: ['military', 'radar'], dateFrom: '1950', dateTo: '2020-06', near: '38.9,-77.04', sort: 'distance', facets: 'type,decade' };
    const placed = await answer(client, 'search_cases', { ...args, withSources: false });
    const query = 'type=military,radar&dateFrom=1950&dateTo=2020-06&near=38.9,-77.04&sort=distance&facets=type,decade&limit=10';
    const expectedPlaced = (await request(api.baseUrl, `/api/cases?${query}`)).body;
    expect(placed.cases.map((item: Json) => item.id)).toEqual(expectedPlaced.cases.map((item: Json) => item.id));
    expect(placed.facets).toEqual(expectedPlaced.facets);
    expect(textOf(await call(client, 'search_cases', { ...args, withSources: false }))).toMatch(/^Counted by type: military \d+, radar \d+/m);
  });

  it('search_cases pages by cursor through exactly the cases the api lists', async () => {
    const all = (await request(api.baseUrl, '/api/cases?limit=500')).body;
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await answer(client, 'search_cases', { limit: 4, withSources: false, ...(cursor ? { cursor } : {}) });
      seen.push(...page.cases.map((item: Json) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all.cases.map((item: Json) => item.id));
  });

  it('get_case gives the summary and every source, or the whole record with full=true', async () => {
    const id = '2023-10-colorado-police-officer-flashing-lights-videos';
    const { body } = await request(api.baseUrl, `/api/cases/${id}`);
    const compact = (await answer(client, 'get_case', { id, lang: 'en' })).case;
    expect(compact).toMatchObject({ id, title: body.case.title.en, summary: body.case.summary.en, url: `${api.baseUrl}/api/cases/${id}` });
    expect(compact.sources).toEqual(body.case.sources);
    expect(compact.detail).toBeUndefined();
    const whole = (await answer(client, 'get_case', { id, full: true })).case;
    expect(whole).toEqual({ ...body.case, url: `${api.baseUrl}/api/cases/${id}`, page: `${api.baseUrl}/?case=${id}` });
  });

  it('related_cases answers what GET /api/cases/{id}/related does, citing sources', async () => {
    const id = '1947-roswell-debris-recovery';
    const related = await answer(client, 'related_cases', { id, limit: 3 });
    const expected = (await request(api.baseUrl, `/api/cases/${id}/related?limit=3`)).body;
    expect(related.cases.map((item: Json) => item.id)).toEqual(expected.cases.map((item: Json) => item.id));
    expect(related.cases.length).toBeGreaterThan(0);
    for (const item of related.cases) expect(item.sources.length).toBeGreaterThan(0);
    const missing = await call(client, 'related_cases', { id: 'no-such-case' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/no-such-case/);
  });

  it('get_stats answers what GET /api/stats does', async () => {
    const { version: _version, ...expected } = (await request(api.baseUrl, '/api/stats')).body;
    expect(await answer(client, 'get_stats')).toEqual(expected);
    expect(textOf(await call(client, 'get_stats'))).toContain(`${expected.total} cases, ${expected.withVideo} with video`);
  });

  it('answers a bad argument with a tool error naming it, whether the schema or the api refuses it', async () => {
    const schema = await call(client, 'search_cases', { type: ['ufo'] });
    expect(schema.isError).toBe(true);
    expect(textOf(schema)).toMatch(/type/);
    const wrongType = await call(client, 'search_cases', { year: 'nineteen fifty' });
    expect(wrongType.isError).toBe(true);
    expect(textOf(wrongType)).toMatch(/year/);
    const api400 = await call(client, 'search_cases', { tranche: 'PURSUE-x' });
    expect(api400.isError).toBe(true);
    expect(textOf(api400)).toMatch(/^Invalid argument\. tranche: tranche must be pre-disclosure or PURSUE-<n>/);
    // The server is still there after each.
    expect((await answer(client, 'get_stats')).total).toBeGreaterThan(0);
  });

  it('suggest refuses a bad argument with a tool error naming it', async () => {
    for (const [args, named] of [
      [{ q: '' }, /\bq\b/],
      [{ q: 'UFO', limit: 11 }, /limit/],
      [{ q: 'UFO', limit: 0 }, /limit/],
    ] as const) {
      const refused = await call(client, 'suggest', args);
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(named);
    }
  });

  it('answers a missing case with a tool error, and as a missing resource', async () => {
    const missing = await call(client, 'get_case', { id: 'no-such-case' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe('No case has the id "no-such-case". Use search_cases to find case ids.');
    await expect(client.readResource({ uri: 'uap://cases/no-such-case' })).rejects.toMatchObject({ code: -32002 });
  });

  it('serves each case as uap://cases/{id} and the stats as uap://stats', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(['uap://cases/{id}']);
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(['uap://stats']);

    const id = '1947-roswell-debris-recovery';
    const read = await client.readResource({ uri: `uap://cases/${id}` });
    const { body } = await request(api.baseUrl, `/api/cases/${id}`);
    expect(read.contents[0]).toMatchObject({ uri: `uap://cases/${id}`, mimeType: 'application/json' });
    const resource = jsonOf(read);
    expect(resource).toEqual({
      license: body.license,
      case: { ...body.case, url: `${api.baseUrl}/api/cases/${id}`, page: `${api.baseUrl}/?case=${id}` },
    });
    const stats = jsonOf(await client.readResource({ uri: 'uap://stats' }));
    expect(stats).toEqual((await request(api.baseUrl, '/api/stats')).body);
  });
});

/** The suggest tool against GET /api/suggest: completions with their case ids, as the api answers them. */
describe.each(TRANSPORTS)('the suggest tool over %s', (_transport, connect) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect();
  });

  it('answers what GET /api/suggest does, each completion with its record link', async () => {
    for (const [q, limit] of [
      ['Tremon', 3],
      ['Shag Harb', undefined],
      ['罗斯威', undefined],
      ['Washington National', 1],
    ] as const) {
      const found = await answer(client, 'suggest', { q, ...(limit === undefined ? {} : { limit }) });
      const expected = (await request(api.baseUrl, `/api/suggest?q=${encodeURIComponent(q)}${limit === undefined ? '' : `&limit=${limit}`}`)).body;
      expect(found.q).toBe(expected.q);
      expect(found.license).toBe(expected.license);
      expect(found.suggestions.map(({ url: _url, page: _page, ...suggestion }: Json) => suggestion)).toEqual(expected.suggestions);
      expect(found.suggestions.length).toBeGreaterThan(0);
      for (const item of found.suggestions) expect(item.url).toBe(`${api.baseUrl}/api/cases/${item.id}`);
      const text = textOf(await call(client, 'suggest', { q, ...(limit === undefined ? {} : { limit }) }));
      expect(text).toContain(`Record: ${api.baseUrl}/api/cases/${expected.suggestions[0].id}`);
      expect(text).toContain(`License: ${expected.license}`);
    }
    expect((await answer(client, 'suggest', { q: '罗斯威' })).suggestions[0].id).toBe('1947-roswell-debris-recovery');
  });

  it('says so when nothing starts with the text', async () => {
    const none = await call(client, 'suggest', { q: 'Zzyzx' });
    expect(none.isError).toBeFalsy();
    expect(none.structuredContent).toMatchObject({ q: 'Zzyzx', suggestions: [] });
    expect(textOf(none)).toMatch(/^No case title or place name starts with "Zzyzx"\./);
    expect(none.structuredContent).not.toHaveProperty('suggestion');
  });

  it('gives the api’s did-you-mean when nothing starts with a misspelt text', async () => {
    const misspelt = await call(client, 'suggest', { q: 'Rosswel' });
    expect(misspelt.structuredContent).toMatchObject({ q: 'Rosswel', suggestions: [], suggestion: 'roswell' });
    expect(textOf(misspelt)).toContain('Did you mean "roswell"?');
    const searched = await call(client, 'search_cases', { q: 'Rosswel' });
    expect(searched.structuredContent).toMatchObject({ total: 0, suggestion: 'roswell' });
    expect(textOf(searched)).toContain('Did you mean "roswell"? Call search_cases again with q "roswell".');
  });
});

describe.each(TRANSPORTS)('the document tools over %s', (_transport, connect) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect();
  });

  it('search_documents offers what GET /api/documents takes, its limits the contract’s', async () => {
    const { tools } = await client.listTools();
    const properties = tools.find((tool) => tool.name === 'search_documents')!.inputSchema.properties as Json;
    const listDocuments = (await request(api.baseUrl, '/api/openapi.json')).body.paths['/api/documents'].get;
    const parameter = (name: string) => listDocuments.parameters.find((given: Json) => given.name === name).schema;
    expect(properties.limit.maximum).toBe(parameter('limit').maximum);
    expect(properties.kind.enum).toEqual(parameter('kind').enum);
    expect(properties.q.maxLength).toBe(parameter('q').maxLength);
    expect(properties.collapse.enum).toEqual(parameter('collapse').enum);
    expect(properties.cursor.maxLength).toBe(parameter('cursor').maxLength);
    for (const name of ['q', 'collection', 'release', 'agency', 'caseId', 'dateFrom', 'dateTo', 'kind', 'limit', 'offset', 'cursor', 'collapse']) {
      expect(properties[name]).toEqual(expect.objectContaining({ description: expect.any(String) }));
    }
  });

  it('search_documents finds what GET /api/documents finds, snippets in bold, each page linked to read and cite', async () => {
    const found = await answer(client, 'search_documents', { q: 'lights formation', limit: 5 });
    const expected = (await request(api.baseUrl, '/api/documents?q=lights%20formation&limit=5')).body;
    expect(found).toMatchObject({ total: expected.total, totalPages: expected.totalPages, notice: expected.notice, license: expected.license });
    expect(found.documents.map((document: Json) => document.id)).toEqual(expected.documents.map((document: Json) => document.id));
    const [first] = found.documents;
    expect(first.pages.length).toBeGreaterThan(0);
    for (const page of first.pages) {
      expect(page.snippet).toMatch(/\*\*[^*]+\*\*/);
      expect(page.snippet).not.toMatch(/<mark>|&quot;|&amp;/);
      expect(page.url).toBe(`${api.baseUrl}/api/documents/${first.id}/pages/${page.page}`);
      expect(page.cite).toBe(`${api.baseUrl}/api/documents/${first.id}/cite?page=${page.page}`);
    }
    const text = textOf(await call(client, 'search_documents', { q: 'lights formation', limit: 5 }));
    expect(text).toContain(`[${first.id}]`);
    expect(text).toContain(`Government's file: ${first.governmentUrl}`);
    expect(text).toContain(`Note: ${expected.notice}`);
  });

  it('search_documents filters as the api does and pages by cursor or offset', async () => {
    const transcripts = await answer(client, 'search_documents', { kind: 'transcript' });
    const expected = (await request(api.baseUrl, '/api/documents?kind=transcript')).body;
    expect(transcripts.documents.map((document: Json) => document.id)).toEqual(expected.documents.map((document: Json) => document.id));
    const all = (await request(api.baseUrl, '/api/documents?collection=national-archives-uap-bulk,fbi-vault-ufo&limit=50')).body;
    const firstPage = await call(client, 'search_documents', { collection: ['national-archives-uap-bulk', 'fbi-vault-ufo'], limit: 1 });
    expect((firstPage.structuredContent as Json).total).toBe(all.total);
    const { nextCursor } = firstPage.structuredContent as Json;
    expect(textOf(firstPage)).toContain(`Next page: call search_documents again with the same arguments and cursor "${nextCursor}" (no offset).`);
    const byCursor = await answer(client, 'search_documents', {
      collection: ['national-archives-uap-bulk', 'fbi-vault-ufo'],
      limit: 1,
      cursor: nextCursor,
    });
    expect(byCursor.documents[0].id).toBe(all.documents[1].id);
    const byOffset = await answer(client, 'search_documents', { collection: ['national-archives-uap-bulk', 'fbi-vault-ufo'], limit: 1, offset: 1 });
    expect(byOffset.documents[0].id).toBe(all.documents[1].id);
  });

  it('get_document_page gives the page GET /api/documents/{id}/pages/{n} gives, with its neighbours, government file and citation', async () => {
    const id = 'dow-uap-d7-mission-report-arabian-gulf-2020';
    const expected = (await request(api.baseUrl, `/api/documents/${id}/pages/1`)).body;
    const page = await answer(client, 'get_document_page', { id, page: 1 });
    expect(page).toMatchObject({
      document: expected.document,
      page: 1,
      text: expected.text,
      previous: null,
      next: expected.next,
      url: `${api.baseUrl}/api/documents/${id}/pages/1`,
      cite: `${api.baseUrl}/api/documents/${id}/cite?page=1`,
      notice: expected.notice,
    });
    const marked = await call(client, 'get_document_page', { id, page: 1, q: 'spherical object' });
    expect(marked.structuredContent).toMatchObject({ text: expected.text });
    expect((marked.structuredContent as Json).highlighted).toContain('a white **spherical object** holding');
    expect(textOf(marked)).toContain('a white **spherical object** holding');
    expect(textOf(marked)).toContain(`Government's file: ${expected.document.governmentUrl}`);
    expect(textOf(marked)).toContain('Next page: 2');
  });

  it('answers a missing document, a page past the end and a bad argument with tool errors that say what to do', async () => {
    const missing = await call(client, 'get_document_page', { id: 'no-such-document' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe('No document has the id no-such-document. Use search_documents to find document ids.');
    const past = await call(client, 'get_document_page', { id: 'dow-uap-d7-mission-report-arabian-gulf-2020', page: 99 });
    expect(past.isError).toBe(true);
    expect(textOf(past)).toMatch(/has 2 page\(s\); there is no page 99\. Ask for a page from 1/);
    for (const [name, args, named] of [
      ['get_document_page', { id: 'nara-28900001', page: 0 }, /page/],
      ['search_documents', { limit: 0 }, /limit/],
      ['search_documents', { collection: ['mufon'] }, /collection/],
      ['search_documents', { dateFrom: 'last year' }, /^Invalid argument\. dateFrom: dateFrom must be a date/],
    ] as const) {
      const refused = await call(client, name, args);
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(named);
    }
  });
});

describe('the Streamable HTTP endpoint', () => {
  it('has a health check and takes only POST at /mcp', async () => {
    const base = (mcp.url as string).replace(/\/mcp$/, '');
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const get = await fetch(mcp.url as string);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
  });
});

describe('/llms.txt, where the operator runs this server', () => {
  it('names every tool the server lists, and its resources', async () => {
    const guided = await startApi({ CASES_ALIAS: ALIAS, MCP_PUBLIC_URL: mcp.url as string });
    running.push(guided);
    const guide = await (await fetch(`${guided.baseUrl}/llms.txt`)).text();
    const mcpSection = /Its tools: (.*?); its resources: (.*?)\.$/m.exec(guide);
    expect(mcpSection).not.toBeNull();
    const [, toolsSentence, resourcesSentence] = mcpSection!;
    const client = await connectHttp(mcp.url as string);
    const { tools } = await client.listTools();
    // Each listed tool by name, and no other snake_case name: the guide lists no tool the server lacks.
    const named = (toolsSentence.replace(/\([^)]*\)/g, '').match(/\b[a-z]+(?:_[a-z]+)*\b/g) ?? []).filter((word) => word !== 'and');
    expect(named.sort()).toEqual(tools.map((tool) => tool.name).sort());
    const { resourceTemplates } = await client.listResourceTemplates();
    const { resources } = await client.listResources();
    expect(resourcesSentence.split(' and ').sort()).toEqual([...resourceTemplates.map((t) => t.uriTemplate), ...resources.map((r) => r.uri)].sort());
  });
});

describe('api failures, as tool errors', () => {
  it('429: says the quota is spent and when to retry', async () => {
    const limited = await startApi({ CASES_ALIAS: ALIAS, QUOTA_REQUESTS: '1', ...PATIENT_API });
    running.push(limited);
    const client = await connectHttp((await startMcpHttp(limited.baseUrl)).url as string);
    expect((await answer(client, 'get_stats')).total).toBeGreaterThan(0);
    const refused = await call(client, 'get_stats');
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^The archive's request quota is used up for now \(.+\)\. Retry in \d+ s; an operator-issued API_KEY/);
  });

  it('503: says the archive is unavailable and to retry', async () => {
    const down = await startApi({ ELASTICSEARCH_URL: `http://127.0.0.1:${await closedPort()}` });
    running.push(down);
    const client = await connectHttp((await startMcpHttp(down.baseUrl)).url as string);
    const unavailable = await call(client, 'search_cases', { q: 'radar' });
    expect(unavailable.isError).toBe(true);
    expect(textOf(unavailable)).toMatch(/^The archive is unavailable right now \(.+\)\. Retry in/);
  });

  it('no api at all: names the address it cannot reach', async () => {
    const nowhere = `http://127.0.0.1:${await closedPort()}`;
    const client = await connectHttp((await startMcpHttp(nowhere)).url as string);
    const unreachable = await call(client, 'get_case', { id: '1947-roswell-debris-recovery' });
    expect(unreachable.isError).toBe(true);
    expect(textOf(unreachable)).toBe(`Cannot reach the archive api at ${nowhere} (ECONNREFUSED).`);
  });
});
