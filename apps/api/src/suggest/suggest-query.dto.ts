import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { DEFAULT_SUGGEST_LIMIT, MAX_SUGGEST_LIMIT, MAX_SUGGEST_TEXT_LENGTH } from '@app/cases';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Digits become a number; anything else stays as given, so the integer check reports it by name. */
const integer = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value);
// Listed last so it runs first: a repeated parameter arrives as an array.
const once = (name: string) => ({ message: `${name} must be given once` });

/** The query string of GET /api/suggest. Every message names the parameter and what it accepts. */
export class SuggestQueryDto {
  @ApiProperty({
    maxLength: MAX_SUGGEST_TEXT_LENGTH,
    description: 'What has been typed so far, in English or Chinese (Simplified or Traditional). Trimmed; must not be empty.',
    example: 'Rendle',
  })
  @Transform(trim)
  @MaxLength(MAX_SUGGEST_TEXT_LENGTH, { message: `q must be at most ${MAX_SUGGEST_TEXT_LENGTH} characters` })
  @IsNotEmpty({ message: 'q is required: the text typed so far' })
  @IsString(once('q'))
  q: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_SUGGEST_LIMIT,
    default: DEFAULT_SUGGEST_LIMIT,
    description: 'Suggestions wanted.',
  })
  @IsOptional()
  @Transform(integer)
  @Max(MAX_SUGGEST_LIMIT, { message: `limit must be an integer from 1 to ${MAX_SUGGEST_LIMIT}` })
  @Min(1, { message: `limit must be an integer from 1 to ${MAX_SUGGEST_LIMIT}` })
  @IsInt({ message: `limit must be an integer from 1 to ${MAX_SUGGEST_LIMIT}` })
  limit?: number;
}
