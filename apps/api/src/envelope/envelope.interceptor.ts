import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, Observable } from 'rxjs';
import { ResponseEnvelope } from './response-envelope';

/**
 * Controllers return bare payloads; every body leaves wrapped in the envelope. Bytes (a cached
 * reply, already enveloped: see CachedReplyInterceptor) and streams, which carry their own
 * format, go out as they are.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly envelope: ResponseEnvelope) {}

  intercept(context: ExecutionContext, next: CallHandler<object>): Observable<unknown> {
    return next.handle().pipe(
      map((body) => {
        if (Buffer.isBuffer(body)) return body;
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
