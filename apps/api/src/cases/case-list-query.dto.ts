import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { CASE_TYPES, CREDIBILITY_LEVELS, normalizeTranche, TRANCHE_FORMAT } from '@app/cases';

export const MAX_KEYWORD_LENGTH = 200;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const tranche = ({ value }: { value: unknown }) => (typeof value === 'string' ? (normalizeTranche(value) ?? value) : value);
// Listed last so it runs first: a repeated parameter arrives as an array.
const once = (name: string) => ({ message: `${name} must be given once` });

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
  @Matches(/^\d+$/, { message: 'limit must be an integer of 0 or more (at most 500 are returned)' })
  @IsString(once('limit'))
  limit?: string;

  @IsOptional() @Transform(trim)
  @Matches(/^\d+$/, { message: 'offset must be an integer of 0 or more' })
  @IsString(once('offset'))
  offset?: string;
}
