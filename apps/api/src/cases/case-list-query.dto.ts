import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  type ValidationArguments,
} from 'class-validator';
import {
  CASE_TYPES,
  CREDIBILITY_LEVELS,
  DEFAULT_LIMIT,
  LOCATION_PRECISIONS,
  MAX_CURSOR_LENGTH,
  MAX_KEYWORD_LENGTH,
  MAX_LIMIT,
  MAX_YEAR,
  MIN_YEAR,
  normalizeTranche,
  TRANCHE_FORMAT,
} from '@app/cases';
import { CASE_FACETS, CASE_LIST_FIELDS, CASE_SORTS, MAX_RESULT_WINDOW } from '@app/search';
import { MAX_RADIUS_KM, MIN_RADIUS_KM, parseBbox, parsePoint } from './geo-params';

const YEAR_MESSAGE = `year must be a four-digit year from ${MIN_YEAR} to ${MAX_YEAR}, e.g. 2004`;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Digits become a number; anything else stays as given, so the integer check reports it by name. */
const integer =
  (digits: RegExp) =>
  ({ value }: { value: unknown }) =>
    typeof value === 'string' && digits.test(value.trim()) ? Number(value.trim()) : value;
// Listed last so it runs first: a repeated parameter arrives as an array.
const once = (name: string) => ({ message: `${name} must be given once` });

/** `a, b ,c` -> `a,b,c`, each item normalized; an empty item stays empty so the pattern refuses it. */
const eachItem =
  (normalize: (item: string) => string = (item) => item) =>
  ({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((item) => (item.trim() ? normalize(item.trim()) : ''))
          .join(',')
      : value;
/** One or more items matching `item`, comma-separated. */
const listOf = (item: string) => new RegExp(`^(?:${item})(?:,(?:${item}))*$`);

/**
 * A filter that takes one value or several, comma-separated (any of them matches). Decorators
 * run in reverse of this list: the once-check first, as on the other parameters.
 */
function OneOrMore(name: string, item: string, message: string, api: ApiPropertyOptions, normalize?: (item: string) => string) {
  return applyDecorators(
    IsString(once(name)),
    Matches(listOf(item), { message }),
    Transform(eachItem(normalize)),
    IsOptional(),
    ApiPropertyOptional({ type: 'string', pattern: listOf(item).source, ...api }),
  );
}

/** Every item one of `allowed`; the message names the ones that are not. */
function ItemsOf(name: string, allowed: readonly string[], what: string) {
  return ValidateBy(
    {
      name: `${name}Items`,
      validator: { validate: (value: unknown) => typeof value === 'string' && value.split(',').every((item) => allowed.includes(item)) },
    },
    {
      message: ({ value }: ValidationArguments) => {
        const unknown = typeof value === 'string' ? value.split(',').filter((item) => !allowed.includes(item)) : [];
        const named = unknown.filter(Boolean);
        return `${name} ${named.length ? `has unknown ${what}: ${named.join(', ')}` : `must name at least one ${what.replace(/s$/, '')}`}; choose from ${allowed.join(', ')}`;
      },
    },
  );
}

/** Text that a pure parser accepts (the same parser turns it into search parameters). */
function Parses(parse: (text: string) => unknown, message: string) {
  return ValidateBy(
    { name: 'parses', validator: { validate: (value: unknown) => typeof value === 'string' && parse(value) !== undefined } },
    { message },
  );
}

const enumMessage = (name: string, values: readonly string[]) =>
  `${name} must be one of: ${values.join(', ')}; several comma-separated match any of them (e.g. ${values.slice(0, 2).join(',')})`;
const ENUM_ITEM = (values: readonly string[]) => values.join('|');
/** TRANCHE_FORMAT without its anchors, as one item of a list. */
const TRANCHE_ITEM = TRANCHE_FORMAT.source.replace(/^\^|\$$/g, '');

/** A day, or a timestamp that says its time zone (a bare local time would mean a different day to each server). */
const UPDATED_SINCE_FORMAT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
const UPDATED_SINCE_MESSAGE =
  'updatedSince must be a date YYYY-MM-DD or an ISO 8601 timestamp with a time zone, e.g. 2026-11-21 or 2026-11-21T08:00:00Z';

/** A year, a month or a day: the bound covers all of it. */
export const DATE_BOUND_FORMAT = /^\d{4}(?:-\d{2}(?:-\d{2})?)?$/;
const dateBoundMessage = (name: string) => `${name} must be a date YYYY, YYYY-MM or YYYY-MM-DD (inclusive), e.g. 1947, 1952-07 or 1952-07-19`;
function DateBound(name: 'dateFrom' | 'dateTo', description: string, example: string) {
  return applyDecorators(
    IsString(once(name)),
    Matches(DATE_BOUND_FORMAT, { message: dateBoundMessage(name) }),
    IsISO8601({ strict: true }, { message: dateBoundMessage(name) }),
    Transform(trim),
    IsOptional(),
    ApiPropertyOptional({ type: 'string', pattern: DATE_BOUND_FORMAT.source, description, example }),
  );
}

export const BBOX_MESSAGE =
  'bbox must be minLng,minLat,maxLng,maxLat in degrees (longitudes -180 to 180, latitudes -90 to 90, minLat at most maxLat; minLng above maxLng crosses the antimeridian), e.g. -125,24,-66,50';
export const NEAR_MESSAGE = 'near must be lat,lng in degrees (latitude -90 to 90, longitude -180 to 180), e.g. 38.9,-77.04';
const RADIUS_MESSAGE = `radiusKm must be a number of kilometres from ${MIN_RADIUS_KM} to ${MAX_RADIUS_KM}, e.g. 300`;

/**
 * The filters: which cases match. Shared by the list, the export, the feed and /api/stats. Every
 * message names the parameter and what it accepts. Unknown parameters are stripped, not rejected,
 * so clients can evolve freely.
 */
export class CaseFilterQueryDto {
  @OneOrMore('type', ENUM_ITEM(CASE_TYPES), enumMessage('type', CASE_TYPES), {
    description: `Only cases of these types: one or more of ${CASE_TYPES.join(', ')}, comma-separated (any of them).`,
    example: 'military,radar',
  })
  type?: string;

  @OneOrMore('credibility', ENUM_ITEM(CREDIBILITY_LEVELS), enumMessage('credibility', CREDIBILITY_LEVELS), {
    description: `Only cases of these credibility levels: one or more of ${CREDIBILITY_LEVELS.join(', ')}, comma-separated.`,
    example: 'official,corroborated',
  })
  credibility?: string;

  @OneOrMore(
    'tranche',
    TRANCHE_ITEM,
    'tranche must be pre-disclosure or PURSUE-<n> with n a positive integer (e.g. PURSUE-1), in any letter case; several comma-separated match any of them',
    { description: 'pre-disclosure or PURSUE-<n> (n >= 1), in any letter case; several comma-separated.', example: 'PURSUE-1,PURSUE-2' },
    (item) => normalizeTranche(item) ?? item,
  )
  tranche?: string;

  @OneOrMore(
    'country',
    '[A-Z]{2}',
    'country must be a two-letter ISO 3166-1 country code, e.g. US; several comma-separated match any of them (e.g. US,CA)',
    { description: 'ISO 3166-1 alpha-2 codes in any letter case, comma-separated, or ZZ for no single country.', example: 'US,CA' },
    (item) => item.toUpperCase(),
  )
  country?: string;

  @OneOrMore(
    'precision',
    ENUM_ITEM(LOCATION_PRECISIONS),
    `precision must be one or more of ${LOCATION_PRECISIONS.join(', ')}, comma-separated (e.g. site,locality)`,
    {
      description: `How exact the case's point is: one or more of ${LOCATION_PRECISIONS.join(', ')}, comma-separated (e.g. site,locality).`,
      example: 'site,locality',
    },
    (item) => item.toLowerCase(),
  )
  precision?: string;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'Only cases with (true) or without (false) video.' })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'hasVideo must be true or false' })
  @IsString(once('hasVideo'))
  hasVideo?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: MIN_YEAR,
    maximum: MAX_YEAR,
    description: 'Incident year, four digits. Never matches a case of datePrecision unknown.',
    example: 2004,
  })
  @IsOptional()
  @Transform(integer(/^\d{4}$/))
  // Elasticsearch's strict_date reads only four-digit years: 0999 would reach it as `999-01-01`.
  @Min(MIN_YEAR, { message: YEAR_MESSAGE })
  @Max(MAX_YEAR, { message: YEAR_MESSAGE })
  @IsInt({ message: YEAR_MESSAGE })
  year?: number;

  @DateBound(
    'dateFrom',
    'Incidents on or after the start of this year, month or day (YYYY, YYYY-MM or YYYY-MM-DD). Never matches a case of datePrecision unknown.',
    '1947',
  )
  dateFrom?: string;

  @DateBound(
    'dateTo',
    'Incidents on or before the end of this year, month or day (YYYY, YYYY-MM or YYYY-MM-DD). Never matches a case of datePrecision unknown.',
    '1952-12',
  )
  dateTo?: string;

  @ApiPropertyOptional({
    type: 'string',
    description:
      'Only cases placed inside this box: minLng,minLat,maxLng,maxLat in degrees. minLng above maxLng is a box across the antimeridian. Cases of precision unknown are never inside.',
    example: '-125,24,-66,50',
  })
  @IsOptional()
  @Parses(parseBbox, BBOX_MESSAGE)
  @IsString(once('bbox'))
  bbox?: string;

  @ApiPropertyOptional({
    type: 'string',
    description:
      'A point lat,lng in degrees: keeps only cases placed on a map (never precision unknown); with radiusKm, only those that close; enables sort=distance.',
    example: '38.9,-77.04',
  })
  @IsOptional()
  @Parses(parsePoint, NEAR_MESSAGE)
  @IsString(once('near'))
  near?: string;

  @ApiPropertyOptional({
    type: 'number',
    minimum: 0,
    maximum: MAX_RADIUS_KM,
    description: 'With near: at most this many kilometres (above 0) from it.',
    example: 300,
  })
  @IsOptional()
  @Max(MAX_RADIUS_KM, { message: RADIUS_MESSAGE })
  @Min(MIN_RADIUS_KM, { message: RADIUS_MESSAGE })
  @Transform(({ value }) => (typeof value === 'string' && /^\d+(?:\.\d+)?$/.test(value.trim()) ? Number(value.trim()) : value))
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: RADIUS_MESSAGE })
  radiusKm?: number;

  @ApiPropertyOptional({
    maxLength: MAX_KEYWORD_LENGTH,
    description:
      'Plain-text keywords in both languages over titles, place names and summaries, then (lower) detail, specs and sources; ' +
      "cases with every word first, misspellings and a last word still being typed forgiven (see each hit's match, and suggestion). Trimmed; no query syntax.",
  })
  @IsOptional()
  @Transform(trim)
  @MaxLength(MAX_KEYWORD_LENGTH, { message: `q must be at most ${MAX_KEYWORD_LENGTH} characters` })
  @IsString(once('q'))
  q?: string;

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
}

/**
 * The query string of GET /api/cases: the filters, plus what to show of the matches and in
 * which order, and paging.
 */
export class CaseListQueryDto extends CaseFilterQueryDto {
  @ApiPropertyOptional({
    enum: CASE_SORTS,
    description:
      'relevance (the default with q; without q it is newest), newest (the default without q), oldest, or distance (from near, which it needs). Ties go newest first, then by id. Cases of datePrecision unknown come after every dated case in newest and oldest alike (and among equal scores or distances), by id.',
  })
  @IsOptional()
  @IsIn(CASE_SORTS, { message: `sort must be one of: ${CASE_SORTS.join(', ')}` })
  @IsString(once('sort'))
  sort?: string;

  @ApiPropertyOptional({
    type: 'string',
    description: `Trim each summary to these fields, comma-separated: ${CASE_LIST_FIELDS.join(', ')}. id is always included; match only with q.`,
    example: 'id,title,date',
  })
  @IsOptional()
  @ItemsOf('fields', CASE_LIST_FIELDS, 'fields')
  @Transform(eachItem())
  @IsString(once('fields'))
  fields?: string;

  @ApiPropertyOptional({
    type: 'string',
    description: `Count every matching case by these, comma-separated: ${CASE_FACETS.join(', ')}. The response gains facets: {name: {value: count}}.`,
    example: 'type,decade',
  })
  @IsOptional()
  @ItemsOf('facets', CASE_FACETS, 'facets')
  @Transform(eachItem())
  @IsString(once('facets'))
  facets?: string;

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: 'With q: true adds to each listed case a highlight object (field path to fragments, matches in <em>, text HTML-escaped).',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'highlight must be true or false' })
  @IsString(once('highlight'))
  highlight?: string;

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
