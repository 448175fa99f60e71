import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mergeMap, Observable } from 'rxjs';
import { CachedReply } from './cached-reply';
import { ResponseCache } from './response-cache';

/**
 * Sends what cached endpoints return (a CachedReply) as its stored bytes, through
 * ResponseCache.send, which also teaches the fast path the request's URL. Registered inside
 * EnvelopeInterceptor, which passes the bytes on as they are.
 */
@Injectable()
export class CachedReplyInterceptor implements NestInterceptor {
  constructor(private readonly responses: ResponseCache) {}

  intercept(context: ExecutionContext, next: CallHandler<unknown>): Observable<unknown> {
    return next.handle().pipe(
      mergeMap(async (body) => {
        if (!(body instanceof CachedReply)) return body;
        const http = context.switchToHttp();
        return this.responses.send(http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), body);
      }),
    );
  }
}
