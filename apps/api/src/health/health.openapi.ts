import { applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { UnavailableResponseDto } from '../errors/error.dto';

/** For /health and /ready: the body is terminus's; a failed check goes through the error envelope. */
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
