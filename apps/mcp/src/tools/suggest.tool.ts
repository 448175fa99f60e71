import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { DEFAULT_SUGGEST_LIMIT, MAX_SUGGEST_LIMIT, MAX_SUGGEST_TEXT_LENGTH } from '@app/cases';
import type { ArchiveContext } from '../archive-context';
import { caseLinks } from '../cases/case-view';
import { reportingFailures, toolResult } from './tool-result';

export const suggestInput = {
  q: z
    .string()
    .trim()
    .min(1)
    .max(MAX_SUGGEST_TEXT_LENGTH)
    .describe(
      'The start of a case title or place name, in English or Chinese (Simplified or Traditional), e.g. "Rendlesham Fo", "Shag Harb", "罗斯威".',
    ),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_SUGGEST_LIMIT)
    .optional()
    .describe(`How many completions, 1 to ${MAX_SUGGEST_LIMIT} (the api's default when left out: ${DEFAULT_SUGGEST_LIMIT}).`),
};

export function registerSuggest(server: McpServer, context: ArchiveContext): void {
  server.registerTool(
    'suggest',
    {
      title: 'Complete a UAP case title or place name',
      description:
        'Completes a partly typed case title or place name of the UAP Case Archive (English word starts, or two or more Chinese characters), ' +
        'most relevant first, each with its case id and record link: a quick way from a half-remembered name to get_case. ' +
        'For cases about a subject, use search_cases.',
      inputSchema: suggestInput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ q, limit }) =>
      reportingFailures(context.apiBaseUrl, async () => {
        const answer = await context.api.suggest(q, limit, context.deadline());
        const suggestions = answer.suggestions.map((suggestion) => ({
          ...suggestion,
          ...caseLinks(context.publicApiUrl, suggestion.id, suggestion.language),
        }));
        const lines = [
          suggestions.length ? `Completions of "${answer.q}", most relevant first:` : `No case title or place name starts with "${answer.q}".`,
          '',
          ...(answer.suggestion ? [`Did you mean "${answer.suggestion}"?`, ''] : []),
          ...suggestions.flatMap((item, index) => [
            `${index + 1}. ${item.text} [${item.id}]`,
            `  ${item.field === 'place' ? `Place of: ${item.title}` : 'Title'} (${item.language})`,
            `  Record: ${item.url}`,
            '',
          ]),
          `License: ${answer.license}`,
        ];
        return toolResult(lines, {
          q: answer.q,
          suggestions,
          ...(answer.suggestion ? { suggestion: answer.suggestion } : {}),
          license: answer.license,
        });
      }),
  );
}
