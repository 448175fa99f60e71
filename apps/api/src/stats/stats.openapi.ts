import { applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { commonErrors, invalidParameters, ok } from '../openapi/api-responses';
import { StatsResponseDto } from './stats.dto';

export const DocumentStats = () =>
  applyDecorators(
    ApiTags('stats'),
    ApiOperation({
      operationId: 'getStats',
      summary: 'Counts over the archive, or over the cases the list filters keep',
      description: 'Takes every filter of GET /api/cases; without any it counts the whole archive.',
    }),
    ok(StatsResponseDto, 'The statistics.'),
    invalidParameters('A parameter is invalid.'),
    commonErrors(),
  );
