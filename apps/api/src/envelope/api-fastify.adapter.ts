import { StreamableFile } from '@nestjs/common';
import type { Server } from 'node:http';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyHttpOptions } from 'fastify';
import { CachedReply } from '../response-cache/cached-reply';
import type { ResponseCache } from '../response-cache/response-cache';
import type { ResponseEnvelope } from './response-envelope';

type Reply = FastifyAdapter['reply'] extends (response: infer R, ...rest: never[]) => unknown ? Extract<R, { request: unknown }> : never;

/** What the adapter needs from the app once it exists (no request arrives sooner). */
export interface ReplyParts {
  envelope: ResponseEnvelope;
  responses: ResponseCache;
}

/**
 * The one step every handler's result takes on its way out, done where Nest hands it to Fastify
 * rather than in interceptors: Nest runs each interceptor through rxjs with an AsyncResource
 * per request, which cost a cache miss about as much as its validation. Cached endpoints return
 * a CachedReply, sent as its stored bytes (ResponseCache.send also teaches the fast path the URL);
 * streams (the export) carry their own format plus a license link; any other body leaves wrapped
 * in the envelope. Errors never come here: ApiExceptionFilter sends them itself.
 */
export class ApiFastifyAdapter extends FastifyAdapter {
  private parts?: ReplyParts;

  constructor(
    options: FastifyHttpOptions<Server>,
    private readonly resolveParts: () => ReplyParts,
  ) {
    super(options);
  }

  override reply(response: Reply, body: unknown, statusCode?: number): Reply {
    const { envelope, responses } = (this.parts ??= this.resolveParts());
    if (body instanceof CachedReply) {
      const bytes = responses.send(response.request, response, body);
      if (Buffer.isBuffer(bytes)) return super.reply(response, bytes, statusCode);
      // Nest awaits what reply() returns, so a failed compression still reaches the exception filter.
      return bytes.then((ready) => super.reply(response, ready, statusCode)) as unknown as Reply;
    }
    if (Buffer.isBuffer(body)) return super.reply(response, body, statusCode);
    if (body instanceof StreamableFile) {
      response.header('link', envelope.licenseLink);
      if (response.request.method !== 'HEAD') return super.reply(response, body, statusCode);
      // Fastify would read a HEAD's stream to its end only to discard it: stop it here instead.
      body.getStream().destroy();
      response.header('content-type', body.getHeaders().type);
      return super.reply(response, '', statusCode);
    }
    return super.reply(response, envelope.wrap(body as object), statusCode);
  }
}
