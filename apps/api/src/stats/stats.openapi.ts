import { applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { commonErrors, ok } from '../openapi/api-responses';
import { StatsResponseDto } from './stats.dto';

export const DocumentStats = () =>
  applyDecorators(
    ApiTags('stats'),
    ApiOperation({ operationId: 'getStats', summary: 'Counts over the whole archive' }),
    ok(StatsResponseDto, 'The statistics.'),
    commonErrors(),
  );
