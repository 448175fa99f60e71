import { FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';
import { DOCUMENT_FIXTURES, ingestDocuments } from './support/documents-harness';

const ALIAS = 'e2e-llms';
const DOCUMENTS_ALIAS = 'e2e-llms-documents';
let api: RunningApi;
let text: string;

beforeAll(async () => {
  expect((await ingest(ALIAS, FIXTURE)).status).toMatch(/indexed|unchanged/);
  expect((await ingestDocuments(DOCUMENTS_ALIAS, DOCUMENT_FIXTURES)).status).toBe('indexed');
  // SEARCH_TIMEOUT_MS: the links are followed to check they answer, not how fast, on a possibly loaded machine.
  api = await startApi({ CASES_ALIAS: ALIAS, DOCUMENTS_ALIAS, QUOTA_REQUESTS: '4321', QUOTA_WINDOW_SECONDS: '90', SEARCH_TIMEOUT_MS: '10000' });
  text = await (await fetch(`${api.baseUrl}/llms.txt`)).text();
});

afterAll(() => api.close());

/** Every link the guide gives: Markdown link targets and bare URLs, on this api. */
const linksIn = (guide: string, baseUrl: string) =>
  [...new Set([...guide.matchAll(/https?:\/\/[^\s)<>`]+/g)].map((match) => match[0].replace(/[.,;]$/, '')))].filter((url) =>
    url.startsWith(`${baseUrl}/`),
  );

describe('/llms.txt', () => {
  it('is Markdown as text/plain, cached like the feed and counted against the quota', async () => {
    const response = await fetch(`${api.baseUrl}/llms.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=60/);
    expect(response.headers.get('ratelimit-policy')).toBe('"keyless";q=4321;w=90');
    const again = await fetch(`${api.baseUrl}/llms.txt`, { headers: { 'If-None-Match': response.headers.get('etag') as string } });
    expect(again.status).toBe(304);
    expect((await request(api.baseUrl, '/llms.txt', { method: 'POST' })).status).toBe(405);
  });

  it('says what the archive is, its license notice word for word, the quota and the paging limits in force', async () => {
    const { license } = (await request(api.baseUrl, '/api/stats')).body;
    expect(text).toMatch(/^# UAP Case Archive API\n\n> An open, read-only JSON API/);
    expect(text).toContain(`## License and attribution\n\n${license}\n`);
    expect(text).toContain('Each client address may make 4321 requests per 90 seconds');
    expect(text).toContain('`limit` goes up to 500; `offset` paging stops at offset + limit = 10000');
    expect(text).toMatch(/## MCP server\n\n.*npm run start:mcp/);
  });

  it('lists every endpoint the OpenAPI document describes, each with an example that answers 200', async () => {
    const document = (await request(api.baseUrl, '/api/openapi.json')).body;
    const documented = Object.keys(document.paths).filter((path) => !/^\/llms/.test(path));
    const listed = [...text.matchAll(/^- \[GET ([^\]]+)\]\(([^)]+)\)/gm)].map((match) => ({ path: match[1], example: match[2] }));
    expect(listed.map((item) => item.path)).toEqual(documented);
    const links = linksIn(text, api.baseUrl);
    expect(links).toEqual(
      expect.arrayContaining([`${api.baseUrl}/api/openapi.json`, `${api.baseUrl}/llms-full.txt`, ...listed.map((item) => item.example)]),
    );
    for (const link of links) {
      const response = await fetch(link);
      await response.arrayBuffer();
      expect(`${link} ${response.status}`).toBe(`${link} 200`);
    }
  });

  it('/llms-full.txt adds every parameter of every endpoint, with its rule from the document', async () => {
    const full = await (await fetch(`${api.baseUrl}/llms-full.txt`)).text();
    expect(
      full.startsWith(
        text
          .split('\n## Endpoints')[0]
          .replace(`- Every parameter of every endpoint: ${api.baseUrl}/llms-full.txt`, `- The short version of this guide: ${api.baseUrl}/llms.txt`),
      ),
    ).toBe(true);
    expect(full).toContain('### GET /api/cases\n');
    expect(full).toContain('- `hasVideo` (query; string, one of true, false): Only cases with (true) or without (false) video.');
    expect(full).toContain('- `id` (path, required; string, pattern ^[a-z0-9]+(?:-[a-z0-9]+)*$): The case id, a lowercase slug.');
    for (const link of linksIn(full, api.baseUrl)) expect((await fetch(link)).status).toBe(200);
  });

  it('names PUBLIC_BASE_URL in its links and the operator’s MCP server when MCP_PUBLIC_URL is set', async () => {
    const configured = await startApi({
      CASES_ALIAS: ALIAS,
      PUBLIC_BASE_URL: 'https://api.example.org/',
      MCP_PUBLIC_URL: 'https://mcp.example.org/mcp',
    });
    try {
      const guide = await (await fetch(`${configured.baseUrl}/llms.txt`)).text();
      expect(guide).toContain('- [GET /api/stats](https://api.example.org/api/stats)');
      expect(guide).not.toContain(configured.baseUrl);
      expect(guide).toContain('Model Context Protocol server over this api at https://mcp.example.org/mcp (Streamable HTTP)');
    } finally {
      await configured.close();
    }
  });
});
