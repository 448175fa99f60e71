import { Transform } from 'class-transformer';
import { IsIn, IsISO8601, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { CASE_TYPES, CREDIBILITY_LEVELS, LOCATION_PRECISIONS, normalizeTranche, TRANCHE_FORMAT } from '@app/cases';

export const MAX_KEYWORD_LENGTH = 200;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const tranche = ({ value }: { value: unknown }) => (typeof value === 'string' ? (normalizeTranche(value) ?? value) : value);
const PRECISION_LIST = new RegExp(`^(?:${LOCATION_PRECISIONS.join('|')})(?:,(?:${LOCATION_PRECISIONS.join('|')}))*$`);
// Listed last so it runs first: a repeated parameter arrives as an array.
const once = (name: string) => ({ message: `${name} must be given once` });

/** A day, or a timestamp that says its time zone (a bare local time would mean a different day to each server). */
const UPDATED_SINCE_FORMAT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
const UPDATED_SINCE_MESSAGE = 'updatedSince must be a date YYYY-MM-DD or an ISO 8601 timestamp with a time zone, e.g. 2026-11-21 or 2026-11-21T08:00:00Z';

/**
 * The query string of GET /api/cases, as text. Every message names the parameter and what
 * it accepts. Unknown parameters are stripped, not rejected, so clients can evolve freely.
 */
export class CaseListQueryDto {
  @IsOptional() @IsIn(CASE_TYPES, { message: `type must be one of: ${CASE_TYPES.join(', ')}` })
  @IsString(once('type'))
  type?: string;

  @IsOptional() @IsIn(CREDIBILITY_LEVELS, { message: `credibility must be one of: ${CREDIBILITY_LEVELS.join(', ')}` })
  @IsString(once('credibility'))
  credibility?: string;

  @IsOptional() @Transform(tranche)
  @Matches(TRANCHE_FORMAT, {
    message: 'tranche must be pre-disclosure or PURSUE-<n> with n a positive integer (e.g. PURSUE-1), in any letter case',
  })
  @IsString(once('tranche'))
  tranche?: string;

  @IsOptional() @Transform(upper)
  @Matches(/^[A-Z]{2}$/, { message: 'country must be a two-letter ISO 3166-1 country code, e.g. US' })
  @IsString(once('country'))
  country?: string;

  @IsOptional() @Transform(({ value }) => (typeof value === 'string' ? value.replace(/\s+/g, '').toLowerCase() : value))
  @Matches(PRECISION_LIST, { message: `precision must be one or more of ${LOCATION_PRECISIONS.join(', ')}, comma-separated (e.g. site,locality)` })
  @IsString(once('precision'))
  precision?: string;

  @IsOptional() @IsIn(['true', 'false'], { message: 'hasVideo must be true or false' })
  @IsString(once('hasVideo'))
  hasVideo?: string;

  @IsOptional() @Transform(trim)
  @Matches(/^\d{4}$/, { message: 'year must be a four-digit year, e.g. 2004' })
  @IsString(once('year'))
  year?: string;

  @IsOptional() @Transform(trim)
  @MaxLength(MAX_KEYWORD_LENGTH, { message: `q must be at most ${MAX_KEYWORD_LENGTH} characters` })
  @IsString(once('q'))
  q?: string;

  @IsOptional() @IsIn(['true', 'false'], { message: 'highlight must be true or false' })
  @IsString(once('highlight'))
  highlight?: string;

  @IsOptional() @Transform(trim)
  @IsISO8601({ strict: true }, { message: UPDATED_SINCE_MESSAGE })
  @Matches(UPDATED_SINCE_FORMAT, { message: UPDATED_SINCE_MESSAGE })
  @IsString(once('updatedSince'))
  updatedSince?: string;

  @IsOptional() @Transform(trim)
  @Matches(/^\d+$/, { message: 'limit must be an integer of 0 or more (at most 500 are returned)' })
  @IsString(once('limit'))
  limit?: string;

  @IsOptional() @Transform(trim)
  @Matches(/^\d+$/, { message: 'offset must be an integer of 0 or more' })
  @IsString(once('offset'))
  offset?: string;
}
