import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import {
  CASE_ID_FORMAT,
  CASE_TYPES,
  CREDIBILITY_LEVELS,
  DATE_PRECISIONS,
  LOCATION_PRECISIONS,
  MAX_LIMIT,
  NO_COUNTRY,
  TRANCHE_FORMAT,
  type CaseType,
  type Credibility,
  type DatePrecision,
  type LocationPrecision,
} from '@app/cases';
import { EnvelopeDto } from '../response/envelope.dto';

/** The response shapes of the case endpoints, as classes so the OpenAPI document is generated from them. */
export class LocalizedTextDto {
  @ApiProperty({ description: 'Simplified Chinese.' }) zh: string;
  @ApiProperty({ description: 'English.' }) en: string;
}

export class CaseLocationDto {
  @ApiProperty({ type: LocalizedTextDto }) name: LocalizedTextDto;
  @ApiProperty({ pattern: '^[A-Z]{2}$', description: `ISO 3166-1 alpha-2 code, or ${NO_COUNTRY} when no single country applies.`, example: 'US' })
  country: string;
  @ApiProperty({ type: 'number', minimum: -90, maximum: 90, description: 'Latitude of the point; what it stands for is in precision.' })
  lat: number;
  @ApiProperty({ type: 'number', minimum: -180, maximum: 180, description: 'Longitude of the point; what it stands for is in precision.' })
  lng: number;
  @ApiProperty({
    enum: LOCATION_PRECISIONS,
    enumName: 'LocationPrecision',
    description:
      'What the point stands for: site (a named base, airport or landmark), locality (a town or near one), region (a state, country or named sea: its centre), area (several countries, a command area, an ocean: its centroid), unknown (in space, not released or disputed: the nominal point 0, 0, not a place).',
  })
  precision: LocationPrecision;
}

export class CaseSummaryDto {
  @ApiProperty({ pattern: CASE_ID_FORMAT.source, example: '1947-roswell-debris-recovery' }) id: string;
  @ApiProperty({
    format: 'date',
    description:
      'Incident date, YYYY-MM-DD, as precise as datePrecision says: a month or a year is stored as its first day (and sorts and filters as that day). With datePrecision unknown it is only the placeholder dateDisplay explains (e.g. the day the file was published): the orders, year, dateFrom, dateTo, the year facets and the stats never read it.',
  })
  date: string;
  @ApiProperty({
    enum: DATE_PRECISIONS,
    enumName: 'DatePrecision',
    description:
      'How precise date is: day; month (date is the first of the month); year (1 January); unknown (the records give no incident date: such cases sort after every dated case in newest and oldest alike, match no year, dateFrom or dateTo, and count in no year of the facets or stats, though in their totals).',
  })
  datePrecision: DatePrecision;
  @ApiProperty({ type: LocalizedTextDto }) dateDisplay: LocalizedTextDto;
  @ApiProperty({ type: LocalizedTextDto }) title: LocalizedTextDto;
  @ApiProperty({ type: CaseLocationDto }) location: CaseLocationDto;
  @ApiProperty({ enum: CASE_TYPES, enumName: 'CaseType' }) type: CaseType;
  @ApiProperty({ enum: CREDIBILITY_LEVELS, enumName: 'Credibility' }) credibility: Credibility;
  @ApiProperty({ pattern: TRANCHE_FORMAT.source, description: 'pre-disclosure, or PURSUE-<n> for the n-th PURSUE release.', example: 'PURSUE-1' })
  tranche: string;
  @ApiProperty() hasVideo: boolean;
  @ApiProperty({ type: LocalizedTextDto }) summary: LocalizedTextDto;
  @ApiProperty({ format: 'date', description: 'The day the case entered the archive (not the incident date).' }) addedAt: string;
  @ApiProperty({ format: 'date', description: 'The day the case content last changed.' }) updatedAt: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    description: 'With highlight=true: field path -> matching fragments.',
  })
  highlight?: Record<string, string[]>;
  @ApiPropertyOptional({
    enum: ['all', 'some'],
    description:
      'With q: all when every word of the query matched this case (as typed, misspelt, or as the start of a word), some when only some did.',
  })
  match?: 'all' | 'some';
}

export class CaseVideoDto {
  @ApiProperty({ enum: ['dvids'], description: 'The video host.' }) provider: string;
  @ApiProperty({ description: 'The id at DVIDS; the page is https://www.dvidshub.net/video/<dvidsId>.' }) dvidsId: string;
  @ApiProperty({ type: LocalizedTextDto }) caption: LocalizedTextDto;
}

export class CaseSpecDto {
  @ApiProperty({ type: LocalizedTextDto }) label: LocalizedTextDto;
  @ApiProperty({ type: LocalizedTextDto }) value: LocalizedTextDto;
}

export class CaseSourceDto {
  @ApiProperty() label: string;
  @ApiProperty({ format: 'uri' }) url: string;
}

export class CaseImageDto {
  @ApiProperty({ format: 'uri' }) url: string;
  @ApiProperty({ type: LocalizedTextDto }) caption: LocalizedTextDto;
  @ApiProperty() credit: string;
}

export class CaseRevisionDto {
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty({ type: LocalizedTextDto }) reason: LocalizedTextDto;
}

export class CaseRecordDto extends CaseSummaryDto {
  @ApiProperty({ type: LocalizedTextDto }) detail: LocalizedTextDto;
  @ApiProperty({ type: [CaseVideoDto] }) videos: CaseVideoDto[];
  @ApiProperty({ type: [CaseSpecDto] }) specs: CaseSpecDto[];
  @ApiProperty({ type: [CaseSourceDto] }) sources: CaseSourceDto[];
  @ApiProperty({ type: [CaseImageDto] }) images: CaseImageDto[];
  @ApiProperty({
    type: [String],
    description:
      'Ids of other cases that may be this same incident as told by another record (for example a mission report and a video of the same day and area, released apart). Links always go both ways; empty when there are none.',
  })
  relatedIds: string[];
  @ApiProperty({ type: [CaseRevisionDto], description: "The record's changes, newest first, ending with the day it was added." })
  revisions: CaseRevisionDto[];
}

/** A summary trimmed by `fields=`: only the fields asked for, and always the id. */
export class CaseSummarySelectionDto {
  @ApiProperty({ pattern: CASE_ID_FORMAT.source }) id: string;
  @ApiPropertyOptional({ format: 'date' }) date?: string;
  @ApiPropertyOptional({ enum: DATE_PRECISIONS, enumName: 'DatePrecision' }) datePrecision?: DatePrecision;
  @ApiPropertyOptional({ type: LocalizedTextDto }) dateDisplay?: LocalizedTextDto;
  @ApiPropertyOptional({ type: LocalizedTextDto }) title?: LocalizedTextDto;
  @ApiPropertyOptional({ type: CaseLocationDto }) location?: CaseLocationDto;
  @ApiPropertyOptional({ enum: CASE_TYPES, enumName: 'CaseType' }) type?: CaseType;
  @ApiPropertyOptional({ enum: CREDIBILITY_LEVELS, enumName: 'Credibility' }) credibility?: Credibility;
  @ApiPropertyOptional({ pattern: TRANCHE_FORMAT.source }) tranche?: string;
  @ApiPropertyOptional() hasVideo?: boolean;
  @ApiPropertyOptional({ type: LocalizedTextDto }) summary?: LocalizedTextDto;
  @ApiPropertyOptional({ format: 'date' }) addedAt?: string;
  @ApiPropertyOptional({ format: 'date' }) updatedAt?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }) highlight?: Record<string, string[]>;
  @ApiPropertyOptional({ enum: ['all', 'some'], description: 'With q and match among the fields: see CaseSummaryDto.match.' }) match?: 'all' | 'some';
}

/** A map of value -> count, as its schema. */
export const countsSchema = (description: string) =>
  ({ type: 'object', additionalProperties: { type: 'integer', minimum: 0 }, description }) as const;
const counts = countsSchema;

/** Each facet asked for with `facets=`, as value -> matching cases. */
export class CaseFacetsDto {
  @ApiPropertyOptional(counts(`Every type (${CASE_TYPES.join(', ')}), zeros included.`)) type?: Record<string, number>;
  @ApiPropertyOptional(counts(`Every credibility level (${CREDIBILITY_LEVELS.join(', ')}), zeros included.`)) credibility?: Record<string, number>;
  @ApiPropertyOptional(counts('Each tranche with a matching case, in release order.')) tranche?: Record<string, number>;
  @ApiPropertyOptional(counts('Each country code with a matching case.')) country?: Record<string, number>;
  @ApiPropertyOptional(counts(`Every location precision (${LOCATION_PRECISIONS.join(', ')}), zeros included.`)) precision?: Record<string, number>;
  @ApiPropertyOptional(counts('true and false, zeros included.')) hasVideo?: Record<string, number>;
  @ApiPropertyOptional(counts('Each incident year with a matching case (e.g. "1952"), oldest first; a case of datePrecision unknown counts in none.'))
  year?: Record<string, number>;
  @ApiPropertyOptional(
    counts('Each decade with a matching case, by its first year (e.g. "1950"), oldest first; a case of datePrecision unknown counts in none.'),
  )
  decade?: Record<string, number>;
}

@ApiExtraModels(CaseSummaryDto, CaseSummarySelectionDto)
export class CaseListResponseDto extends EnvelopeDto {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Cases in this page (the length of cases).' }) count: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Cases matching the filters, before paging.' }) total: number;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: MAX_LIMIT,
    description: `The page size applied (a larger request is clamped to ${MAX_LIMIT}).`,
  })
  limit: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) offset: number;
  @ApiProperty({
    type: 'array',
    items: { anyOf: [{ $ref: getSchemaPath(CaseSummaryDto) }, { $ref: getSchemaPath(CaseSummarySelectionDto) }] },
    description: 'Whole summaries; with fields=, each trimmed to those fields and its id.',
  })
  cases: (CaseSummaryDto | CaseSummarySelectionDto)[];
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Pass as cursor (with the same filters and sort) for the next page; null on the last page.',
  })
  nextCursor: string | null;
  @ApiPropertyOptional({ type: CaseFacetsDto, description: 'With facets=: counts over every matching case (not just this page).' })
  facets?: CaseFacetsDto;
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    description:
      'With q, on a first page: the query with the words the archive does not contain corrected (did you mean); where the typed words match no case in full, a bolder correction (two edits, doubled letters) when that one does; null when there is nothing to suggest.',
    example: 'roswell ufo crash',
  })
  suggestion?: string | null;
}

export class RelatedCasesResponseDto extends EnvelopeDto {
  @ApiProperty({ pattern: CASE_ID_FORMAT.source, description: 'The case they are related to.' }) id: string;
  @ApiProperty({ type: 'integer', minimum: 0 }) count: number;
  @ApiProperty({ type: [CaseSummaryDto], description: 'Most similar first; never the case itself.' }) cases: CaseSummaryDto[];
}

export class CaseDocumentDto {
  @ApiProperty({ description: 'The document id (GET /api/documents/{id}).', example: 'nara-28929264' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty({ type: [Number], description: "The pages the case's sources name (empty when they name none)." }) pages: number[];
}

export class CaseResponseDto extends EnvelopeDto {
  @ApiProperty({ type: CaseRecordDto }) case: CaseRecordDto;
  @ApiProperty({
    type: [CaseDocumentDto],
    description:
      "The government documents this case's sources cite, from the document archive (matched by war.gov file name, NAID or DVIDS id); empty when none is indexed.",
  })
  documents: CaseDocumentDto[];
}
