import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CiteQueryDto, DocumentCiteQueryDto } from './cite-query.dto';
import { DocumentCaseCitation, DocumentDocumentCitation } from './citations.openapi';
import { CitationsService } from './citations.service';

/**
 * The replies are sent here, not returned: a returned cached reply would be remembered by URL for
 * the fast path, and a citation's links depend on the Host the request came to (as the feed's).
 * Errors still leave through the JSON filter.
 */
@Controller('api')
export class CitationsController {
  constructor(private readonly citations: CitationsService) {}

  @Get('cases/:id/cite')
  @DocumentCaseCitation()
  async citeCase(@Param('id') id: string, @Query() query: CiteQueryDto, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await reply.send(await (await this.citations.citeCase(id, query, originOf(request))).writeNow(request, reply));
  }

  @Get('documents/:id/cite')
  @DocumentDocumentCitation()
  async citeDocument(
    @Param('id') id: string,
    @Query() query: DocumentCiteQueryDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await reply.send(await (await this.citations.citeDocument(id, query, originOf(request))).writeNow(request, reply));
  }
}

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
