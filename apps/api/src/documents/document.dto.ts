import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EnvelopeDto } from '../response/envelope.dto';

/** Said in every document body (house style 24): the text is machine-made, the government's file is the record. */
export const MACHINE_TEXT_NOTICE =
  "The text of these government files was made by machine (OCR, the PDF's own text layer, or speech-to-text) and may contain errors; " +
  "the government's own file, linked as governmentUrl, is the record.";
/** Added to the notice when the server indexes no documents. */
export const EMPTY_ARCHIVE_NOTICE = 'No government documents are indexed on this server (the operator has not set DOCUMENTS_DIR).';

const ID_EXAMPLE = 'nara-28929264';

export class DocumentFactsDto {
  @ApiProperty({
    description: "Stable id: a war.gov file's name, nara-<NAID>, <collection>-<file name>, or a video transcript's file name.",
    example: ID_EXAMPLE,
  })
  id: string;
  @ApiProperty({ enum: ['document', 'transcript'] }) kind: 'document' | 'transcript';
  @ApiProperty({
    description: "From war.gov's manifest, a Blue Book record card, or the collection and file name.",
    example: 'Project Blue Book record card: 25 August 1951, Lubbock, Texas',
  })
  title: string;
  @ApiProperty({ example: 'national-archives-uap-bulk' }) collection: string;
  @ApiPropertyOptional({ type: 'integer', description: 'The PURSUE release, for war.gov files and videos.' }) release?: number;
  @ApiProperty({ example: 'US Air Force (Project Blue Book)' }) agency: string;
  @ApiPropertyOptional({ description: 'YYYY, YYYY-MM or YYYY-MM-DD, where known.', example: '1951-08-25' }) date?: string;
  @ApiProperty({ type: 'integer' }) pageCount: number;
  @ApiProperty({ type: [String], description: 'The cases whose sources cite this file.' }) caseIds: string[];
  @ApiProperty({ format: 'uri', description: "The government's own page or file for it." }) governmentUrl: string;
  @ApiProperty({ description: 'The source file, as the corpus names it.' }) sourceFile: string;
  @ApiPropertyOptional({ description: "SHA-256 of the government's file, where known." }) sha256?: string;
  @ApiPropertyOptional({ type: 'integer', description: "Size of the government's file in bytes, where known." }) bytes?: number;
  @ApiProperty({ enum: ['ocr', 'embedded-text', 'speech-to-text'], description: 'How the text was made.' }) textMethod: string;
  @ApiPropertyOptional({ description: 'The OCR engine or speech-to-text model.' }) engine?: string;
}

export class MatchingPageDto {
  @ApiProperty({ type: 'integer', minimum: 1 }) page: number;
  @ApiProperty({ description: 'The text around the match, HTML-escaped, the matched words in <mark>.' }) snippet: string;
  @ApiPropertyOptional({ type: 'integer', description: 'For a transcript: where in the video this page starts, in ms.' }) startMs?: number;
}

export class FoldedCopyDto {
  @ApiProperty({ example: 'fbi-vault-ufo-ufo-part-13' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'Its best matching page.' }) page: number;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'The page of the listed document that it copies.' }) copyOf: number;
}

export class DocumentHitDto extends DocumentFactsDto {
  @ApiProperty({ type: [MatchingPageDto], maxItems: 3, description: 'Its best matching pages (empty without q).' }) pages: MatchingPageDto[];
  @ApiPropertyOptional({
    type: [FoldedCopyDto],
    description: 'With collapse=copies: the documents left out of the list because their best page copies a page of this one.',
  })
  otherCopies?: FoldedCopyDto[];
}

export class DocumentListResponseDto extends EnvelopeDto {
  @ApiProperty({ description: MACHINE_TEXT_NOTICE }) notice: string;
  @ApiProperty({ description: 'Whether this server indexes any documents (DOCUMENTS_DIR).' }) indexed: boolean;
  @ApiPropertyOptional({
    description:
      "For a Chinese q: the English searched for, word by word through the archive's bilingual glossary (Chinese it has no entry for is left out).",
    example: 'blue book project lubbock',
  })
  searchedFor?: string;
  @ApiProperty({ type: 'integer' }) count: number;
  @ApiProperty({ type: 'integer', description: 'Matching documents (with collapse=copies, those listed once copies are folded).' }) total: number;
  @ApiProperty({ type: 'integer', description: 'Matching pages.' }) totalPages: number;
  @ApiProperty({ type: 'integer' }) limit: number;
  @ApiProperty({ type: 'integer' }) offset: number;
  @ApiProperty({ type: [DocumentHitDto], description: 'Ranked by their best page with q; by id without.' }) documents: DocumentHitDto[];
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Pass as cursor (with the same q and filters) for the next page; null on the last page.',
  })
  nextCursor: string | null;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'object', additionalProperties: { type: 'integer' } },
    description: 'Facet name -> value -> matching documents.',
  })
  facets?: Record<string, Record<string, number>>;
}

export class PageInfoDto {
  @ApiProperty({ type: 'integer', minimum: 1 }) page: number;
  @ApiProperty({ type: 'integer', description: 'Characters of text.' }) length: number;
  @ApiProperty({ description: 'Whether OCR or speech-to-text found any text on it.' }) hasText: boolean;
}

export class LinkedCaseDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'The case in this api.' }) url: string;
}

export class DuplicatedDocumentDto {
  @ApiProperty({ example: 'fbi-vault-ufo-ufo-part-14' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty({ type: 'integer', description: "How many of this document's pages have a copy in that one." }) pages: number;
  @ApiProperty({ minimum: 0, maximum: 1, description: "Those pages' share of this document's pages (two decimals)." }) share: number;
  @ApiProperty({ description: 'That document in this api.' }) url: string;
}

export class DocumentDetailDto extends DocumentFactsDto {
  @ApiProperty({ type: [PageInfoDto] }) pages: PageInfoDto[];
  @ApiProperty({ type: [LinkedCaseDto], description: 'The cases that cite this document.' }) cases: LinkedCaseDto[];
  @ApiProperty({
    type: [DuplicatedDocumentDto],
    description:
      'The documents this one largely duplicates: those holding copies of half its pages or more (found by machine; see docs/documents.md), most first.',
  })
  duplicates: DuplicatedDocumentDto[];
}

export class DocumentResponseDto extends EnvelopeDto {
  @ApiProperty({ description: MACHINE_TEXT_NOTICE }) notice: string;
  @ApiProperty({ type: DocumentDetailDto }) document: DocumentDetailDto;
}

export class PageDocumentDto {
  @ApiProperty() id: string;
  @ApiProperty() title: string;
  @ApiProperty({ type: 'integer' }) pageCount: number;
  @ApiProperty({ format: 'uri' }) governmentUrl: string;
  @ApiProperty({ enum: ['ocr', 'embedded-text', 'speech-to-text'] }) textMethod: string;
}

export class PageCopyDto {
  @ApiProperty({ example: 'fbi-vault-ufo-ufo-part-13' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty({ type: 'integer', minimum: 1 }) page: number;
  @ApiProperty({
    minimum: 0,
    maximum: 1,
    description: "How alike the two pages' text is (estimated Jaccard similarity of their word shingles, two decimals).",
  })
  similarity: number;
  @ApiProperty({ description: 'That page in this api.' }) url: string;
}

export class DocumentPageResponseDto extends EnvelopeDto {
  @ApiProperty({ description: MACHINE_TEXT_NOTICE }) notice: string;
  @ApiProperty({ type: PageDocumentDto }) document: PageDocumentDto;
  @ApiProperty({ type: 'integer', minimum: 1 }) page: number;
  @ApiProperty({ description: 'The page text as the machine read it.' }) text: string;
  @ApiPropertyOptional({ description: 'With q: the whole text, HTML-escaped, the matches in <mark> (absent when nothing on the page matches).' })
  highlighted?: string;
  @ApiPropertyOptional({ type: 'integer', description: 'For a transcript: where in the video this page starts, in ms.' }) startMs?: number;
  @ApiPropertyOptional({ description: "The corpus's note on the page (e.g. OCR timed out)." }) note?: string;
  @ApiProperty({
    type: [PageCopyDto],
    description: 'Other copies of this page in other documents (the same memo filed elsewhere), found by machine, most alike first.',
  })
  copies: PageCopyDto[];
  @ApiProperty({ type: 'integer', nullable: true, description: 'The previous page, or null on the first.' }) previous: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The next page, or null on the last.' }) next: number | null;
}
