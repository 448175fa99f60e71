import { ApiProperty } from '@nestjs/swagger';
import { CASE_TYPES, SPEC_TRANCHES } from '@app/cases';
import type { CaseStats } from '@app/search';
import { countsSchema as counts } from '../cases/case.dto';
import { EnvelopeDto } from '../response/envelope.dto';

export class YearRangeDto {
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Earliest incident year of a dated case (datePrecision not unknown); null when there is none.',
  })
  from: number | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Latest incident year of a dated case (datePrecision not unknown); null when there is none.',
  })
  to: number | null;
}

/** The statistics as the search layer computes them (CaseStats), documented; `implements` keeps the two in step. */
export class StatsResponseDto extends EnvelopeDto implements CaseStats {
  @ApiProperty({ type: 'integer', minimum: 0 }) total: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) withVideo: number;
  @ApiProperty({ type: YearRangeDto }) yearRange: YearRangeDto;
  @ApiProperty(counts(`Every type (${CASE_TYPES.join(', ')}), zeros included.`)) byType: Record<string, number>;
  @ApiProperty(counts(`The spec's tranches (${SPEC_TRANCHES.join(', ')}), zeros included, and every other tranche present.`))
  byTranche: Record<string, number>;
  @ApiProperty(counts('Country code -> cases.')) byCountry: Record<string, number>;
  @ApiProperty(
    counts('Incident year -> cases, oldest first; only years with a case. Cases of datePrecision unknown count in no year (but in total).'),
  )
  byYear: Record<string, number>;
  @ApiProperty({
    type: 'string',
    format: 'date',
    nullable: true,
    description: 'The newest updatedAt among the counted cases; null when there are none.',
  })
  lastUpdated: string | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', format: 'date' },
    description: 'The day each PURSUE tranche was published, e.g. {"PURSUE-1": "2026-05-08"}.',
  })
  releases: Record<string, string>;
}
