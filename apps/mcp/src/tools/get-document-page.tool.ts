import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ArchiveContext } from '../archive-context';
import { documentPageLinks, plainHighlight } from '../documents/document-view';
import { keywordsArgument } from './keywords-argument';
import { reportingFailures, toolResult } from './tool-result';

export const getDocumentPageInput = {
  id: z
    .string()
    .trim()
    .min(1)
    .describe('The document id, e.g. nara-28929264 or dow-uap-d7-mission-report-arabian-gulf-2020 (search_documents gives ids).'),
  page: z.number().int().min(1).default(1).describe('The page number, from 1.'),
  q: keywordsArgument('Words to mark in **bold** on the page (as search_documents matched them).'),
};

export function registerGetDocumentPage(server: McpServer, context: ArchiveContext): void {
  server.registerTool(
    'get_document_page',
    {
      title: 'Read one page of a government UAP file',
      description:
        "One page of a government file as the machine read it (OCR, the PDF's text layer, or a video's speech-to-text), with the " +
        "previous and next page, the government's own file to cite, and the page's citation link (CSL-JSON, BibTeX or RIS). " +
        'The text may contain misreadings: quote it with care and cite the government file.',
      inputSchema: getDocumentPageInput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ id, page, q }) =>
      reportingFailures(context.apiBaseUrl, async () => {
        const answer = await context.api.getDocumentPage(id, page, q, context.deadline());
        const { document } = answer;
        const links = documentPageLinks(context.publicApiUrl, document.id, answer.page);
        const highlighted = answer.highlighted ? plainHighlight(answer.highlighted) : undefined;
        const lines = [
          `${document.title} [${document.id}], page ${answer.page} of ${document.pageCount} (text by ${document.textMethod})`,
          ...(answer.note ? [`The corpus notes: ${answer.note}`] : []),
          '',
          (highlighted ?? answer.text) || '(no text was read on this page)',
          '',
          ...(answer.previous !== null ? [`Previous page: ${answer.previous}`] : []),
          ...(answer.next !== null ? [`Next page: ${answer.next}`] : []),
          `Government's file: ${document.governmentUrl}`,
          `This page: ${links.url}`,
          `Cite it: ${links.cite} (CSL-JSON; add &format=bibtex or &format=ris)`,
          `Note: ${answer.notice}`,
          `License: ${answer.license}`,
        ];
        return toolResult(lines, {
          document,
          page: answer.page,
          text: answer.text,
          ...(highlighted ? { highlighted } : {}),
          ...(answer.startMs !== undefined ? { startMs: answer.startMs } : {}),
          ...(answer.note ? { note: answer.note } : {}),
          previous: answer.previous,
          next: answer.next,
          ...links,
          notice: answer.notice,
          license: answer.license,
        });
      }),
  );
}
