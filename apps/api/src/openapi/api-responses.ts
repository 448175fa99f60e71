import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse } from '@nestjs/swagger';
import {
  InternalErrorResponseDto,
  InvalidApiKeyResponseDto,
  InvalidParameterResponseDto,
  MethodNotAllowedResponseDto,
  NotFoundResponseDto,
  RateLimitedResponseDto,
  UnavailableResponseDto,
} from '../errors/error.dto';

/**
 * What the endpoints' OpenAPI descriptions share: the headers every response carries and the
 * errors every archive endpoint may answer. Each endpoint's own description sits beside its
 * controller (`<feature>.openapi.ts`).
 */
export const REQUEST_ID = { 'X-Request-Id': { description: 'The request id; also the errorId of a 500.', schema: { type: 'string' } } };
export const QUOTA_HEADERS = {
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
export const commonErrors = () =>
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

export const ok = (type: object, description: string) =>
  ApiResponse({ status: 200, description, type: type as never, headers: { ...REQUEST_ID, ...QUOTA_HEADERS } });

/** A 400 naming the invalid parameters. */
export const invalidParameters = (description: string) =>
  ApiResponse({ status: 400, description, type: InvalidParameterResponseDto, headers: REQUEST_ID });
