import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_CONTROL } from '../response/cache-control';
import { DocumentLlmsTxt } from './llms.openapi';
import { LlmsService } from './llms.service';

export const LLMS_CONTENT_TYPE = 'text/plain; charset=utf-8';

/**
 * Plain-text guides for language models (llmstxt.org). Sent here, not returned, because every
 * returned body is wrapped in the JSON envelope; like the Atom feed they count against the quota
 * and carry the api's Cache-Control, and their ETag lets a repeat cost a 304.
 */
@Controller()
export class LlmsController {
  constructor(private readonly llms: LlmsService) {}

  @Get('llms.txt')
  @DocumentLlmsTxt('getLlmsTxt', 'A guide to this api for language models and agents (llmstxt.org)')
  short(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send(request, reply, false);
  }

  @Get('llms-full.txt')
  @DocumentLlmsTxt('getLlmsFullTxt', 'The same guide with every parameter of every endpoint')
  full(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send(request, reply, true);
  }

  private async send(request: FastifyRequest, reply: FastifyReply, full: boolean): Promise<void> {
    const body = this.llms.render(`${request.protocol}://${request.host}`, full);
    await reply.header('Content-Type', LLMS_CONTENT_TYPE).header('Cache-Control', CACHE_CONTROL).header('ETag', body.etag).send(body.identity);
  }
}
