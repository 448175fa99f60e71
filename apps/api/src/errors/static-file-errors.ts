import { ApiProblem, type ApiError } from './api-error';

/**
 * A client error of @fastify/static or @fastify/send (an http-errors object): the status it stands
 * for, as both `status` and `statusCode`, and its headers.
 */
export interface StaticFileError extends Error {
  status: number;
  statusCode: number;
  headers?: Record<string, string>;
}

/** Whether a thrown value is one of those (Nest's and Fastify's errors never carry both fields). */
export function isStaticFileError(error: unknown): error is StaticFileError {
  const candidate = error as Partial<StaticFileError> | null;
  return (
    error instanceof Error &&
    typeof candidate?.status === 'number' &&
    candidate.status === candidate.statusCode &&
    candidate.status >= 400 &&
    candidate.status < 500
  );
}

/** A Range that lies outside the file (RFC 9110 15.5.17): 416, saying the file's size in Content-Range. */
export class RangeNotSatisfiable extends ApiProblem {
  constructor(contentRange: string | undefined) {
    super('Range not satisfiable');
    if (contentRange) this.headers['Content-Range'] = contentRange;
  }

  toApiError(): ApiError {
    return {
      status: 416,
      code: 'range_not_satisfiable',
      message: 'The Range asked for lies outside the file; ask without Range for the whole file.',
    };
  }
}
