import { applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { RateLimitedResponseDto } from '../errors/error.dto';

/** For GET /llms.txt and /llms-full.txt: Markdown as text/plain, counted against the quota like any request. */
export const DocumentLlmsTxt = (operationId: string, summary: string) =>
  applyDecorators(
    ApiTags('guides'),
    ApiOperation({
      operationId,
      summary,
      description: 'Markdown, written from this document and the running configuration (license, quota, paging limits).',
    }),
    ApiProduces('text/plain'),
    ApiResponse({ status: 200, description: 'The guide.', content: { 'text/plain': { schema: { type: 'string' } } } }),
    ApiResponse({ status: 429, description: 'Over quota.', type: RateLimitedResponseDto }),
  );
