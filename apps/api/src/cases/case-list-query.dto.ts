import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { CASE_TYPES, CREDIBILITY_LEVELS, normalizeTranche, TRANCHE_FORMAT, type CaseType, type Credibility } from '@app/cases';

export const MAX_KEYWORD_LENGTH = 200;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const tranche = ({ value }: { value: unknown }) => (typeof value === 'string' ? (normalizeTranche(value) ?? value) : value);
/** Digits become a number; anything else stays as given, so the integer check reports it by name. */
const integer =
  (digits: RegExp) =>
  ({ value }: { value: unknown }) =>
    typeof value === 'string' && digits.test(value.trim()) ? Number(value.trim()) : value;
// Listed last so it runs first: a repeated parameter arrives as an array.
const once = (name: string) => ({ message: `${name} must be given once` });

/**
 * The query string of GET /api/cases, as text. Every message names the parameter and what
 * it accepts. Unknown parameters are stripped, not rejected, so clients can evolve freely.
 */
export class CaseListQueryDto {
  @ApiPropertyOptional({ enum: CASE_TYPES, enumName: 'CaseType', description: 'Only cases of this type; exactly one of the values.' })
  @IsOptional() @IsIn(CASE_TYPES, { message: `type must be one of: ${CASE_TYPES.join(', ')}` })
  @IsString(once('type'))
  type?: CaseType;

  @ApiPropertyOptional({ enum: CREDIBILITY_LEVELS, enumName: 'Credibility', description: 'Only cases of this credibility; exactly one of the values.' })
  @IsOptional() @IsIn(CREDIBILITY_LEVELS, { message: `credibility must be one of: ${CREDIBILITY_LEVELS.join(', ')}` })
  @IsString(once('credibility'))
  credibility?: Credibility;

  @ApiPropertyOptional({ description: 'pre-disclosure or PURSUE-<n> (n >= 1), in any letter case.', example: 'PURSUE-1' })
  @IsOptional() @Transform(tranche)
  @Matches(TRANCHE_FORMAT, {
    message: 'tranche must be pre-disclosure or PURSUE-<n> with n a positive integer (e.g. PURSUE-1), in any letter case',
  })
  @IsString(once('tranche'))
  tranche?: string;

  @ApiPropertyOptional({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2 code in any letter case, or ZZ for no single country.', example: 'US' })
  @IsOptional() @Transform(upper)
  @Matches(/^[A-Z]{2}$/, { message: 'country must be a two-letter ISO 3166-1 country code, e.g. US' })
  @IsString(once('country'))
  country?: string;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'Only cases with (true) or without (false) video.' })
  @IsOptional() @IsIn(['true', 'false'], { message: 'hasVideo must be true or false' })
  @IsString(once('hasVideo'))
  hasVideo?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1000, maximum: 9999, description: 'Incident year, four digits.', example: 2004 })
  @IsOptional() @Transform(integer(/^\d{4}$/))
  @IsInt({ message: 'year must be a four-digit year, e.g. 2004' })
  year?: number;

  @ApiPropertyOptional({
    maxLength: MAX_KEYWORD_LENGTH,
    description: 'Plain-text keywords over titles, place names and summaries in both languages; every word must match. Trimmed; no query syntax.',
  })
  @IsOptional() @Transform(trim)
  @MaxLength(MAX_KEYWORD_LENGTH, { message: `q must be at most ${MAX_KEYWORD_LENGTH} characters` })
  @IsString(once('q'))
  q?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, default: 50, description: 'Page size; above 500 is clamped to 500 (the response says so); 0 returns only total.' })
  @IsOptional() @Transform(integer(/^\d+$/))
  @IsInt({ message: 'limit must be an integer of 0 or more (at most 500 are returned)' })
  limit?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, default: 0, description: 'Cases to skip; offset + limit may not exceed 10000.' })
  @IsOptional() @Transform(integer(/^\d+$/))
  @IsInt({ message: 'offset must be an integer of 0 or more' })
  offset?: number;
}
