import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { CITATION_FORMATS, type CitationFormat, DEFAULT_CITATION_FORMAT } from './citation.builder';

const FORMAT_MESSAGE = `format must be one of ${CITATION_FORMATS.join(', ')}`;
/** As the page endpoint's path: at most nine digits, so a number is never rounded. */
const MAX_PAGE = 999_999_999;
const PAGE_MESSAGE = 'page must be a page number: a positive integer';
const integer = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value);

/** The query string of GET /api/cases/{id}/cite. */
export class CiteQueryDto {
  @ApiPropertyOptional({
    enum: CITATION_FORMATS,
    default: DEFAULT_CITATION_FORMAT,
    description: 'bibtex (application/x-bibtex), csl-json (application/vnd.citationstyles.csl+json) or ris (application/x-research-info-systems).',
  })
  @IsOptional()
  @IsIn(CITATION_FORMATS, { message: FORMAT_MESSAGE })
  @IsString({ message: `${FORMAT_MESSAGE}, given once` })
  format?: CitationFormat;
}

/** The query string of GET /api/documents/{id}/cite. */
export class DocumentCiteQueryDto extends CiteQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'The page to cite, from 1; without it, the whole document.', example: 1 })
  @IsOptional()
  @Transform(integer)
  @Max(MAX_PAGE, { message: PAGE_MESSAGE })
  @Min(1, { message: PAGE_MESSAGE })
  @IsInt({ message: PAGE_MESSAGE })
  page?: number;
}
