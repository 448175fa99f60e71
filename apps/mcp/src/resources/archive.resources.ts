import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { ApiRequestError } from '@app/api-client';
import { recordOf, type ArchiveContext } from '../archive-context';
import { caseLinks } from '../cases/case-view';
import { describeFailure } from '../tools/tool-result';

export const CASE_URI_TEMPLATE = 'uap://cases/{id}';
export const STATS_URI = 'uap://stats';
/** The MCP specification's code for a resource that does not exist. */
const RESOURCE_NOT_FOUND = -32002;
const JSON_TYPE = 'application/json';

/** A failed read as a protocol error (resources have no isError), worded like the tools' errors. */
function readError(error: unknown, context: ArchiveContext, uri: string): McpError {
  if (error instanceof ApiRequestError && error.status === 404) return new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
  return new McpError(-32603, describeFailure(error, context.apiBaseUrl), { uri });
}

/** Resources: any case by URI (its whole record, as the api gives it, with its links) and the archive's stats. */
export function registerArchiveResources(server: McpServer, context: ArchiveContext): void {
  server.registerResource(
    'case',
    // No list: the archive is searched with search_cases, not enumerated resource by resource.
    new ResourceTemplate(CASE_URI_TEMPLATE, { list: undefined }),
    {
      title: 'A UAP case record',
      description: 'One case of the archive, whole: bilingual text, place, sources, videos, images and revision history, as JSON.',
      mimeType: JSON_TYPE,
    },
    async (uri, variables) => {
      const id = decodeURIComponent(String(variables.id));
      try {
        const { case: record, license } = await recordOf(context, id);
        const body = { license, case: { ...record, ...caseLinks(context.publicApiUrl, record.id, 'both') } };
        return { contents: [{ uri: uri.href, mimeType: JSON_TYPE, text: JSON.stringify(body) }] };
      } catch (error) {
        throw readError(error, context, uri.href);
      }
    },
  );
  server.registerResource(
    'stats',
    STATS_URI,
    { title: 'UAP archive statistics', description: 'Counts over the whole archive (GET /api/stats), as JSON.', mimeType: JSON_TYPE },
    async (uri) => {
      try {
        const stats = await context.api.getStats(context.deadline());
        return { contents: [{ uri: uri.href, mimeType: JSON_TYPE, text: JSON.stringify(stats) }] };
      } catch (error) {
        throw readError(error, context, uri.href);
      }
    },
  );
}
