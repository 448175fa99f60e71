import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

class CslDateDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'array', items: { type: 'integer' } },
    example: [[1951, 8, 25]],
    description: 'Year, month, day as far as known.',
  })
  'date-parts': number[][];
}

class CslNameDto {
  @ApiProperty({ description: 'The agency, as one name.', example: 'Federal Bureau of Investigation' }) literal: string;
}

/** One CSL-JSON item (https://github.com/citation-style-language/schema): what format=csl-json answers, in an array of one. */
export class CslItemDto {
  @ApiProperty({ example: 'nara-28929264-page-3', description: 'The document id (with -page-<n> for a page) or the case id.' }) id: string;
  @ApiProperty({ enum: ['document'] }) type: 'document';
  @ApiProperty({ description: "The file's title, or the case's English title." }) title: string;
  @ApiProperty({ type: [CslNameDto], description: 'The agency.' }) author: CslNameDto[];
  @ApiPropertyOptional({ type: CslDateDto, description: "The file's date, where known." }) issued?: CslDateDto;
  @ApiProperty({ type: CslDateDto, description: 'The day the citation was made (retrieved), UTC.' }) accessed: CslDateDto;
  @ApiPropertyOptional({ description: 'The page cited.', example: '3' }) page?: string;
  @ApiPropertyOptional({ description: 'Without a page: how many pages the document has (CSL writes numbers as text).', example: '12' })
  'number-of-pages'?: string;
  @ApiPropertyOptional({ description: 'The collection the file belongs to.', example: 'FBI Vault, UFO' }) 'collection-title'?: string;
  @ApiProperty({ description: "The archive's name (the operator's)." }) archive: string;
  @ApiProperty({ format: 'uri', description: "The archive's stable address for the case, document or page." }) URL: string;
  @ApiProperty({
    description: "The government's own address (the case's sources) and the date retrieved, in words; for a document, how its text was made.",
  })
  note: string;
  @ApiPropertyOptional({ example: 'en' }) language?: string;
}
