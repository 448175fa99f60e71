import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CaseListQueryDto } from '../cases/case-list-query.dto';
import { CACHE_CONTROL } from '../http/cache-control';
import { DocumentFeed } from '../openapi/api-docs.decorators';
import { ATOM_CONTENT_TYPE } from './atom-feed.builder';
import { FeedService } from './feed.service';

@Controller('api/feed.atom')
export class FeedController {
  constructor(private readonly feed: FeedService) {}

  /**
   * The list's filters as an Atom feed. The reply is sent here, not returned, because every
   * returned body is wrapped in the JSON envelope; errors still leave through the JSON filter.
   */
  @Get()
  @DocumentFeed()
  async get(@Query() query: CaseListQueryDto, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const xml = await this.feed.render(query, { origin: `${request.protocol}://${request.host}`, search });
    await reply.header('Content-Type', ATOM_CONTENT_TYPE).header('Cache-Control', CACHE_CONTROL).send(xml);
  }
}
