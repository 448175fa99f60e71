import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ArchiveUnavailableError, CaseNotFoundError } from '@app/search';
import { ApiError, ApiProblem, InvalidParametersError } from './api-error';
import { ResponseEnvelope } from '../response/response-envelope';
import { isStaticFileError, RangeNotSatisfiable } from './static-file-errors';
import { ARCHIVE_ROUTES } from '../routes/api-routes';

/** Seconds a client should wait before retrying while Elasticsearch is unavailable. */
export const RETRY_AFTER_SECONDS = 30;

/**
 * The single place errors become responses. Clients only ever see our own messages: no stack
 * traces and no Elasticsearch text. Unexpected errors are logged with an id the body repeats.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  constructor(private readonly envelope: ResponseEnvelope) {}

  catch(thrown: unknown, host: ArgumentsHost): void {
    const exception = fromStaticFiles(thrown);
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const error = this.describe(exception, request);

    if (exception instanceof ApiProblem) reply.headers(exception.headers);
    if (error.status === HttpStatus.SERVICE_UNAVAILABLE) reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    reply.header('Cache-Control', 'no-store');
    void reply.status(error.status).send(this.envelope.error(error));
  }

  private describe(exception: unknown, request: FastifyRequest): ApiError {
    if (exception instanceof ApiProblem) return exception.toApiError();
    if (exception instanceof InvalidParametersError) {
      return {
        status: HttpStatus.BAD_REQUEST,
        code: 'invalid_parameter',
        message: exception.message,
        parameters: exception.problems,
      };
    }
    if (exception instanceof CaseNotFoundError) {
      return { status: HttpStatus.NOT_FOUND, code: 'case_not_found', message: exception.message, id: exception.caseId };
    }
    if (exception instanceof ArchiveUnavailableError) {
      this.logger.warn(`${exception.message}: ${String((exception.cause as Error | undefined)?.message ?? '')}`);
      return {
        status: HttpStatus.SERVICE_UNAVAILABLE,
        code: 'service_unavailable',
        message: `The archive is temporarily unavailable; retry in ${RETRY_AFTER_SECONDS} seconds.`,
      };
    }
    if (exception instanceof HttpException && exception.getStatus() === HttpStatus.NOT_FOUND) {
      return {
        status: HttpStatus.NOT_FOUND,
        code: 'not_found',
        message: `No resource at ${request.method} ${request.url.split('?')[0]}. Endpoints: ${ARCHIVE_ROUTES.join(', ')}.`,
      };
    }
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      const status = exception.getStatus();
      return { status, code: httpCode(status), message: exception.message };
    }

    // The request id: the response's X-Request-Id and the request's log line carry it too.
    const errorId = String(request.id);
    // The id goes on the line itself: request lines are written from a Fastify hook, not a per-request child logger.
    this.logger.error({ requestId: errorId, err: exception }, `Unexpected error ${errorId} on ${request.method} ${request.url}`);
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      code: 'internal_error',
      message: 'An unexpected error occurred; it has been logged.',
      errorId,
    };
  }
}

/**
 * What @fastify/send refuses while serving the explorer or Swagger UI, as the answer it stands for:
 * a Range outside the file is a 416 (with the file's size); any path it will not serve (`..`, a
 * dotfile) names no resource, so it is the usual 404 rather than a 403 that hints at a file.
 */
function fromStaticFiles(exception: unknown): unknown {
  if (!isStaticFileError(exception)) return exception;
  if (exception.status === HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE) return new RangeNotSatisfiable(exception.headers?.['Content-Range']);
  return new NotFoundException();
}

function httpCode(status: number): string {
  return (HttpStatus[status] ?? 'error').toLowerCase();
}
