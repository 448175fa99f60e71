import { constants as zlibConstants } from 'node:zlib';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import type { Environment } from '@app/config';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import { answerMalformedPaths, closeAfterUpgradeRequests, CORS_EXPOSED_HEADERS, EarlyErrors, requireHostHeader } from './client-errors/client-errors';
import { serveExplorer } from './explorer/explorer-static';
import { LlmsService } from './llms/llms.service';
import { registerRequestLogging } from './logging/logging.plugin';
import { registerMetrics } from './metrics/metrics.plugin';
import { setupOpenApi } from './openapi/openapi.document';
import { serveOnlySwaggerUiFiles } from './openapi/swagger-ui-files';
import { hideOperationsEndpoints } from './operations/operations-exposure';
import { registerQuota } from './quota/quota.plugin';
import { ALLOWED_METHODS, rejectWriteMethods } from './read-only/read-only-routes';
import { BROTLI_QUALITY, COMPRESSION_THRESHOLD, CONTENT_ENCODINGS, GZIP_LEVEL } from './response/cached-body';
import { serveCachedHits } from './response/cached-fast-path';
import { answerNotModified } from './response/conditional-get';
import { COMPRESSIBLE_CONTENT_TYPES } from './response/content-types';
import { ResponseCache } from './response/response-cache';
import { writeReplies } from './response/reply-writer';
import type { ResponseEnvelope } from './response/response-envelope';
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
 * Every hook, plugin and listener of the api's HTTP pipeline, in the order it is installed.
 * Fastify runs the hooks of one kind (onRequest, preHandler, onSend, onResponse) in the order
 * they were added, so this list is also the order a request meets them; the note on a step says
 * why it sits where it does. The hooks are callback-style: an async hook costs a promise per
 * request on a path every cache hit takes.
 */
export const HTTP_PIPELINE: readonly PipelineStep[] = [
  // onRequest (X-Request-Id), onResponse and onRequestAbort (the request's log line); Nest's own lines through pino.
  { name: 'request log', install: ({ app }) => registerRequestLogging(app) },
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
  // Before the other onRequest hooks that may answer, so whatever answers a request carries these.
  { name: 'security headers', install: ({ fastify }) => addSecurityHeaders(fastify) },
  { name: 'close after Upgrade', install: ({ fastify }) => closeAfterUpgradeRequests(fastify) },
  // @fastify/cors on Fastify itself, not through app.enableCors(): Nest's wrapper also copies every
  // reply header onto the raw response on each request, for Nest middleware, which the api has none of.
  // Before the hooks that answer 400, 405 or 404, so those answers carry the CORS fields too.
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
  { name: 'malformed paths', install: ({ fastify }) => answerMalformedPaths(fastify) },
  { name: 'Host required', install: ({ fastify }) => requireHostHeader(fastify) },
  { name: 'read-only methods', install: ({ fastify, envelope }) => rejectWriteMethods(fastify, envelope) },
  { name: 'operations exposure', install: ({ fastify, env }) => hideOperationsEndpoints(fastify, env.EXPOSE_OPERATIONS === 'true') },
  // preSerialization: a cached reply as its bytes; onRoute: the export's license link, on its route alone.
  { name: 'reply writer', install: ({ app, fastify, envelope }) => writeReplies(fastify, envelope, app.get(ResponseCache)) },
  // onSend: compresses what the byte cache did not (errors, the export stream); cached bodies
  // arrive already encoded.
  {
    name: 'compression',
    install: async ({ app }) => {
      await app.register(compress, {
        encodings: CONTENT_ENCODINGS.filter((encoding) => encoding !== 'identity'),
        threshold: COMPRESSION_THRESHOLD,
        customTypes: COMPRESSIBLE_CONTENT_TYPES,
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
        zlibOptions: { level: GZIP_LEVEL },
      });
    },
  },
  // onSend, after compression, so that it sees the final headers.
  { name: '304 Not Modified', install: ({ fastify }) => answerNotModified(fastify) },
  // preHandler: after every onRequest hook (CORS, quota, log), before Nest's routing and validation.
  { name: 'cached-hit fast path', install: ({ app, fastify }) => serveCachedHits(fastify, app.get(ResponseCache)) },
  { name: 'explorer', install: ({ app }) => serveExplorer(app) },
  // onRoute: adds its onRequest hook to every route declared from here on (Nest declares its routes at init).
  { name: 'quota', install: ({ app }) => registerQuota(app) },
  { name: 'metrics', install: ({ app }) => registerMetrics(app) },
  { name: 'Swagger UI files', install: ({ fastify }) => serveOnlySwaggerUiFiles(fastify) },
  { name: 'OpenAPI document', install: ({ app }) => app.get(LlmsService).describe(setupOpenApi(app)) },
];

/** Installs HTTP_PIPELINE, step by step, in its order. */
export async function installHttpPipeline(target: PipelineTarget): Promise<void> {
  for (const step of HTTP_PIPELINE) await step.install(target);
}
