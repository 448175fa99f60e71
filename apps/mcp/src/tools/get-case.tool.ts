import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { MAX_CASE_ID_LENGTH } from '@app/cases';
import { recordOf, type ArchiveContext } from '../archive-context';
import { caseLines, caseLinks, compactCase, LANGUAGES } from '../cases/case-view';
import { reportingFailures, toolResult } from './tool-result';

export const getCaseInput = {
  id: z
    .string()
    .trim()
    .min(1)
    .max(MAX_CASE_ID_LENGTH)
    .describe('The case id, a lowercase slug such as 1947-roswell-debris-recovery (search_cases gives ids).'),
  full: z
    .boolean()
    .default(false)
    .describe('true: the whole record (detailed account, specs, videos, images, revision history); false: its summary and every source.'),
  lang: z
    .enum(LANGUAGES)
    .default('both')
    .describe('Language of the summary: both (English and Simplified Chinese), en, or zh. A whole record always has both.'),
};

export function registerGetCase(server: McpServer, context: ArchiveContext): void {
  server.registerTool(
    'get_case',
    {
      title: 'Get one UAP case',
      description:
        'One case of the UAP Case Archive by id: its summary (English and/or Chinese), the link to its record, and every government source ' +
        '(public-domain documents and videos it rests on), to cite when quoting it. full=true adds the detailed account and the rest.',
      inputSchema: getCaseInput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ id, full, lang }) =>
      reportingFailures(context.apiBaseUrl, async () => {
        const { case: record, license: notice } = await recordOf(context, id);
        const license = `License: ${notice}`;
        if (full) {
          const whole = { ...record, ...caseLinks(context.publicApiUrl, record.id, lang) };
          return toolResult([JSON.stringify(whole), license], { case: whole });
        }
        const item = compactCase(record, record, context.publicApiUrl, lang, Infinity);
        return toolResult([...caseLines(item), license], { case: item });
      }),
  );
}
