import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateBy, type ValidationArguments } from 'class-validator';
import { CASE_ID_FORMAT, MAX_CURSOR_LENGTH, MAX_KEYWORD_LENGTH } from '@app/cases';
import { COLLECTIONS, DEFAULT_DOCUMENT_LIMIT, DOCUMENT_RESULT_WINDOW, FACET_FIELDS, MAX_DOCUMENT_LIMIT } from '@app/documents';

export const DOCUMENT_COLLECTIONS = Object.keys(COLLECTIONS);
export const DOCUMENT_KINDS = ['document', 'transcript'] as const;
export const DOCUMENT_COLLAPSES = ['copies'] as const;
const DATE = /^\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)?$/;
const DATE_MESSAGE = (name: string) => `${name} must be a date as YYYY, YYYY-MM or YYYY-MM-DD`;

/** A day that exists (2020-02-31 does not; Elasticsearch would refuse it). */
function isRealDate(value: unknown): boolean {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const [year, month = 1, day = 1] = value.split('-').map(Number);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}
const IsRealDate = (name: string) => ValidateBy({ name: 'isRealDate', validator: { validate: isRealDate } }, { message: DATE_MESSAGE(name) });

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const integer = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value);
const items = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .join(',')
    : value;
// Listed last so it runs first: a repeated parameter arrives as an array.
const once = (name: string) => ({ message: `${name} must be given once` });

/** Every comma-separated item one of `allowed`; the message names the ones that are not. */
function ItemsOf(name: string, allowed: readonly string[]) {
  return ValidateBy(
    {
      name: `${name}Items`,
      validator: { validate: (value: unknown) => typeof value === 'string' && value.split(',').every((item) => allowed.includes(item)) },
    },
    {
      message: ({ value }: ValidationArguments) => {
        const unknown = typeof value === 'string' ? value.split(',').filter((item) => !allowed.includes(item)) : [];
        return `${name} has unknown values: ${unknown.map((item) => item || '(empty)').join(', ')}; choose from ${allowed.join(', ')}`;
      },
    },
  );
}

/** The query string of GET /api/documents. Every message names the parameter and what it accepts. */
export class DocumentListQueryDto {
  @ApiPropertyOptional({
    maxLength: MAX_KEYWORD_LENGTH,
    description: 'Words to find in the pages; "quoted words" must match as a phrase. Misread words (OCR) are found too, ranked below clean matches.',
    example: 'Lubbock lights',
  })
  @IsOptional()
  @Transform(trim)
  @MaxLength(MAX_KEYWORD_LENGTH, { message: `q must be at most ${MAX_KEYWORD_LENGTH} characters` })
  @IsString(once('q'))
  q?: string;

  @ApiPropertyOptional({
    type: 'string',
    description: `Collections, comma-separated: ${DOCUMENT_COLLECTIONS.join(', ')}.`,
    example: 'national-archives-uap-bulk',
  })
  @IsOptional()
  @ItemsOf('collection', DOCUMENT_COLLECTIONS)
  @Transform(items)
  @IsString(once('collection'))
  collection?: string;

  @ApiPropertyOptional({ type: 'string', pattern: '^\\d{1,2}(,\\d{1,2})*$', description: 'PURSUE release numbers, comma-separated.', example: '1,2' })
  @IsOptional()
  @Matches(/^\d{1,2}(,\d{1,2})*$/, { message: 'release must be PURSUE release numbers, comma-separated, e.g. 1,2' })
  @Transform(items)
  @IsString(once('release'))
  release?: string;

  @ApiPropertyOptional({ maxLength: 100, description: 'The agency, exactly as the documents name it.', example: 'Federal Bureau of Investigation' })
  @IsOptional()
  @Transform(trim)
  @MaxLength(100, { message: 'agency must be at most 100 characters' })
  @IsString(once('agency'))
  agency?: string;

  @ApiPropertyOptional({ pattern: CASE_ID_FORMAT.source, description: 'Only documents this case cites.', example: '1952-lubbock-lights' })
  @IsOptional()
  @Matches(CASE_ID_FORMAT, { message: 'caseId must be a case id (a lowercase slug)' })
  @MaxLength(200, { message: 'caseId must be at most 200 characters' })
  @IsString(once('caseId'))
  caseId?: string;

  @ApiPropertyOptional({
    pattern: DATE.source,
    description: 'Documents dated on or after (YYYY, YYYY-MM or YYYY-MM-DD); undated documents are left out.',
    example: '1950',
  })
  @IsOptional()
  @IsRealDate('dateFrom')
  @IsString(once('dateFrom'))
  dateFrom?: string;

  @ApiPropertyOptional({ pattern: DATE.source, description: 'Documents dated on or before.', example: '1969-12-31' })
  @IsOptional()
  @IsRealDate('dateTo')
  @IsString(once('dateTo'))
  dateTo?: string;

  @ApiPropertyOptional({ enum: DOCUMENT_KINDS, description: 'document (a paged file) or transcript (a video speech-to-text).' })
  @IsOptional()
  @IsIn(DOCUMENT_KINDS, { message: `kind must be one of ${DOCUMENT_KINDS.join(', ')}` })
  @IsString(once('kind'))
  kind?: (typeof DOCUMENT_KINDS)[number];

  @ApiPropertyOptional({
    type: 'string',
    description: `Count matching documents by these, comma-separated: ${FACET_FIELDS.join(', ')}.`,
    example: 'collection,kind',
  })
  @IsOptional()
  @ItemsOf('facets', FACET_FIELDS)
  @Transform(items)
  @IsString(once('facets'))
  facets?: string;

  @ApiPropertyOptional({
    enum: DOCUMENT_COLLAPSES,
    description:
      "copies (with q): a document whose best matching page is a copy of a page of a document ranked above it (the same memo in another file) is left out and named in that document's otherCopies, so a search lists the memo once; total then counts the documents listed.",
  })
  @IsOptional()
  @IsIn(DOCUMENT_COLLAPSES, { message: `collapse must be ${DOCUMENT_COLLAPSES.join(', ')}` })
  @IsString(once('collapse'))
  collapse?: (typeof DOCUMENT_COLLAPSES)[number];

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_DOCUMENT_LIMIT,
    default: DEFAULT_DOCUMENT_LIMIT,
    description: 'Documents per page.',
  })
  @IsOptional()
  @Transform(integer)
  @Max(MAX_DOCUMENT_LIMIT, { message: `limit must be an integer from 1 to ${MAX_DOCUMENT_LIMIT}` })
  @Min(1, { message: `limit must be an integer from 1 to ${MAX_DOCUMENT_LIMIT}` })
  @IsInt({ message: `limit must be an integer from 1 to ${MAX_DOCUMENT_LIMIT}` })
  limit?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    default: 0,
    description: `Documents to skip; offset + limit may not exceed ${DOCUMENT_RESULT_WINDOW}.`,
  })
  @IsOptional()
  @Transform(integer)
  @Max(DOCUMENT_RESULT_WINDOW - 1, { message: `offset must be an integer from 0 to ${DOCUMENT_RESULT_WINDOW - 1}` })
  @Min(0, { message: `offset must be an integer from 0 to ${DOCUMENT_RESULT_WINDOW - 1}` })
  @IsInt({ message: `offset must be an integer from 0 to ${DOCUMENT_RESULT_WINDOW - 1}` })
  offset?: number;

  @ApiPropertyOptional({
    maxLength: MAX_CURSOR_LENGTH,
    description:
      "The nextCursor of a previous page, to continue the walk; repeat that request's filters and q with it. Not with offset. Without q a walk goes past the result window.",
  })
  @IsOptional()
  @MaxLength(MAX_CURSOR_LENGTH, { message: 'cursor is not a cursor this API issued; pass the nextCursor of a previous page' })
  @IsString(once('cursor'))
  cursor?: string;
}

/** The query string of GET /api/documents/{id}/pages/{n}. */
export class DocumentPageQueryDto {
  @ApiPropertyOptional({ maxLength: MAX_KEYWORD_LENGTH, description: 'Words to mark in the page text (highlighted).', example: 'lights' })
  @IsOptional()
  @Transform(trim)
  @MaxLength(MAX_KEYWORD_LENGTH, { message: `q must be at most ${MAX_KEYWORD_LENGTH} characters` })
  @IsString(once('q'))
  q?: string;
}
