import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiParam, ApiProduces, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { CASE_ID_FORMAT } from '@app/cases';
import { CaseListResponseDto, CaseRecordDto, CaseResponseDto } from '../cases/case.dto';
import {
  InternalErrorResponseDto,
  InvalidApiKeyResponseDto,
  InvalidParameterResponseDto,
  MethodNotAllowedResponseDto,
  NotFoundResponseDto,
  RateLimitedResponseDto,
  UnavailableResponseDto,
} from '../http/error.dto';
import { StatsResponseDto } from '../stats/stats.dto';

/**
 * The OpenAPI description of each endpoint, kept beside the DTOs rather than spread over the
 * controllers: each handler carries one `@Document...()` line.
 */
const REQUEST_ID = { 'X-Request-Id': { description: 'The request id; also the errorId of a 500.', schema: { type: 'string' } } };
const QUOTA_HEADERS = {
  'RateLimit-Policy': {
    description: 'The quota policy (draft-ietf-httpapi-ratelimit-headers): "<policy>";q=<requests>;w=<window seconds>.',
    schema: { type: 'string', example: '"keyless";q=300;w=60' },
  },
  RateLimit: {
    description: 'What is left: "<policy>";r=<remaining>;t=<seconds until reset>.',
    schema: { type: 'string', example: '"keyless";r=297;t=41' },
  },
};

/** What every archive endpoint may answer besides its success. */
const commonErrors = () =>
  applyDecorators(
    ApiExtraModels(MethodNotAllowedResponseDto, NotFoundResponseDto),
    ApiResponse({
      status: 401,
      description: 'An API key was sent but is unknown or malformed (no key at all is fine).',
      type: InvalidApiKeyResponseDto,
      headers: REQUEST_ID,
    }),
    ApiResponse({
      status: 429,
      description: 'Over quota. Retry after the given seconds, or ask the operator for a key.',
      type: RateLimitedResponseDto,
      headers: { ...REQUEST_ID, ...QUOTA_HEADERS, 'Retry-After': { description: 'Seconds until the quota resets.', schema: { type: 'integer' } } },
    }),
    ApiResponse({ status: 500, description: 'Unexpected error; errorId is in the server log.', type: InternalErrorResponseDto, headers: REQUEST_ID }),
    ApiResponse({
      status: 503,
      description: 'Elasticsearch is unreachable or the archive is not indexed yet.',
      type: UnavailableResponseDto,
      headers: { ...REQUEST_ID, 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } },
    }),
  );

const ok = (type: object, description: string) =>
  ApiResponse({ status: 200, description, type: type as never, headers: { ...REQUEST_ID, ...QUOTA_HEADERS } });

export const DocumentCaseList = () =>
  applyDecorators(
    ApiTags('cases'),
    ApiOperation({
      operationId: 'listCases',
      summary: 'A page of case summaries',
      description:
        'Filters combine with AND; unknown parameters are ignored. Newest first (date desc, then id); with q, most relevant first. ' +
        'offset + limit may not exceed 10000.',
    }),
    ok(CaseListResponseDto, 'The page.'),
    ApiResponse({
      status: 400,
      description: 'A parameter is invalid; error.parameters names each one and what it accepts.',
      type: InvalidParameterResponseDto,
      headers: REQUEST_ID,
    }),
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

/** For GET /api/cases/export (NDJSON, one case per line). */
export const DocumentCaseExport = () =>
  applyDecorators(
    ApiTags('cases'),
    ApiExtraModels(CaseRecordDto),
    ApiOperation({ operationId: 'exportCases', summary: 'Every matching case as NDJSON, one JSON object per line' }),
    ApiProduces('application/x-ndjson'),
    ApiResponse({
      status: 200,
      description: 'One case per line, in list order.',
      content: { 'application/x-ndjson': { schema: { $ref: getSchemaPath(CaseRecordDto) } } },
      headers: { ...REQUEST_ID, ...QUOTA_HEADERS },
    }),
    ApiResponse({ status: 400, description: 'A parameter is invalid.', type: InvalidParameterResponseDto, headers: REQUEST_ID }),
    commonErrors(),
  );

/** For GET /api/feed.atom (RFC 4287 Atom, one entry per case). */
export const DocumentFeed = () =>
  applyDecorators(
    ApiTags('cases'),
    ApiOperation({
      operationId: 'getFeed',
      summary: "The archive's changes as an Atom feed",
      description:
        'One entry per case, newest change (updatedAt) first, at most limit entries; takes every list filter, so each filter set is a feed. ' +
        'Each entry links to the case in this API and carries its title and summary in English and Chinese (xml:lang).',
    }),
    ApiProduces('application/atom+xml'),
    ApiResponse({
      status: 200,
      description: 'The feed.',
      content: { 'application/atom+xml': { schema: { type: 'string' } } },
      headers: { ...REQUEST_ID, ...QUOTA_HEADERS },
    }),
    ApiResponse({ status: 400, description: 'A parameter is invalid.', type: InvalidParameterResponseDto, headers: REQUEST_ID }),
    commonErrors(),
  );

export const DocumentStats = () =>
  applyDecorators(
    ApiTags('stats'),
    ApiOperation({ operationId: 'getStats', summary: 'Counts over the whole archive' }),
    ok(StatsResponseDto, 'The statistics.'),
    commonErrors(),
  );

export const DocumentProbe = (operationId: string, summary: string) =>
  applyDecorators(
    ApiTags('operations'),
    ApiOperation({ operationId, summary, description: 'Never counted against a quota.' }),
    ApiResponse({
      status: 200,
      description: 'Up.',
      schema: { type: 'object', properties: { status: { type: 'string', enum: ['ok'] } }, required: ['status'] },
    }),
    ApiResponse({ status: 503, description: 'Not ready (error.code not_ready, error.checks per check).', type: UnavailableResponseDto }),
  );
