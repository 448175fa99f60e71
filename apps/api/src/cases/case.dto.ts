import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CASE_ID_FORMAT, CASE_TYPES, CREDIBILITY_LEVELS, NO_COUNTRY, TRANCHE_FORMAT, type CaseType, type Credibility } from '@app/cases';
import { EnvelopeDto } from '../http/envelope.dto';

/**
 * The response shapes of the case endpoints, as classes so the OpenAPI document is generated from
 * them. Fields other helpers add (precision, addedAt/updatedAt, revisions, highlight, nextCursor) are
 * described as optional until every branch is merged.
 */
export class LocalizedTextDto {
  @ApiProperty({ description: 'Simplified Chinese.' }) zh: string;
  @ApiProperty({ description: 'English.' }) en: string;
}

export const LOCATION_PRECISION_VALUES = ['site', 'locality', 'region', 'area', 'unknown'];

export class CaseLocationDto {
  @ApiProperty({ type: LocalizedTextDto }) name: LocalizedTextDto;
  @ApiProperty({ pattern: '^[A-Z]{2}$', description: `ISO 3166-1 alpha-2 code, or ${NO_COUNTRY} when no single country applies.`, example: 'US' })
  country: string;
  @ApiProperty({ type: 'number', nullable: true, minimum: -90, maximum: 90, description: 'Null exactly when the record gives no place on Earth.' })
  lat: number | null;
  @ApiProperty({ type: 'number', nullable: true, minimum: -180, maximum: 180, description: 'Null exactly when the record gives no place on Earth.' })
  lng: number | null;
  @ApiPropertyOptional({ enum: LOCATION_PRECISION_VALUES, description: 'How exactly the coordinates place the event.' })
  precision?: string;
}

export class CaseSummaryDto {
  @ApiProperty({ pattern: CASE_ID_FORMAT.source, example: '1947-roswell-debris-recovery' }) id: string;
  @ApiProperty({ format: 'date', description: 'Incident date, YYYY-MM-DD.' }) date: string;
  @ApiProperty({ type: LocalizedTextDto }) dateDisplay: LocalizedTextDto;
  @ApiProperty({ type: LocalizedTextDto }) title: LocalizedTextDto;
  @ApiProperty({ type: CaseLocationDto }) location: CaseLocationDto;
  @ApiProperty({ enum: CASE_TYPES, enumName: 'CaseType' }) type: CaseType;
  @ApiProperty({ enum: CREDIBILITY_LEVELS, enumName: 'Credibility' }) credibility: Credibility;
  @ApiProperty({ pattern: TRANCHE_FORMAT.source, description: 'pre-disclosure, or PURSUE-<n> for the n-th PURSUE release.', example: 'PURSUE-1' })
  tranche: string;
  @ApiProperty() hasVideo: boolean;
  @ApiProperty({ type: LocalizedTextDto }) summary: LocalizedTextDto;
  @ApiPropertyOptional({ format: 'date', description: 'When the archive first published this case.' }) addedAt?: string;
  @ApiPropertyOptional({ format: 'date', description: 'When the record last changed.' }) updatedAt?: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    description: 'With highlight=true: field path -> matching fragments.',
  })
  highlight?: Record<string, string[]>;
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
  @ApiPropertyOptional({ type: [CaseRevisionDto], description: 'Changes since the record was added, oldest first.' }) revisions?: CaseRevisionDto[];
}

export class CaseListResponseDto extends EnvelopeDto {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Cases in this page (the length of cases).' }) count: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Cases matching the filters, before paging.' }) total: number;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 500, description: 'The page size applied (a larger request is clamped to 500).' })
  limit: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) offset: number;
  @ApiProperty({ type: [CaseSummaryDto] }) cases: CaseSummaryDto[];
  @ApiPropertyOptional({ type: 'string', nullable: true, description: 'Pass as cursor for the next page; null on the last page.' })
  nextCursor?: string | null;
}

export class CaseResponseDto extends EnvelopeDto {
  @ApiProperty({ type: CaseRecordDto }) case: CaseRecordDto;
}
