import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ArchiveContext } from './archive-context';
import { registerArchiveResources } from './resources/archive.resources';
import { registerGetCase } from './tools/get-case.tool';
import { registerGetDocumentPage } from './tools/get-document-page.tool';
import { registerGetStats } from './tools/get-stats.tool';
import { registerRelatedCases } from './tools/related-cases.tool';
import { registerSearchCases } from './tools/search-cases.tool';
import { registerSearchDocuments } from './tools/search-documents.tool';
import { registerSuggest } from './tools/suggest.tool';

/** What a client is told on connecting: what the archive is, how to use the tools, and the attribution rule. */
export const SERVER_INSTRUCTIONS =
  'The UAP Case Archive: case records on unidentified anomalous phenomena compiled from public-domain government releases ' +
  '(above all the US PURSUE releases on war.gov/UFO), each in English and Simplified Chinese. Use get_stats to see what it holds, ' +
  'search_cases to find cases (keywords in either language, filters, places, dates, facets, cursor paging), get_case for one case with all ' +
  'its sources, related_cases for the cases most like one, suggest to complete a partly remembered title or place name, ' +
  "search_documents to search the government's own files page by page and get_document_page to read a page (machine-made text: quote with care). " +
  "When you use a case, cite its record link and its government sources, and credit the archive as each result's License line asks. " +
  'Records are read-only; the archive only says what its sources say.';

/**
 * Every tool, in the order clients list them: one file per tool (tools/<name>.tool.ts) exporting its
 * register function. A new tool is one more entry here (and a line in /llms.txt's MCP section, which
 * test/mcp.e2e-spec.ts compares with this list).
 */
const ARCHIVE_TOOLS: ((server: McpServer, context: ArchiveContext) => void)[] = [
  registerSearchCases,
  registerGetCase,
  registerGetStats,
  registerRelatedCases,
  registerSuggest,
  registerSearchDocuments,
  registerGetDocumentPage,
];

/** One MCP server over the archive; the HTTP transport builds one per request (stateless), stdio one per process. */
export function createArchiveMcpServer(context: ArchiveContext, version: string): McpServer {
  const server = new McpServer({ name: 'uap-case-archive', title: 'UAP Case Archive', version }, { instructions: SERVER_INSTRUCTIONS });
  for (const register of ARCHIVE_TOOLS) register(server, context);
  registerArchiveResources(server, context);
  return server;
}
