import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import {
  CASE_TYPES,
  CREDIBILITY_LEVELS,
  DEFAULT_LIMIT,
  LOCATION_PRECISIONS,
  MAX_LIMIT,
  normalizeTranche,
  TRANCHE_FORMAT,
  type CaseType,
  type Credibility,
} from '@app/cases';
import { MAX_RESULT_WINDOW } from '@app/search';

export const MAX_KEYWORD_LENGTH = 200;
export const MAX_CURSOR_LENGTH = 1_000;
export const MIN_YEAR = 1000;
export const MAX_YEAR = 9999;
const YEAR_MESSAGE = `year must be a four-digit year from ${MIN_YEAR} to ${MAX_YEAR}, e.g. 2004`;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const tranche = ({ value }: { value: unknown }) => (typeof value === 'string' ? (normalizeTranche(value) ?? value) : value);
/** Digits become a number; anything else stays as given, so the integer check reports it by name. */
const integer =
  (digits: RegExp) =>
  ({ value }: { value: unknown }) =>
    typeof value === 'string' && digits.test(value.trim()) ? Number(value.trim()) : value;
const PRECISION_LIST = new RegExp(`^(?:${LOCATION_PRECISIONS.join('|')})(?:,(?:${LOCATION_PRECISIONS.join('|')}))*$`);
// Listed last so it runs first: a repeated parameter arrives as an array.
const once = (name: string) => ({ message: `${name} must be given once` });

/** A day, or a timestamp that says its time zone (a bare local time would mean a different day to each server). */
const UPDATED_SINCE_FORMAT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
const UPDATED_SINCE_MESSAGE =
  'updatedSince must be a date YYYY-MM-DD or an ISO 8601 timestamp with a time zone, e.g. 2026-11-21 or 2026-11-21T08:00:00Z';

/**
 * The query string of GET /api/cases, as text. Every message names the parameter and what
 * it accepts. Unknown parameters are stripped, not rejected, so clients can evolve freely.
 */
export class CaseListQueryDto {
  @ApiPropertyOptional({ enum: CASE_TYPES, enumName: 'CaseType', description: 'Only cases of this type; exactly one of the values.' })
  @IsOptional()
  @IsIn(CASE_TYPES, { message: `type must be one of: ${CASE_TYPES.join(', ')}` })
  @IsString(once('type'))
  type?: CaseType;

  @ApiPropertyOptional({
    enum: CREDIBILITY_LEVELS,
    enumName: 'Credibility',
    description: 'Only cases of this credibility; exactly one of the values.',
  })
  @IsOptional()
  @IsIn(CREDIBILITY_LEVELS, { message: `credibility must be one of: ${CREDIBILITY_LEVELS.join(', ')}` })
  @IsString(once('credibility'))
  credibility?: Credibility;

  @ApiPropertyOptional({ description: 'pre-disclosure or PURSUE-<n> (n >= 1), in any letter case.', example: 'PURSUE-1' })
  @IsOptional()
  @Transform(tranche)
  @Matches(TRANCHE_FORMAT, {
    message: 'tranche must be pre-disclosure or PURSUE-<n> with n a positive integer (e.g. PURSUE-1), in any letter case',
  })
  @IsString(once('tranche'))
  tranche?: string;

  @ApiPropertyOptional({
    pattern: '^[A-Za-z]{2}$',
    description: 'ISO 3166-1 alpha-2 code in any letter case, or ZZ for no single country.',
    example: 'US',
  })
  @IsOptional()
  @Transform(upper)
  @Matches(/^[A-Z]{2}$/, { message: 'country must be a two-letter ISO 3166-1 country code, e.g. US' })
  @IsString(once('country'))
  country?: string;

  @ApiPropertyOptional({
    pattern: PRECISION_LIST.source,
    description: `How exact the case's point is: one or more of ${LOCATION_PRECISIONS.join(', ')}, comma-separated (e.g. site,locality).`,
    example: 'site,locality',
  })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/\s+/g, '').toLowerCase() : value))
  @Matches(PRECISION_LIST, { message: `precision must be one or more of ${LOCATION_PRECISIONS.join(', ')}, comma-separated (e.g. site,locality)` })
  @IsString(once('precision'))
  precision?: string;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'Only cases with (true) or without (false) video.' })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'hasVideo must be true or false' })
  @IsString(once('hasVideo'))
  hasVideo?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: MIN_YEAR, maximum: MAX_YEAR, description: 'Incident year, four digits.', example: 2004 })
  @IsOptional()
  @Transform(integer(/^\d{4}$/))
  // Elasticsearch's strict_date reads only four-digit years: 0999 would reach it as `999-01-01`.
  @Min(MIN_YEAR, { message: YEAR_MESSAGE })
  @Max(MAX_YEAR, { message: YEAR_MESSAGE })
  @IsInt({ message: YEAR_MESSAGE })
  year?: number;

  @ApiPropertyOptional({
    maxLength: MAX_KEYWORD_LENGTH,
    description: 'Plain-text keywords over titles, place names and summaries in both languages; every word must match. Trimmed; no query syntax.',
  })
  @IsOptional()
  @Transform(trim)
  @MaxLength(MAX_KEYWORD_LENGTH, { message: `q must be at most ${MAX_KEYWORD_LENGTH} characters` })
  @IsString(once('q'))
  q?: string;

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: 'With q: true adds to each listed case a highlight object (field path to fragments, matches in <em>, text HTML-escaped).',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'highlight must be true or false' })
  @IsString(once('highlight'))
  highlight?: string;

  @ApiPropertyOptional({
    description:
      'Only cases added or changed on or after this UTC day: a date YYYY-MM-DD, or a timestamp with a time zone (its whole UTC day counts).',
    example: '2026-11-21',
  })
  @IsOptional()
  @Transform(trim)
  @IsISO8601({ strict: true }, { message: UPDATED_SINCE_MESSAGE })
  @Matches(UPDATED_SINCE_FORMAT, { message: UPDATED_SINCE_MESSAGE })
  @IsString(once('updatedSince'))
  updatedSince?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    default: DEFAULT_LIMIT,
    description: `Page size; above ${MAX_LIMIT} is clamped to ${MAX_LIMIT} (the response says so); 0 returns only total.`,
  })
  @IsOptional()
  @Transform(integer(/^\d+$/))
  @IsInt({ message: `limit must be an integer of 0 or more (at most ${MAX_LIMIT} are returned)` })
  limit?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, default: 0, description: `Cases to skip; offset + limit may not exceed ${MAX_RESULT_WINDOW}.` })
  @IsOptional()
  @Transform(integer(/^\d+$/))
  @IsInt({ message: 'offset must be an integer of 0 or more' })
  offset?: number;

  @ApiPropertyOptional({
    maxLength: MAX_CURSOR_LENGTH,
    description: "The nextCursor of a previous page, to continue the walk; repeat that request's filters with it. Not with offset.",
  })
  @IsOptional()
  @MaxLength(MAX_CURSOR_LENGTH, { message: 'cursor is not a cursor this API issued; pass the nextCursor of a previous page' })
  @IsString(once('cursor'))
  cursor?: string;
}
