import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Options } from 'pino-http';
import { requestIdOf } from './request-id';

/** Set on the raw request by registerRequestLogging before the response leaves, read when its line is written. */
export const LOGGED_ROUTE = Symbol('loggedRoute');
export const LOGGED_CACHE = Symbol('loggedCache');

type LoggedRequest = IncomingMessage & { [LOGGED_ROUTE]?: string; [LOGGED_CACHE]?: string };

/** The request's line: route pattern and cache result next to what pino-http records (status, duration, id). */
function requestOutcome(req: IncomingMessage, _res: ServerResponse, fields: object): object {
  const request = req as LoggedRequest;
  return { ...fields, route: request[LOGGED_ROUTE] ?? null, cache: request[LOGGED_CACHE] ?? null };
}

/**
 * pino-http's settings. Headers are not logged at all: they may carry API keys. `quietReqLogger`
 * makes log lines written during a request carry just its id, not the whole request again.
 */
export function httpLogOptions(level: string): Options {
  return {
    level,
    genReqId: (req) => requestIdOf(req),
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessObject: requestOutcome,
    customErrorObject: (req, res, _error, fields) => requestOutcome(req, res, fields),
  };
}
