import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { API_LOGGER } from './logging.module';
import { PinoNestLogger } from './pino-nest.logger';
import { logRequest } from './request-log';

/**
 * Routes Nest's own logging through pino, returns the request id as X-Request-Id, and writes each
 * request's line when its response has gone (or the client went away first). Callback-style hooks:
 * an async hook costs a promise per request on a path every cache hit takes.
 */
export function registerRequestLogging(app: NestFastifyApplication): void {
  app.useLogger(app.get(PinoNestLogger));
  const logger = app.get<Logger>(API_LOGGER);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    logRequest(logger, request, reply);
    done();
  });
  fastify.addHook('onRequestAbort', (request, done) => {
    logRequest(logger, request, null);
    done();
  });
}
