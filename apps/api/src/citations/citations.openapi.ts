import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiParam, ApiProduces, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { CASE_ID_FORMAT } from '@app/cases';
import { NotFoundResponseDto } from '../errors/error.dto';
import { commonErrors, invalidParameters, QUOTA_HEADERS, REQUEST_ID } from '../openapi/api-responses';
import { BIBTEX_MEDIA_TYPE, CSL_JSON_MEDIA_TYPE, RIS_MEDIA_TYPE } from '../response/content-types';
import { CITATION_FORMATS } from './citation.builder';
import { CslItemDto } from './citation.dto';

/** One 200 with a body per format: the format parameter picks which. */
const citation = (what: string) =>
  applyDecorators(
    ApiExtraModels(CslItemDto),
    ApiProduces(CSL_JSON_MEDIA_TYPE, BIBTEX_MEDIA_TYPE, RIS_MEDIA_TYPE),
    ApiResponse({
      status: 200,
      description: `The citation of ${what}, in the format asked for (format=${CITATION_FORMATS.join('|')}).`,
      content: {
        [CSL_JSON_MEDIA_TYPE]: { schema: { type: 'array', items: { $ref: getSchemaPath(CslItemDto) }, minItems: 1, maxItems: 1 } },
        [BIBTEX_MEDIA_TYPE]: { schema: { type: 'string' } },
        [RIS_MEDIA_TYPE]: { schema: { type: 'string' } },
      },
      headers: { ...REQUEST_ID, ...QUOTA_HEADERS },
    }),
  );

const WHAT_IT_SAYS =
  "Names the agency (author), the title, the government's URL, the archive's stable URL and the date retrieved (accessed, today in UTC); " +
  'made by citation-js from one CSL-JSON item, so csl-json, bibtex and ris say the same.';

export const DocumentCaseCitation = () =>
  applyDecorators(
    ApiTags('cases'),
    ApiOperation({ operationId: 'citeCase', summary: 'Cite one case record in BibTeX, CSL-JSON or RIS', description: WHAT_IT_SAYS }),
    ApiParam({ name: 'id', description: 'The case id, a lowercase slug.', schema: { type: 'string', pattern: CASE_ID_FORMAT.source } }),
    citation('the case'),
    invalidParameters('format is not one of the formats.'),
    ApiResponse({ status: 404, description: 'No case has this id (case_not_found).', type: NotFoundResponseDto, headers: REQUEST_ID }),
    commonErrors(),
  );

export const DocumentDocumentCitation = () =>
  applyDecorators(
    ApiTags('documents'),
    ApiOperation({
      operationId: 'citeDocument',
      summary: 'Cite a page of a government file, or the whole file, in BibTeX, CSL-JSON or RIS',
      description: `${WHAT_IT_SAYS} With page, the page; without, the whole document and its page count.`,
    }),
    ApiParam({ name: 'id', description: 'The document id (lower case).', schema: { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]*$' } }),
    citation('the document or page'),
    invalidParameters('format is not one of the formats, or page is not a positive integer.'),
    ApiResponse({
      status: 404,
      description: 'No document has this id (document_not_found), or the document has fewer pages (page_not_found, with pageCount).',
      type: NotFoundResponseDto,
      headers: REQUEST_ID,
    }),
    commonErrors(),
  );
