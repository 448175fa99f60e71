import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CaseListQueryDto } from '../cases/case-list-query.dto';
import { DocumentFeed } from './feed.openapi';
import { FeedService } from './feed.service';

@Controller('api/feed.atom')
export class FeedController {
  constructor(private readonly feed: FeedService) {}

  /**
   * The list's filters as an Atom feed. The reply is sent here, not returned: a returned cached
   * reply would also be remembered by URL for the fast path, and the feed's links depend on the
   * Host the request came to. Errors still leave through the JSON filter.
   */
  @Get()
  @DocumentFeed()
  async get(@Query() query: CaseListQueryDto, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const cached = await this.feed.render(query, { origin: `${request.protocol}://${request.host}`, search });
    await reply.send(await cached.writeNow(request, reply));
  }
}
