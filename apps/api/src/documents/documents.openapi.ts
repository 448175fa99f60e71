import { applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { DOCUMENT_RESULT_WINDOW } from '@app/documents';
import { NotFoundResponseDto } from '../errors/error.dto';
import { commonErrors, invalidParameters, ok, REQUEST_ID } from '../openapi/api-responses';
import { DocumentListResponseDto, DocumentPageResponseDto, DocumentResponseDto } from './document.dto';

const ID_PARAM = ApiParam({
  name: 'id',
  description: 'The document id (lower case).',
  schema: { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]*$' },
});
const NOT_FOUND = ApiResponse({
  status: 404,
  description: 'No document has this id (document_not_found).',
  type: NotFoundResponseDto,
  headers: REQUEST_ID,
});

/** The OpenAPI description of each document endpoint: each handler carries one line. */
export const DocumentList = () =>
  applyDecorators(
    ApiTags('documents'),
    ApiOperation({
      operationId: 'listDocuments',
      summary: "Search the pages of the government's own files",
      description:
        'One entry per document, ranked by its best matching page, each with up to three matching pages and a highlighted snippet. ' +
        `Filters combine with AND. The text was made by machine and may contain errors. offset + limit may not exceed ${DOCUMENT_RESULT_WINDOW}.`,
    }),
    ok(DocumentListResponseDto, 'The page of documents.'),
    invalidParameters('A parameter is invalid; error.parameters names each one and what it accepts.'),
    commonErrors(),
  );

export const DocumentDocument = () =>
  applyDecorators(
    ApiTags('documents'),
    ApiOperation({ operationId: 'getDocument', summary: 'One document: its facts, its pages and the cases that cite it' }),
    ID_PARAM,
    ok(DocumentResponseDto, 'The document.'),
    NOT_FOUND,
    commonErrors(),
  );

export const DocumentPage = () =>
  applyDecorators(
    ApiTags('documents'),
    ApiOperation({ operationId: 'getDocumentPage', summary: 'One page of a document, its text as the machine read it' }),
    ID_PARAM,
    ApiParam({ name: 'n', description: 'The page number, from 1.', schema: { type: 'integer', minimum: 1 } }),
    ok(DocumentPageResponseDto, 'The page.'),
    invalidParameters('n is not a positive integer, or q is too long.'),
    ApiResponse({
      status: 404,
      description: 'No document has this id (document_not_found), or the document has fewer pages (page_not_found, with pageCount).',
      type: NotFoundResponseDto,
      headers: REQUEST_ID,
    }),
    commonErrors(),
  );
