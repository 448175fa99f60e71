import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DestinationStream, Logger } from 'pino';
import { LOG_BASE, LOG_TIME } from './http-log.options';

/** Route patterns and X-Cache results as JSON strings, made once each (a handful), not once per request. */
const asJson = new Map<string | undefined, string>([[undefined, 'null']]);
function jsonOf(text: string | undefined): string {
  let json = asJson.get(text);
  if (json === undefined) asJson.set(text, (json = JSON.stringify(text)));
  return json;
}

/** The bindings every line of the api's logger carries, as pino writes them after the time. */
const BINDINGS = `,"pid":${LOG_BASE.pid},"hostname":${JSON.stringify(LOG_BASE.hostname)}`;

/**
 * The request's one JSON line, written from a Fastify hook: the fields pino-http wrote (requestId,
 * req, res, durationMs) plus the route pattern and the X-Cache result.
 *
 * Every request writes one, cache hits and 304s included, and `logger.info(fields, msg)` walking
 * and serialising the fields was one of the larger costs of a 304 (docs/benchmarks.md). So when
 * the logger writes JSON to a destination of the api's own (the batched stdout writer, or a test's
 * stream), the line is formatted here as one string and handed to that destination: byte for byte
 * what pino writes (level, the time and the logger's bindings as pinoOptions sets them first, msg last;
 * request-log.spec.ts compares the two, so a pino upgrade that writes otherwise fails it). Only the
 * URL is escaped: the request id is either a UUID or matched a plain-text pattern (request-id.ts),
 * the method is an HTTP token, the status a number. Without such a destination (pretty lines at a
 * terminal) the line goes through `logger.info` / `logger.error`.
 */
export class RequestLog {
  constructor(
    private readonly logger: Logger,
    /** Where the logger writes JSON lines, when it is the api's own; undefined when pino formats them itself (pino-pretty). */
    private readonly destination: DestinationStream | undefined,
  ) {}

  write(
    request: FastifyRequest,
    reply: FastifyReply | null,
    /** The route pattern, when the caller has read it already (Fastify builds routeOptions anew on each read). */
    route: string | undefined = request.routeOptions.url,
  ): void {
    const status = reply ? reply.statusCode : null;
    const failed = status === null || status >= 500;
    const level = failed ? 'error' : 'info';
    if (!this.logger.isLevelEnabled(level)) return;
    const header = reply?.getHeader('x-cache');
    const cache = typeof header === 'string' ? header.toLowerCase() : null;
    const durationMs = reply ? Math.round(reply.elapsedTime) : null;
    // No reply: the client closed the connection before the response was sent.
    const msg = !reply ? 'request aborted' : failed ? 'request errored' : 'request completed';
    const id = request.id;
    if (!this.destination) {
      const fields = {
        requestId: id,
        req: { id, method: request.method, url: request.url },
        res: { statusCode: status },
        durationMs,
        route: route ?? null,
        cache,
      };
      this.logger[level](fields, msg);
      return;
    }
    this.destination.write(
      `{"level":${this.logger.levels.values[level]}${LOG_TIME()}${BINDINGS},"requestId":"${id}",` +
        `"req":{"id":"${id}","method":"${request.method}","url":${JSON.stringify(request.url)}},"res":{"statusCode":${status}},` +
        `"durationMs":${durationMs},"route":${jsonOf(route)},"cache":${cache === null ? 'null' : jsonOf(cache)},"msg":"${msg}"}\n`,
    );
  }
}
