import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ArchiveContext } from '../archive-context';
import { statsLines } from '../cases/case-view';
import { reportingFailures, toolResult } from './tool-result';

export function registerGetStats(server: McpServer, context: ArchiveContext): void {
  server.registerTool(
    'get_stats',
    {
      title: 'UAP archive statistics',
      description:
        'Counts over the whole UAP Case Archive: total cases, cases with video, the span of incident years, counts by type, by release ' +
        '(tranche: pre-disclosure, PURSUE-1, ...) and by country, the last update, and the day each PURSUE release was published. ' +
        'Use it to see what the archive holds and which filter values exist before searching.',
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () =>
      reportingFailures(context.apiBaseUrl, async () => {
        const stats = await context.api.getStats(context.deadline());
        const { version: _version, ...counts } = stats;
        return toolResult([...statsLines(stats), `License: ${stats.license}`], counts);
      }),
  );
}
