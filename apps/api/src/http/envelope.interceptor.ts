import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mergeMap, Observable } from 'rxjs';
import { CachedReply } from './cached-reply';
import { ResponseCache } from './response-cache';
import { ResponseEnvelope } from './response-envelope';

/**
 * Controllers return bare payloads; every body leaves wrapped in the envelope. Cached replies
 * already hold enveloped bytes and streams carry their own format: both go out as they are.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(
    private readonly envelope: ResponseEnvelope,
    private readonly responses: ResponseCache,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler<object>): Observable<unknown> {
    return next.handle().pipe(
      mergeMap(async (body) => {
        if (body instanceof CachedReply) {
          const http = context.switchToHttp();
          const request = http.getRequest<FastifyRequest>();
          this.responses.rememberUrl(request.url, body);
          return body.writeTo(request, http.getResponse<FastifyReply>());
        }
        if (body instanceof StreamableFile) return this.stream(body, context);
        return this.envelope.wrap(body);
      }),
    );
  }

  private stream(file: StreamableFile, context: ExecutionContext): StreamableFile | string {
    const http = context.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    reply.header('link', this.envelope.licenseLink);
    if (http.getRequest<FastifyRequest>().method !== 'HEAD') return file;
    // Fastify would read a HEAD's stream to its end only to discard it: stop it here instead.
    file.getStream().destroy();
    reply.header('content-type', file.getHeaders().type);
    return '';
  }
}
