import { NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiProblem, type ApiError } from '../errors/api-error';
import { isServedPath } from '../routes/api-routes';

export const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/** A write method on a path the service serves: 405, naming the methods it takes in `Allow`. */
export class MethodNotAllowed extends ApiProblem {
  constructor(
    private readonly method: string,
    private readonly path: string,
  ) {
    super('Method not allowed');
    this.headers.Allow = ALLOWED_METHODS.join(', ');
  }

  toApiError(): ApiError {
    return {
      status: 405,
      code: 'method_not_allowed',
      message: `${this.method} is not allowed on ${this.path}; this API is read-only (allowed: ${ALLOWED_METHODS.join(', ')})`,
    };
  }
}

/**
 * The archive is read-only. A write method on a known path is refused here, before routing,
 * with 405 and an `Allow` header, so clients learn the method (not the path) was wrong.
 */
export function rejectWriteMethod(request: FastifyRequest): MethodNotAllowed | NotFoundException | undefined {
  if (ALLOWED_METHODS.includes(request.method)) return undefined;
  const path = request.url.split('?')[0];
  // Refused before the body is read: no body can matter to a write this service refuses anyway
  // (else a bad Content-Type would be a 415, a bad JSON body a 400).
  return isServedPath(path) ? new MethodNotAllowed(request.method, path) : new NotFoundException();
}
