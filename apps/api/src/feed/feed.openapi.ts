import { applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { commonErrors, invalidParameters, QUOTA_HEADERS, REQUEST_ID } from '../openapi/api-responses';
import { ATOM_MEDIA_TYPE } from '../response/content-types';

/** For GET /api/feed.atom (RFC 4287 Atom, one entry per case). */
export const DocumentFeed = () =>
  applyDecorators(
    ApiTags('cases'),
    ApiOperation({
      operationId: 'getFeed',
      summary: "The archive's changes as an Atom feed",
      description:
        'One entry per case, newest change (updatedAt) first, at most limit entries; takes every list filter, so each filter set is a feed. ' +
        'Each entry links to the case in this API and carries its title and summary in English and Chinese (xml:lang).',
    }),
    ApiProduces(ATOM_MEDIA_TYPE),
    ApiResponse({
      status: 200,
      description: 'The feed.',
      content: { [ATOM_MEDIA_TYPE]: { schema: { type: 'string' } } },
      headers: { ...REQUEST_ID, ...QUOTA_HEADERS },
    }),
    invalidParameters('A parameter is invalid.'),
    commonErrors(),
  );
