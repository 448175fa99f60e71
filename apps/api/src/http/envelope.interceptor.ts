import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { map, Observable } from 'rxjs';
import { ResponseEnvelope } from './response-envelope';

/** Controllers return bare payloads; every body leaves wrapped in the envelope. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly envelope: ResponseEnvelope) {}

  intercept(_context: ExecutionContext, next: CallHandler<object>): Observable<object> {
    return next.handle().pipe(map((body) => this.envelope.wrap(body)));
  }
}
