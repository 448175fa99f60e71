import { constants as zlibConstants } from 'node:zlib';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler, RouteOptions } from 'fastify';
import type { Environment } from '@app/config';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import { closeAfterUpgradeRequest, CORS_EXPOSED_HEADERS, EarlyErrors, refuseMalformedPath, requireHostHeader } from './client-errors/client-errors';
import { serveExplorer } from './explorer/explorer-static';
import { LlmsService } from './llms/llms.service';
import { PinoNestLogger } from './logging/pino-nest.logger';
import { echoRequestId } from './logging/request-id';
import { RequestLog } from './logging/request-log';
import { MetricsService } from './metrics/metrics.service';
import { setupOpenApi } from './openapi/openapi.document';
import { serveOnlySwaggerUiFiles, SWAGGER_UI_PATH } from './openapi/swagger-ui-files';
import { hideOperationsEndpoint } from './operations/operations-exposure';
import { registerQuota } from './quota/quota.plugin';
import { ALLOWED_METHODS, rejectWriteMethod } from './read-only/read-only-routes';
import { BROTLI_QUALITY, COMPRESSION_THRESHOLD, CONTENT_ENCODINGS, GZIP_LEVEL } from './response/cached-body';
import { answerNotModified } from './response/conditional-get';
import { COMPRESSIBLE_CONTENT_TYPES } from './response/content-types';
import { ResponseCache } from './response/response-cache';
import type { ResponseEnvelope } from './response/response-envelope';
import { EXPORT_ROUTE } from './routes/api-routes';
import { addSecurityHeaders } from './security-headers/security-headers';
import { createQueryValidationPipe } from './validation/query-validation.pipe';

/** What the steps are installed on. */
export interface PipelineTarget {
  app: NestFastifyApplication;
  fastify: FastifyInstance;
  env: Environment;
  envelope: ResponseEnvelope;
}

/** One registration on the api's HTTP pipeline: what it is, and how it is installed. */
interface PipelineStep {
  name: string;
  install(target: PipelineTarget): void | Promise<void>;
}

/**
 * One per-request duty of an onRequest stage, a plain function: it may set reply headers, and
 * returns the error to answer the request with (through the exception filter, in the envelope),
 * or nothing to let the request go on.
 */
export type RequestDuty = (request: FastifyRequest, reply: FastifyReply) => Error | undefined;

/**
 * One onRequest hook that runs `duties` in the order listed; the first error ends the request.
 * A callback hook, synchronous: every request passes here, cache hits and 304s included, and an
 * async hook would cost a promise each time.
 */
export function runInOrder(duties: readonly RequestDuty[]): onRequestHookHandler {
  return (request, reply, done) => {
    for (const duty of duties) {
      const error = duty(request, reply);
      if (error) return done(error);
    }
    done();
  };
}

/** The request id and security headers first, so that whatever answers a request (CORS's preflight included) carries them. */
const FIRST_DUTIES: readonly RequestDuty[] = [echoRequestId, addSecurityHeaders, closeAfterUpgradeRequest];

/** The refusals, after CORS so that their 400, 404 or 405 carries the CORS fields too. */
function refusals(env: Environment): readonly RequestDuty[] {
  return [refuseMalformedPath, requireHostHeader, rejectWriteMethod, ...(env.EXPOSE_OPERATIONS === 'true' ? [] : [hideOperationsEndpoint])];
}

/** Adds `hook` to the `stage` hooks of every route declared from here on whose URL `scoped` takes, after the route's own. */
function addRouteHook<S extends 'onRequest' | 'onSend'>(
  fastify: FastifyInstance,
  scoped: (url: string) => boolean,
  stage: S,
  hook: RouteOptions[S],
): void {
  fastify.addHook('onRoute', (route: RouteOptions) => {
    if (scoped(route.url)) route[stage] = [route[stage] ?? [], hook].flat() as RouteOptions[S];
  });
}

/**
 * Every hook, plugin and listener of the api's HTTP pipeline, in the order it is installed.
 * Fastify runs the hooks of one kind (onRequest, preHandler, onSend, onResponse) in the order
 * they were added, so this list is also the order a request meets them; the api's own duties of
 * one stage share one hook that runs them in the order they are listed here. A request meets:
 * onRequest: FIRST_DUTIES, CORS, the refusals, then on Swagger UI's routes its files check and
 * on Nest's routes the quota count;
 * preHandler: the cached-hit fast path; preSerialization: the reply writer; onSend: 304, then
 * compression (@fastify/compress adds its hook to each route, after the global ones); onResponse:
 * the request's log line, then its metrics.
 */
export const HTTP_PIPELINE: readonly PipelineStep[] = [
  // Nest's own lines through pino (they wait for it: bufferLogs in createApiApp).
  { name: 'Nest logs through pino', install: ({ app }) => app.useLogger(app.get(PinoNestLogger)) },
  { name: 'query validation', install: ({ app }) => void app.useGlobalPipes(createQueryValidationPipe()) },
  // Listeners on the HTTP server, for what Node answers before Fastify sees a request.
  {
    name: 'early errors',
    install: ({ app, envelope }) => {
      const earlyErrors = new EarlyErrors(envelope);
      earlyErrors.answerParseErrors(app.getHttpServer());
      earlyErrors.answerUnmetExpectations(app.getHttpServer());
    },
  },
  { name: 'request id and security headers', install: ({ fastify }) => void fastify.addHook('onRequest', runInOrder(FIRST_DUTIES)) },
  // @fastify/cors on Fastify itself, not through app.enableCors(): Nest's wrapper also copies every
  // reply header onto the raw response on each request, for Nest middleware, which the api has none of.
  {
    name: 'CORS',
    install: async ({ app }) => {
      await app.register(cors, {
        origin: '*',
        methods: ALLOWED_METHODS,
        // A bare OPTIONS (no preflight headers) still gets a plain 204 rather than an error.
        strictPreflight: false,
        maxAge: 86_400,
        exposedHeaders: CORS_EXPOSED_HEADERS,
      });
    },
  },
  { name: 'refusals', install: ({ fastify, env }) => void fastify.addHook('onRequest', runInOrder(refusals(env))) },
  // preSerialization: a cached reply as its bytes.
  { name: 'reply writer', install: ({ app, fastify }) => void fastify.addHook('preSerialization', app.get(ResponseCache).writeReply) },
  // onSend: compresses what the byte cache did not (errors, the export stream); cached bodies
  // arrive already encoded. The api takes no request bodies, so it decompresses none.
  {
    name: 'compression',
    install: async ({ app }) => {
      await app.register(compress, {
        encodings: CONTENT_ENCODINGS.filter((encoding) => encoding !== 'identity'),
        threshold: COMPRESSION_THRESHOLD,
        customTypes: COMPRESSIBLE_CONTENT_TYPES,
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
        zlibOptions: { level: GZIP_LEVEL },
        globalDecompression: false,
      });
    },
  },
  // onSend: global, so on each route before the hook @fastify/compress adds to it; a 304 leaves it nothing to compress.
  { name: '304 Not Modified', install: ({ fastify }) => void fastify.addHook('onSend', answerNotModified) },
  // onSend, on the export's route alone (Nest declares its routes later, at init): its NDJSON
  // carries no envelope, so a link to the license instead; no other reply pays for it.
  {
    name: 'export license link',
    install: ({ fastify, envelope }) => {
      const licenseLink: onSendHookHandler = (_request, reply, payload, done) => {
        reply.header('link', envelope.licenseLink);
        done(null, payload);
      };
      addRouteHook(fastify, (url) => url === EXPORT_ROUTE, 'onSend', licenseLink);
    },
  },
  // preHandler: after every onRequest duty (CORS, quota, request id), before Nest's routing and validation.
  { name: 'cached-hit fast path', install: ({ app, fastify }) => void fastify.addHook('preHandler', app.get(ResponseCache).serveHit) },
  { name: 'explorer', install: ({ app }) => serveExplorer(app) },
  // onRequest on Swagger UI's routes alone (declared by the OpenAPI document step), before the quota
  // count so that a refused file is not counted; no other request pays for the check.
  {
    name: 'Swagger UI files',
    install: ({ fastify }) => addRouteHook(fastify, (url) => url.startsWith(SWAGGER_UI_PATH), 'onRequest', runInOrder([serveOnlySwaggerUiFiles])),
  },
  // onRoute: adds its onRequest hook to every route declared from here on (Nest declares its routes at init).
  { name: 'quota', install: ({ app }) => registerQuota(app) },
  // onResponse: the request's log line and its metrics; the log line also when the client left first.
  {
    name: 'request log and metrics',
    install: ({ app, fastify }) => {
      const requestLog = app.get(RequestLog);
      const { requests } = app.get(MetricsService);
      fastify.addHook('onResponse', (request, reply, done) => {
        // Read once for both: Fastify builds routeOptions anew on each read.
        const route = request.routeOptions.url;
        requestLog.write(request, reply, route);
        requests.recordReply(request, reply, route);
        done();
      });
      fastify.addHook('onRequestAbort', (request, done) => {
        requestLog.write(request, null);
        done();
      });
    },
  },
  { name: 'OpenAPI document', install: ({ app }) => app.get(LlmsService).describe(setupOpenApi(app)) },
];

/** Installs HTTP_PIPELINE, step by step, in its order. */
export async function installHttpPipeline(target: PipelineTarget): Promise<void> {
  for (const step of HTTP_PIPELINE) await step.install(target);
}
