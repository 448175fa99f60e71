import { Injectable, StreamableFile, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mergeMap, type Observable } from 'rxjs';
import { CachedReply } from './cached-reply';
import { ResponseCache } from './response-cache';
import { ResponseEnvelope } from './response-envelope';

/**
 * The one step every handler's result takes on its way out. Cached endpoints return a
 * CachedReply, sent as its stored bytes (ResponseCache.send also teaches the fast path the URL);
 * streams (the export) carry their own format plus a license link; bytes, and handlers that
 * answer through the reply themselves (undefined), pass as they are; any other body leaves
 * wrapped in the envelope. A failed compression is thrown here, so it reaches the exception
 * filter like any error. Errors never come here: ApiExceptionFilter sends them itself.
 */
@Injectable()
export class ReplyInterceptor implements NestInterceptor {
  constructor(
    private readonly envelope: ResponseEnvelope,
    private readonly responses: ResponseCache,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    return next.handle().pipe(mergeMap(async (body: unknown) => this.payloadOf(request, reply, body)));
  }

  private payloadOf(request: FastifyRequest, reply: FastifyReply, body: unknown): unknown {
    if (body instanceof CachedReply) return this.responses.send(request, reply, body);
    if (body === undefined || Buffer.isBuffer(body)) return body;
    if (body instanceof StreamableFile) {
      reply.header('link', this.envelope.licenseLink);
      return body;
    }
    return this.envelope.wrap(body as object);
  }
}
