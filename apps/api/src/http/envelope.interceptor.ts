import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mergeMap, Observable } from 'rxjs';
import { CachedReply } from './cached-reply';
import { ResponseEnvelope } from './response-envelope';

/**
 * Controllers return bare payloads; every body leaves wrapped in the envelope. Cached replies
 * already hold enveloped bytes and streams carry their own format: both go out as they are.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly envelope: ResponseEnvelope) {}

  intercept(context: ExecutionContext, next: CallHandler<object>): Observable<object> {
    return next.handle().pipe(
      mergeMap(async (body) => {
        if (body instanceof CachedReply) {
          const http = context.switchToHttp();
          return body.writeTo(http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
        }
        if (body instanceof StreamableFile) return body;
        return this.envelope.wrap(body);
      }),
    );
  }
}
