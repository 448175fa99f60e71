import type { OpenAPIObject } from '@nestjs/swagger';
import { CITATION_FORMATS, DEFAULT_CITATION_FORMAT } from '../citations/citation.builder';

/** What /llms.txt is written from: the served OpenAPI document, the license notice and the configured limits. */
export interface LlmsTxtSources {
  document: OpenAPIObject;
  /** The api's public address, without a trailing slash. */
  baseUrl: string;
  license: string;
  quota: { requests: number; windowSeconds: number };
  /** The largest page (`limit`) and the deepest offset + limit the list serves. */
  paging: { maxLimit: number; maxWindow: number };
  contactEmail: string;
  /** The operator's MCP server, when it runs one (MCP_PUBLIC_URL). */
  mcpUrl: string;
}

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Record<string, unknown> }[];
  responses?: Record<string, { description?: string; content?: Record<string, unknown> }>;
};

/** The guides' own operations: described in the header, not listed as endpoints. */
export const LLMS_OPERATIONS = ['getLlmsTxt', 'getLlmsFullTxt'];

/**
 * One request per operation that shows it at its most typical, each answering 200 on the bundled
 * archive (test/llms.e2e-spec.ts follows every one). An operation without one gets its bare path.
 */
export const EXAMPLE_REQUESTS: Record<string, string> = {
  listCases: '/api/cases?q=radar&country=US&limit=5',
  getCase: '/api/cases/1947-roswell-debris-recovery',
  exportCases: '/api/cases/export?tranche=PURSUE-1',
  getFeed: '/api/feed.atom?type=military',
  getStats: '/api/stats',
  suggest: '/api/suggest?q=Rosw&limit=5',
  // A war.gov file in both the corpus and the tests' fixture corpus.
  listDocuments: '/api/documents?q=sphere&limit=5',
  getDocument: '/api/documents/dow-uap-d7-mission-report-arabian-gulf-2020',
  getDocumentPage: '/api/documents/dow-uap-d7-mission-report-arabian-gulf-2020/pages/1',
  citeCase: '/api/cases/1947-roswell-debris-recovery/cite?format=bibtex',
  citeDocument: '/api/documents/dow-uap-d7-mission-report-arabian-gulf-2020/cite?page=1&format=ris',
  health: '/health',
  ready: '/ready',
};

interface Endpoint {
  path: string;
  operation: Operation;
  example: string;
}

/** Every documented GET except the guides themselves, in the document's order. */
export function endpointsOf(document: OpenAPIObject): Endpoint[] {
  return Object.entries(document.paths).flatMap(([path, item]) => {
    const operation = (item as { get?: Operation }).get;
    if (!operation || LLMS_OPERATIONS.includes(operation.operationId ?? '')) return [];
    const example = EXAMPLE_REQUESTS[operation.operationId ?? ''] ?? path.replace('{id}', '1947-roswell-debris-recovery');
    return [{ path, operation, example }];
  });
}

/** Ends a text with one full stop. */
const sentence = (text = '') => (text === '' || /[.!?]$/.test(text) ? text : `${text}.`);

const mediaTypes = (operation: Operation) => Object.keys(operation.responses?.['200']?.content ?? { 'application/json': {} });

function endpointLine({ path, operation, example }: Endpoint, baseUrl: string): string {
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
  const types = mediaTypes(operation).filter((type) => type !== 'application/json');
  return [
    `- [GET ${path}](${baseUrl}${example}): ${operation.summary ?? ''}`,
    types.length ? ` (${types.join(', ')})` : '',
    operation.description ? `. ${sentence(operation.description)}` : '.',
    parameters.length ? ` Parameters: ${parameters.join(', ')}.` : '',
  ].join('');
}

/** A schema in a few words: its type, choices, pattern and bounds (a named schema is looked up first). */
function schemaWords(document: OpenAPIObject, given: Record<string, unknown> = {}): string {
  const ref = typeof given.$ref === 'string' ? given.$ref.replace('#/components/schemas/', '') : undefined;
  const schema = ref ? { ...(document.components?.schemas?.[ref] as Record<string, unknown>), ...given } : given;
  const words = [Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type as string | undefined)];
  if (Array.isArray(schema.enum)) words.push(`one of ${schema.enum.join(', ')}`);
  if (schema.pattern) words.push(`pattern ${String(schema.pattern)}`);
  if (schema.minimum !== undefined) words.push(`min ${String(schema.minimum)}`);
  if (schema.maximum !== undefined) words.push(`max ${String(schema.maximum)}`);
  if (schema.maxLength !== undefined) words.push(`at most ${String(schema.maxLength)} characters`);
  if (schema.default !== undefined) words.push(`default ${String(schema.default)}`);
  return words.filter(Boolean).join(', ');
}

function endpointReference(document: OpenAPIObject, { path, operation, example }: Endpoint, baseUrl: string): string[] {
  const statuses = Object.entries(operation.responses ?? {}).map(([status, response]) => `${status}: ${sentence(response.description)}`);
  return [
    `### GET ${path}`,
    '',
    [sentence(operation.summary), sentence(operation.description)].filter(Boolean).join(' '),
    '',
    `Example: ${baseUrl}${example}`,
    `Returns: ${mediaTypes(operation).join(', ')}`,
    '',
    ...(operation.parameters ?? []).map(
      (parameter) =>
        `- \`${parameter.name}\` (${parameter.in}${parameter.required ? ', required' : ''}; ${schemaWords(document, parameter.schema)}): ${parameter.description ?? ''}`,
    ),
    ...(operation.parameters?.length ? [''] : []),
    'Statuses:',
    ...statuses.map((status) => `- ${status}`),
    '',
  ];
}

/**
 * /llms.txt (llmstxt.org): what the archive is, its license, each endpoint with one example, how to
 * take it in bulk, the quota, and the MCP server. Written from the served OpenAPI document and the
 * running configuration, so it says what the api does. `full` adds every parameter of every endpoint.
 */
export function buildLlmsTxt(sources: LlmsTxtSources, full = false): string {
  const { document, baseUrl, quota, paging } = sources;
  const endpoints = endpointsOf(document);
  const hasPath = (path: string) => endpoints.some((endpoint) => endpoint.path === path);
  const lines = [
    `# ${document.info.title}`,
    '',
    `> ${document.info.description}`,
    '',
    'The records are UAP (unidentified anomalous phenomena) cases compiled from public-domain government releases, above all the US ' +
      'PURSUE releases on war.gov/UFO. Every case has its title, place, summary and detail in English and Simplified Chinese, and lists ' +
      'the government documents it rests on (`sources`). Search with `q` in either language (Traditional Chinese works too).',
    '',
    `- Machine-readable contract (OpenAPI 3.1): ${baseUrl}/api/openapi.json`,
    `- Interactive documentation: ${baseUrl}/api/docs`,
    full ? `- The short version of this guide: ${baseUrl}/llms.txt` : `- Every parameter of every endpoint: ${baseUrl}/llms-full.txt`,
    '',
    '## License and attribution',
    '',
    sources.license,
    '',
    'Every JSON body repeats this notice in `license`. When you reuse or quote a case, credit the archive as it asks, link the case ' +
      '(`/api/cases/{id}`), and cite the government documents in its `sources`.',
    '',
    '## Endpoints',
    '',
    ...endpoints.map((endpoint) => endpointLine(endpoint, baseUrl)),
    '',
    '## Bulk use',
    '',
    `- Page through a list with \`cursor\`: pass each page's \`nextCursor\` back with the same filters until it is null. ` +
      `\`limit\` goes up to ${paging.maxLimit}; \`offset\` paging stops at offset + limit = ${paging.maxWindow}, the cursor does not.`,
    ...(hasPath('/api/cases/export')
      ? [
          `- For a whole selection at once, use ${baseUrl}/api/cases/export (NDJSON, one full record per line, every list filter): ` +
            'one request instead of a page per request and a record per case.',
        ]
      : []),
    ...(hasPath('/api/feed.atom')
      ? [`- To follow changes, read ${baseUrl}/api/feed.atom, or list with \`updatedSince\` set to the day of your last sync.`]
      : []),
    '- Answers carry an ETag: send it back as If-None-Match and an unchanged answer costs a 304 with no body.',
    '',
    ...(hasPath('/api/documents')
      ? [
          '## Government documents and citations',
          '',
          "- `GET /api/documents?q=...` searches the text of the government's own files page by page (documents ranked by their best pages, " +
            'with snippets); `GET /api/documents/{id}/pages/{n}` is one page, with the previous and next. The text was made by machine ' +
            "(OCR, the PDF's text layer, or speech-to-text) and has misreadings: every body says so in `notice` and links the government's " +
            'file as `governmentUrl`; quote with care and cite that file.',
        ]
      : []),
    ...(hasPath('/api/documents/{id}/cite')
      ? [
          '- Citations: `GET /api/cases/{id}/cite` and `GET /api/documents/{id}/cite?page={n}` (without page: the whole document), ' +
            `format=${CITATION_FORMATS.join(', ')} (default ${DEFAULT_CITATION_FORMAT}), each naming the agency, the title, the page, the ` +
            "government's URL, the archive's URL and the date retrieved.",
          '',
        ]
      : hasPath('/api/documents')
        ? ['']
        : []),
    '## Quota',
    '',
    `No key is needed. Each client address may make ${quota.requests} requests per ${quota.windowSeconds} seconds; ` +
      'every answer says what is left in its RateLimit-Policy and RateLimit headers, and a 429 carries Retry-After (seconds). ' +
      `For more, ask ${sources.contactEmail} for a key and send it as X-API-Key or Authorization: Bearer.`,
    '',
    '## MCP server',
    '',
    ...(sources.mcpUrl
      ? [
          `The operator runs a Model Context Protocol server over this api at ${sources.mcpUrl} (Streamable HTTP). Its tools: search_cases ` +
            '(keywords in either language, every filter, cursor paging; results cite their record and government sources), get_case, ' +
            'related_cases, get_stats, suggest (completes a case title or place name as typed), search_documents (the government files page by ' +
            "page, each with its best pages' snippets), get_document_page (one page's machine-made text, with its government file and citation " +
            'link); its resources: uap://cases/{id} and uap://stats.',
        ]
      : []),
    'The MCP server (apps/mcp in the source) is a client of this api: run it with `npm run start:mcp` (Streamable HTTP on ' +
      'http://localhost:3001/mcp) or, for a desktop client, `node dist/apps/mcp/main.js` with MCP_TRANSPORT=stdio and API_BASE_URL ' +
      `set to ${baseUrl}.`,
    '',
  ];
  if (full) lines.push('## Endpoint reference', '', ...endpoints.flatMap((endpoint) => endpointReference(document, endpoint, baseUrl)));
  return lines.join('\n');
}
