import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

/**
 * Writes the request's one JSON line, from a Fastify hook: the fields pino-http wrote (requestId,
 * req, res, durationMs) plus the route pattern and the X-Cache result, through the logger's own
 * `info` or `error`. This runs on every request, cache hits and 304s included, so it takes no
 * child logger and no Nest middleware; the logger's destination (the batched stdout writer) keeps
 * the write itself cheap.
 */
export function logRequest(
  logger: Logger,
  request: FastifyRequest,
  reply: FastifyReply | null,
  /** The route pattern, when the caller has read it already (Fastify builds routeOptions anew on each read). */
  route: string | undefined = request.routeOptions.url,
): void {
  const status = reply ? reply.statusCode : null;
  const failed = status === null || status >= 500;
  if (!logger.isLevelEnabled(failed ? 'error' : 'info')) return;
  const cache = reply?.getHeader('x-cache');
  const id = request.id;
  const line = {
    requestId: id,
    req: { id, method: request.method, url: request.url },
    res: { statusCode: status },
    durationMs: reply ? Math.round(reply.elapsedTime) : null,
    route: route ?? null,
    cache: typeof cache === 'string' ? cache.toLowerCase() : null,
  };
  // No reply: the client closed the connection before the response was sent.
  if (!reply) logger.error(line, 'request aborted');
  else if (failed) logger.error(line, 'request errored');
  else logger.info(line, 'request completed');
}
