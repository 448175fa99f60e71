import { NotFoundException } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import type { ResponseEnvelope } from '../response/response-envelope';
import { isServedPath } from '../routes/api-routes';

export const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/**
 * The archive is read-only. A write method on a known path is answered here, before routing,
 * with 405 and an `Allow` header, so clients learn the method (not the path) was wrong.
 */
export function rejectWriteMethods(fastify: FastifyInstance, envelope: ResponseEnvelope): void {
  // A callback hook: every request passes here, and an async hook would cost a promise each time.
  fastify.addHook('onRequest', (request, reply, done) => {
    if (ALLOWED_METHODS.includes(request.method)) return done();
    const path = request.url.split('?')[0];
    // Answered before the body is read: no body can matter to a write this service refuses anyway
    // (else a bad Content-Type would be a 415, a bad JSON body a 400).
    if (!isServedPath(path)) return done(new NotFoundException());
    // Sending without calling done() ends the request here (Fastify's early response).
    reply
      .status(405)
      .header('Allow', ALLOWED_METHODS.join(', '))
      .header('Cache-Control', 'no-store')
      .send(
        envelope.error({
          status: 405,
          code: 'method_not_allowed',
          message: `${request.method} is not allowed on ${path}; this API is read-only (allowed: ${ALLOWED_METHODS.join(', ')})`,
        }),
      );
  });
}
