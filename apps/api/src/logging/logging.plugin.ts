import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { LOGGED_CACHE, LOGGED_ROUTE } from './http-log.options';

/**
 * Routes Nest's own logging through pino, returns the request id as X-Request-Id, and hands the
 * route pattern and the X-Cache result to the request's log line (written when the response finishes).
 */
export function registerRequestLogging(app: NestFastifyApplication): void {
  app.useLogger(app.get(Logger));
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  fastify.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw as typeof request.raw & { [LOGGED_ROUTE]?: string; [LOGGED_CACHE]?: string };
    raw[LOGGED_ROUTE] = request.routeOptions.url;
    const cache = reply.getHeader('x-cache');
    if (typeof cache === 'string') raw[LOGGED_CACHE] = cache.toLowerCase();
    return payload;
  });
}
