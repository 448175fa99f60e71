import type { FastifyReply, FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';

const INFO = 30;
const ERROR = 50;
const CACHE_RESULTS: Record<string, string> = { HIT: '"hit"', MISS: '"miss"', STALE: '"stale"' };
/** The parts of a pino logger its own write path uses (pino.symbols): the time field, the bindings (pid, hostname) and the destination. */
interface PinoInternals {
  [pino.symbols.timeSym]: () => string;
  [pino.symbols.chindingsSym]: string;
  [pino.symbols.streamSym]: { write(line: string): unknown };
}
/** Route patterns as JSON strings, made once per route (a handful), not once per request. */
const routeJson = new Map<string | undefined, string>([[undefined, 'null']]);

/**
 * Writes the request's one JSON line, from a Fastify hook: the fields pino-http wrote (requestId,
 * req, res, durationMs) plus the route pattern and the X-Cache result. This runs on every request,
 * cache hits and 304s included, so the line is formatted here as one string, byte for byte what
 * `logger.info(line, msg)` would write (level, time and the logger's bindings first, msg last), and
 * handed to the logger's destination, the batched stdout writer, in one write: no object for pino
 * to walk and serialise, no child logger, no Nest middleware. Only the URL is escaped: the request
 * id is either a UUID or matched a plain-text pattern (request-id.ts), the method is an HTTP token,
 * the status a number.
 */
export function logRequest(logger: Logger, request: FastifyRequest, reply: FastifyReply | null): void {
  const status = reply ? reply.statusCode : null;
  const failed = status === null || status >= 500;
  const level = failed ? ERROR : INFO;
  if (logger.levelVal > level) return;
  const cache = reply?.getHeader('x-cache');
  const route = request.routeOptions.url;
  let routeField = routeJson.get(route);
  if (routeField === undefined) {
    routeField = JSON.stringify(route);
    routeJson.set(route, routeField);
  }
  // No reply: the client closed the connection before the response was sent.
  const msg = !reply ? 'request aborted' : failed ? 'request errored' : 'request completed';
  const id = request.id;
  const internals = logger as unknown as PinoInternals;
  const line =
    `{"level":${level}${internals[pino.symbols.timeSym]()}${internals[pino.symbols.chindingsSym]},"requestId":"${id}",` +
    `"req":{"id":"${id}","method":"${request.method}","url":${JSON.stringify(request.url)}},"res":{"statusCode":${status}},` +
    `"durationMs":${reply ? Math.round(reply.elapsedTime) : null},"route":${routeField},` +
    `"cache":${typeof cache === 'string' ? (CACHE_RESULTS[cache] ?? JSON.stringify(cache.toLowerCase())) : null},"msg":"${msg}"}\n`;
  internals[pino.symbols.streamSym].write(line);
}
