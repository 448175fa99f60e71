import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Min } from 'class-validator';

export const DEFAULT_RELATED_LIMIT = 10;
export const MAX_RELATED_LIMIT = 50;
const LIMIT_MESSAGE = `limit must be an integer of 1 or more (at most ${MAX_RELATED_LIMIT} are returned)`;

/** The query string of GET /api/cases/{id}/related. */
export class RelatedCasesQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    default: DEFAULT_RELATED_LIMIT,
    description: `How many related cases; above ${MAX_RELATED_LIMIT} is clamped to ${MAX_RELATED_LIMIT}.`,
  })
  @IsOptional()
  @Min(1, { message: LIMIT_MESSAGE })
  @Transform(({ value }) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value))
  @IsInt({ message: LIMIT_MESSAGE })
  limit?: number;
}
