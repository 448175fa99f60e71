import { applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { InvalidParameterResponseDto } from '../errors/error.dto';
import { commonErrors, ok, REQUEST_ID } from '../openapi/api-responses';
import { SuggestResponseDto } from './suggest.dto';

/** For GET /api/suggest. */
export const DocumentSuggest = () =>
  applyDecorators(
    ApiTags('cases'),
    ApiOperation({
      operationId: 'suggest',
      summary: 'Case titles and place names that complete the text typed so far',
      description:
        'Up to limit completions, in English (every typed word as the start of a word: "Rendlesham Fo") or Chinese ' +
        '(any two or more characters of a title or place name; Traditional input accepted), each with its case id and the language matched.',
    }),
    ok(SuggestResponseDto, 'The suggestions.'),
    ApiResponse({
      status: 400,
      description: 'q is missing, empty or too long, or limit is not 1-10; error.parameters names each one.',
      type: InvalidParameterResponseDto,
      headers: REQUEST_ID,
    }),
    commonErrors(),
  );
