import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { documentCollapseValues, documentKindValues, type DocumentListQuery } from '@app/api-client';
import { CASE_ID_FORMAT, MAX_CURSOR_LENGTH } from '@app/cases';
import { COLLECTIONS, DOCUMENT_RESULT_WINDOW, MAX_DOCUMENT_LIMIT } from '@app/documents';
import type { ArchiveContext } from '../archive-context';
import { documentPageLinks, plainHighlight } from '../documents/document-view';
import { keywordsArgument } from './keywords-argument';
import { reportingFailures, toolResult } from './tool-result';

const COLLECTION_IDS = Object.keys(COLLECTIONS) as [string, ...string[]];

/** The tool's arguments: GET /api/documents's filters, its folding of copies, and paging by offset or cursor. */
export const searchDocumentsInput = {
  q: keywordsArgument(
    'Words to find in the pages of the government files (English, as the files are written; Chinese is translated through a glossary), ' +
      'e.g. "Lubbock lights", "white spherical object". "Quoted words" must match as a phrase. Without q, documents are listed by id.',
  ),
  collection: z
    .array(z.enum(COLLECTION_IDS))
    .min(1)
    .optional()
    .describe(`Only documents of these collections: ${COLLECTION_IDS.map((id) => `${id} (${COLLECTIONS[id].name})`).join(', ')}.`),
  release: z.array(z.number().int().min(1)).min(1).optional().describe('Only war.gov files of these PURSUE releases (1, 2, ...).'),
  agency: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe('Only documents of this agency, exactly as the documents name it (e.g. "Federal Bureau of Investigation").'),
  caseId: z.string().regex(CASE_ID_FORMAT).optional().describe('Only documents that this case of the archive cites (a case id from search_cases).'),
  dateFrom: z.string().optional().describe('Only documents dated on or after: YYYY, YYYY-MM or YYYY-MM-DD (undated documents are left out).'),
  dateTo: z.string().optional().describe('Only documents dated on or before: YYYY, YYYY-MM or YYYY-MM-DD.'),
  kind: z
    .enum(documentKindValues as [string, ...string[]])
    .optional()
    .describe('document (a paged file) or transcript (the speech-to-text of a video).'),
  limit: z.number().int().min(1).max(MAX_DOCUMENT_LIMIT).default(10).describe(`Documents per page, 1 to ${MAX_DOCUMENT_LIMIT}.`),
  offset: z
    .number()
    .int()
    .min(0)
    .max(DOCUMENT_RESULT_WINDOW - 1)
    .optional()
    .describe(`Documents to skip, for the next page; offset + limit may not exceed ${DOCUMENT_RESULT_WINDOW}.`),
  cursor: z
    .string()
    .min(1)
    .max(MAX_CURSOR_LENGTH)
    .optional()
    .describe('The nextCursor of the previous answer, to continue a walk (repeat its other arguments; no offset).'),
  collapse: z
    .enum(documentCollapseValues as [string, ...string[]])
    .optional()
    .describe(
      'copies (needs q): list a memo that stands in several files once, under the document ranked first; its other copies are named under that document.',
    ),
};

/** facets counts documents for a page of filters; a model asks again with a filter instead. */
type NotOffered = 'facets';
type Missing = Exclude<keyof DocumentListQuery, keyof typeof searchDocumentsInput | NotOffered>;
/** Fails to compile, naming the parameter, when GET /api/documents gains one this tool does not offer yet. */
const everyListParameterOffered: [Missing] extends [never] ? true : Missing = true;
void everyListParameterOffered;

type SearchDocumentsArgs = z.infer<z.ZodObject<typeof searchDocumentsInput>>;

/** The api's query string for the tool's arguments (lists comma-separated, as the api takes them). */
export function toDocumentQuery(args: SearchDocumentsArgs): DocumentListQuery {
  const query: DocumentListQuery = { limit: args.limit };
  for (const name of ['q', 'agency', 'caseId', 'dateFrom', 'dateTo', 'kind', 'offset', 'cursor', 'collapse'] as const) {
    if (args[name] !== undefined) Object.assign(query, { [name]: args[name] });
  }
  if (args.collection) query.collection = args.collection.join(',');
  if (args.release) query.release = args.release.join(',');
  return query;
}

export function registerSearchDocuments(server: McpServer, context: ArchiveContext): void {
  server.registerTool(
    'search_documents',
    {
      title: "Search the government's UAP files page by page",
      description:
        "Searches the text of the government's own UAP files (PURSUE releases on war.gov, the National Archives' Project Blue Book, the FBI Vault, " +
        'NSA, AARO, DOE) page by page: documents ranked by their best matching pages, each with up to three page snippets (matches in **bold**). ' +
        'The text was made by machine (mostly OCR) and has misreadings; read a page with get_document_page, and cite the government file it links.',
      inputSchema: searchDocumentsInput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      reportingFailures(context.apiBaseUrl, async () => {
        const answer = await context.api.searchDocuments(toDocumentQuery(args), context.deadline());
        const documents = answer.documents.map((document) => ({
          ...document,
          pages: document.pages.map((page) => ({
            ...page,
            snippet: plainHighlight(page.snippet),
            ...documentPageLinks(context.publicApiUrl, document.id, page.page),
          })),
        }));
        const first = answer.offset + 1;
        const heading = !answer.indexed
          ? 'This archive server indexes no government documents.'
          : answer.count === 0
            ? `No document matches (total ${answer.total}).`
            : `Documents ${first}–${answer.offset + answer.count} of ${answer.total} (${answer.totalPages} matching pages):`;
        const searched = answer.searchedFor ? [`Searched for: "${answer.searchedFor}" (the Chinese translated through the glossary).`, ''] : [];
        const body = documents.flatMap((document, index) => [
          `${first + index}. ${document.title} [${document.id}]`,
          `  ${[document.agency, document.date, COLLECTIONS[document.collection]?.name ?? document.collection].filter(Boolean).join('; ')}; ` +
            `${document.pageCount} page(s); text by ${document.textMethod}`,
          `  Government's file: ${document.governmentUrl}`,
          ...document.pages.map((page) => `  Page ${page.page}: ${page.snippet}`),
          ...(document.otherCopies ?? []).map((copy) => `  Also in: ${copy.title} [${copy.id}], page ${copy.page} (a copy of page ${copy.copyOf})`),
          '',
        ]);
        const more = answer.nextCursor
          ? [`Next page: call search_documents again with the same arguments and cursor "${answer.nextCursor}" (no offset).`]
          : [];
        const lines = [
          heading,
          '',
          ...searched,
          ...body,
          'Read a page with get_document_page (the document id and the page number).',
          ...more,
          `Note: ${answer.notice}`,
          `License: ${answer.license}`,
        ];
        return toolResult(lines, {
          total: answer.total,
          totalPages: answer.totalPages,
          count: answer.count,
          offset: answer.offset,
          nextCursor: answer.nextCursor,
          ...(answer.searchedFor ? { searchedFor: answer.searchedFor } : {}),
          documents,
          notice: answer.notice,
          license: answer.license,
        });
      }),
  );
}
