import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An incoming X-Request-Id is kept only when it is short plain text, so it can be logged and echoed safely. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;
const REQUEST_ID = Symbol('requestId');

type WithRequestId = IncomingMessage & { [REQUEST_ID]?: string };

/**
 * The one id of a request: the caller's X-Request-Id when sane, otherwise a new UUID. Fastify
 * (request.id, the 500's errorId, the log line) asks here once per request.
 */
export function requestIdOf(raw: IncomingMessage): string {
  const request = raw as WithRequestId;
  if (request[REQUEST_ID]) return request[REQUEST_ID];
  const incoming = request.headers['x-request-id'];
  const id = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  request[REQUEST_ID] = id;
  return id;
}

/** Returns the request's id as X-Request-Id, on every answer (see HTTP_PIPELINE). */
export function echoRequestId(request: FastifyRequest, reply: FastifyReply): undefined {
  reply.header('X-Request-Id', request.id);
  return undefined;
}
