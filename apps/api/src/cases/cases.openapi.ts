import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiParam, ApiProduces, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { CASE_ID_FORMAT } from '@app/cases';
import { MAX_RESULT_WINDOW } from '@app/search';
import { NotFoundResponseDto } from '../errors/error.dto';
import { NDJSON_MEDIA_TYPE } from '../response/content-types';
import { commonErrors, invalidParameters, ok, QUOTA_HEADERS, REQUEST_ID } from '../openapi/api-responses';
import { CaseListResponseDto, CaseRecordDto, CaseResponseDto, RelatedCasesResponseDto } from './case.dto';

/** The OpenAPI description of each case endpoint: each handler carries one `@Document...()` line. */
export const DocumentCaseList = () =>
  applyDecorators(
    ApiTags('cases'),
    ApiOperation({
      operationId: 'listCases',
      summary: 'A page of case summaries',
      description:
        'Filters combine with AND; a comma-separated list within one filter matches any of its values; unknown parameters are ignored. ' +
        'Newest first (date desc, then id); with q, most relevant first; sort picks another order. ' +
        `facets adds counts over every matching case; fields trims each summary. offset + limit may not exceed ${MAX_RESULT_WINDOW}.`,
    }),
    ok(CaseListResponseDto, 'The page.'),
    invalidParameters('A parameter is invalid; error.parameters names each one and what it accepts.'),
    commonErrors(),
  );

export const DocumentCase = () =>
  applyDecorators(
    ApiTags('cases'),
    ApiOperation({ operationId: 'getCase', summary: 'One full case record' }),
    ApiParam({ name: 'id', description: 'The case id, a lowercase slug.', schema: { type: 'string', pattern: CASE_ID_FORMAT.source } }),
    ok(CaseResponseDto, 'The case.'),
    ApiResponse({ status: 404, description: 'No case has this id (case_not_found).', type: NotFoundResponseDto, headers: REQUEST_ID }),
    commonErrors(),
  );

export const DocumentRelatedCases = () =>
  applyDecorators(
    ApiTags('cases'),
    ApiOperation({
      operationId: 'getRelatedCases',
      summary: 'The cases most like one case',
      description:
        'More-like-this over titles, summaries and details in both languages; a place nearby, a date close by and the same type count extra. Never the case itself.',
    }),
    ApiParam({ name: 'id', description: 'The case id, a lowercase slug.', schema: { type: 'string', pattern: CASE_ID_FORMAT.source } }),
    ok(RelatedCasesResponseDto, 'The related cases, most similar first.'),
    invalidParameters('limit is invalid.'),
    ApiResponse({ status: 404, description: 'No case has this id (case_not_found).', type: NotFoundResponseDto, headers: REQUEST_ID }),
    commonErrors(),
  );

/** For GET /api/cases/export (NDJSON, one case per line). */
export const DocumentCaseExport = () =>
  applyDecorators(
    ApiTags('cases'),
    ApiExtraModels(CaseRecordDto),
    ApiOperation({ operationId: 'exportCases', summary: 'Every matching case as NDJSON, one JSON object per line' }),
    ApiProduces(NDJSON_MEDIA_TYPE),
    ApiResponse({
      status: 200,
      description: 'One case per line, in list order.',
      content: { [NDJSON_MEDIA_TYPE]: { schema: { $ref: getSchemaPath(CaseRecordDto) } } },
      headers: { ...REQUEST_ID, ...QUOTA_HEADERS },
    }),
    invalidParameters('A parameter is invalid.'),
    commonErrors(),
  );
