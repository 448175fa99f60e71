import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblem, type ApiError } from '../errors/api-error';
import type { ResponseEnvelope } from '../response/response-envelope';
import { requestIdOf } from '../logging/request-id';
import { SECURITY_HEADERS } from '../security-headers/security-headers';
import { JSON_CONTENT_TYPE } from '../response/content-types';

/** Response headers browsers may show to scripts: quota state and the request id are for clients. */
export const CORS_EXPOSED_HEADERS = ['RateLimit-Policy', 'RateLimit', 'Retry-After', 'X-Request-Id'];

/**
 * The headers of an error answered before Fastify's hooks run (so without the ones they set):
 * the same request id, CORS and security fields as any other response, never cached.
 */
export function earlyErrorHeaders(requestId: string): Record<string, string> {
  return {
    'x-request-id': requestId,
    'access-control-allow-origin': '*',
    'access-control-expose-headers': CORS_EXPOSED_HEADERS.join(', '),
    ...SECURITY_HEADERS,
    'cache-control': 'no-store',
    'content-type': JSON_CONTENT_TYPE,
  };
}

/** What Node's parser refused, as the status and code the client gets. */
function describeParseError(error: NodeJS.ErrnoException): ApiError {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, code: 'headers_too_large', message: 'The request line and headers must fit in 16 KB together.' };
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, code: 'request_timeout', message: 'The request was not received in time.' };
  }
  return { status: 400, code: 'malformed_request', message: 'The request is not well-formed HTTP/1.1 (e.g. an unknown method or a bad header).' };
}

/**
 * Every error the server answers outside Nest's exception filter, in the same envelope and with the
 * same headers: what Node's HTTP parser refuses, an Expect it cannot meet, a path that is not valid
 * percent-encoding.
 */
export class EarlyErrors {
  constructor(private readonly envelope: ResponseEnvelope) {}

  private error(error: ApiError): string {
    return JSON.stringify(this.envelope.error(error));
  }

  /**
   * Replaces Fastify's clientError listener. After a parse error Node reads nothing more from the
   * socket, so the answer says `Connection: close` and the socket is closed once it is written.
   */
  answerParseErrors(server: Server): void {
    server.removeAllListeners('clientError');
    server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
      if (error.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
      }
      const problem = describeParseError(error);
      const body = this.error(problem);
      const status = problem.status;
      const headers = { ...earlyErrorHeaders(randomUUID()), 'content-length': String(Buffer.byteLength(body)), connection: 'close' };
      const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
    });
  }

  /**
   * Node answers an Expect other than 100-continue itself, with an empty 417, unless someone
   * listens for it: this answers the same 417 in the envelope.
   */
  answerUnmetExpectations(server: Server): void {
    server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
      const body = this.error({ status: 417, code: 'expectation_failed', message: 'The only Expect this server meets is 100-continue.' });
      response.writeHead(417, { ...earlyErrorHeaders(requestIdOf(request)), 'content-length': String(Buffer.byteLength(body)) }).end(body);
    });
  }

  /** Fastify's frameworkErrors option: a path that is not valid percent-encoded UTF-8, found before routing. */
  answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
    const body = this.envelope.error({
      status: 400,
      code: 'malformed_request',
      message: MALFORMED_PATH_MESSAGE,
    });
    void reply
      .code(400)
      .headers(earlyErrorHeaders(String(request.id)))
      .send(body);
  }
}

/**
 * Node stops reading a connection after a request that asks to Upgrade (it expects the protocol to
 * change), but this server never switches protocols and answers such a request as plain HTTP/1.1
 * (RFC 9110 7.8 lets it ignore Upgrade). Closing the connection after that answer, and saying so,
 * keeps later requests on the socket from waiting for an answer that can never come.
 */
export function closeAfterUpgradeRequest(request: FastifyRequest, reply: FastifyReply): undefined {
  if (request.headers.upgrade !== undefined) reply.header('connection', 'close');
  return undefined;
}

/** An HTTP/1.1 request without Host (RFC 9112 3.2 requires a 400), answered in the envelope; the connection is then closed, as Node would. */
export class MissingHostHeader extends ApiProblem {
  constructor() {
    super('Missing Host header');
    this.headers.Connection = 'close';
  }

  toApiError(): ApiError {
    return { status: 400, code: 'malformed_request', message: 'An HTTP/1.1 request must carry a Host header.' };
  }
}

/**
 * Node answers a missing Host with a bare 400 of its own unless told not to (requireHostHeader:
 * false, set in createApiApp); this gives the same 400 through the one error path instead.
 */
export function requireHostHeader(request: FastifyRequest): MissingHostHeader | undefined {
  const raw = request.raw;
  return raw.httpVersionMajor === 1 && raw.httpVersionMinor === 1 && raw.headers.host === undefined ? new MissingHostHeader() : undefined;
}

/** An absolute-form request target's scheme and authority (RFC 9112 3.2.2), in any letter case. */
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/**
 * Every request target as a path. The router only reads paths (and lower-case `http://` targets);
 * anything else (`*`, `HTTP://host/x`) fell to a fallback that ran no hooks and answered without a
 * request id or CORS. An absolute-form target names its path after the authority, which a server
 * must accept; any other becomes an ordinary path, so the usual 404.
 */
export function requestTargetAsPath(url: string): string {
  if (url.charCodeAt(0) === 47) return url; // '/': origin-form, nearly every request
  const absolute = ABSOLUTE_FORM.exec(url);
  if (absolute) return `/${url.slice(absolute[0].length).replace(/^\/+/, '')}`;
  return `/${url}`;
}

/** Whether a path (before any `?`) is valid percent-encoded UTF-8, as the router must decode it. */
export function isDecodablePath(url: string): boolean {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (!path.includes('%')) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

const MALFORMED_PATH = Symbol('malformedPath');

/**
 * Fastify's rewriteUrl. A path that cannot be decoded is routed as `/` and marked, and
 * refuseMalformedPath answers it: the router only reports such a path (frameworkErrors) for a
 * method some route takes; for any other method it fell to the fallback without hooks.
 */
export function rewriteRequestTarget(request: IncomingMessage): string {
  const url = requestTargetAsPath(request.url ?? '/');
  if (isDecodablePath(url)) return url;
  (request as IncomingMessage & { [MALFORMED_PATH]?: true })[MALFORMED_PATH] = true;
  return '/';
}

/** A path that is not valid percent-encoded UTF-8: 400 in the envelope. */
export class MalformedPath extends ApiProblem {
  constructor() {
    super('Malformed path');
  }

  toApiError(): ApiError {
    return { status: 400, code: 'malformed_request', message: MALFORMED_PATH_MESSAGE };
  }
}

const MALFORMED_PATH_MESSAGE = 'The path is not valid percent-encoded UTF-8.';

/** Refuses the paths rewriteRequestTarget marked. */
export function refuseMalformedPath(request: FastifyRequest): MalformedPath | undefined {
  return (request.raw as IncomingMessage & { [MALFORMED_PATH]?: true })[MALFORMED_PATH] ? new MalformedPath() : undefined;
}
