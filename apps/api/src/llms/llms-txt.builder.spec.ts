import type { OpenAPIObject } from '@nestjs/swagger';
import { buildLlmsTxt, LlmsTxtSources } from './llms-txt.builder';

const document = {
  openapi: '3.1.0',
  info: { title: 'Archive API', version: '1', description: 'An archive.' },
  paths: {
    '/api/cases': {
      get: {
        operationId: 'listCases',
        summary: 'A page of cases',
        description: 'Newest first',
        parameters: [
          { name: 'type', in: 'query', required: false, description: 'Only this type.', schema: { $ref: '#/components/schemas/CaseType' } },
          { name: 'limit', in: 'query', required: false, description: 'Page size.', schema: { type: 'integer', minimum: 0, default: 50 } },
        ],
        responses: { '200': { description: 'The page.' }, '400': { description: 'A parameter is invalid' } },
      },
    },
    '/api/new-thing/{id}': { get: { operationId: 'newThing', summary: 'Something added later', responses: {} } },
    '/llms.txt': { get: { operationId: 'getLlmsTxt', summary: 'This guide', responses: {} } },
  },
  components: { schemas: { CaseType: { type: 'string', enum: ['radar', 'photo'] } } },
} as unknown as OpenAPIObject;

const sources: LlmsTxtSources = {
  document,
  baseUrl: 'https://api.example.org',
  license: 'Free with attribution.',
  quota: { requests: 300, windowSeconds: 60 },
  paging: { maxLimit: 500, maxWindow: 10_000 },
  contactEmail: 'ops@example.org',
  mcpUrl: '',
};

describe('buildLlmsTxt', () => {
  it('lists each documented endpoint with its example, and an added one by its own path, but not the guides', () => {
    const text = buildLlmsTxt(sources);
    expect(text.split('\n').filter((line) => line.startsWith('- [GET '))).toEqual([
      '- [GET /api/cases](https://api.example.org/api/cases?q=radar&country=US&limit=5): A page of cases. Newest first. Parameters: type, limit.',
      '- [GET /api/new-thing/{id}](https://api.example.org/api/new-thing/1947-roswell-debris-recovery): Something added later.',
    ]);
  });

  it('states the license, the quota and the paging limits it is given', () => {
    const text = buildLlmsTxt(sources);
    expect(text).toContain('## License and attribution\n\nFree with attribution.\n');
    expect(text).toContain('Each client address may make 300 requests per 60 seconds');
    expect(text).toContain('ask ops@example.org for a key');
    expect(text).toContain('`limit` goes up to 500; `offset` paging stops at offset + limit = 10000');
    expect(text).not.toContain('/api/cases/export');
  });

  it('names the MCP server when the operator runs one', () => {
    expect(buildLlmsTxt(sources)).not.toContain('The operator runs');
    expect(buildLlmsTxt({ ...sources, mcpUrl: 'https://mcp.example.org/mcp' })).toContain(
      'The operator runs a Model Context Protocol server over this api at https://mcp.example.org/mcp (Streamable HTTP).',
    );
  });

  it('in full, gives every parameter with its rule, named schemas looked up, and every status', () => {
    const text = buildLlmsTxt(sources, true);
    expect(text.slice(text.indexOf('### GET /api/cases'), text.indexOf('### GET /api/new-thing'))).toBe(
      [
        '### GET /api/cases',
        '',
        'A page of cases. Newest first.',
        '',
        'Example: https://api.example.org/api/cases?q=radar&country=US&limit=5',
        'Returns: application/json',
        '',
        '- `type` (query; string, one of radar, photo): Only this type.',
        '- `limit` (query; integer, min 0, default 50): Page size.',
        '',
        'Statuses:',
        '- 200: The page.',
        '- 400: A parameter is invalid.',
        '',
        '',
      ].join('\n'),
    );
  });
});
