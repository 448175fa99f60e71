import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { MAX_CASE_ID_LENGTH } from '@app/cases';
import { recordOf, type ArchiveContext } from '../archive-context';
import { caseLines, compactCase, LANGUAGES } from '../cases/case-view';
import { MAX_RESULTS } from './search-cases.tool';
import { reportingFailures, toolResult } from './tool-result';

export const relatedCasesInput = {
  id: z.string().trim().min(1).max(MAX_CASE_ID_LENGTH).describe('The case id (search_cases gives ids), e.g. 1947-roswell-debris-recovery.'),
  limit: z.number().int().min(1).max(MAX_RESULTS).default(5).describe(`How many related cases, 1 to ${MAX_RESULTS}.`),
  withSources: z.boolean().default(true).describe("Cite each case's government sources (one more api request per case)."),
  lang: z.enum(LANGUAGES).default('both').describe('Language of the returned text: both (English and Simplified Chinese), en, or zh.'),
};

export function registerRelatedCases(server: McpServer, context: ArchiveContext): void {
  server.registerTool(
    'related_cases',
    {
      title: 'Cases related to a UAP case',
      description:
        'The cases of the UAP Case Archive most like a given one (GET /api/cases/{id}/related), most similar first, never the case itself: ' +
        'summaries in English and/or Chinese, each with its record link and government sources to cite.',
      inputSchema: relatedCasesInput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ id, limit, withSources, lang }) =>
      reportingFailures(context.apiBaseUrl, async () => {
        const related = await context.api.relatedCases(id, limit, context.deadline());
        const records = withSources ? await Promise.all(related.cases.map(async (item) => (await recordOf(context, item.id)).case)) : [];
        const cases = related.cases.map((item, index) => compactCase(item, records[index], context.publicApiUrl, lang));
        const lines = [
          cases.length ? `Cases related to ${related.id}, most similar first:` : `No case is related to ${related.id}.`,
          '',
          ...cases.flatMap((item, index) => {
            const [title, ...rest] = caseLines(item);
            return [`${index + 1}. ${title}`, ...rest, ''];
          }),
          `License: ${related.license}`,
        ];
        return toolResult(lines, { id: related.id, count: related.count, cases, license: related.license });
      }),
  );
}
