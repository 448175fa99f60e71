import { maxHeaderSize } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LogLevel } from '@nestjs/common';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import { loadEnvironment, trustProxyOption, type EnvironmentOverrides } from '@app/config';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import { ApiModule } from './api.module';
import { ApiFastifyAdapter, type ReplyParts } from './envelope/api-fastify.adapter';
import {
  answerMalformedPaths,
  closeAfterUpgradeRequests,
  CORS_EXPOSED_HEADERS,
  EarlyErrors,
  requireHostHeader,
  rewriteRequestTarget,
} from './client-errors/client-errors';
import { serveExplorer } from './explorer/explorer-static';
import { BROTLI_QUALITY, COMPRESSION_THRESHOLD, CONTENT_ENCODINGS, GZIP_LEVEL } from './response-cache/cached-body';
import { answerNotModified } from './conditional-get/conditional-get';
import { serveCachedHits } from './response-cache/cached-fast-path';
import { ResponseCache } from './response-cache/response-cache';
import { createQueryValidationPipe } from './validation/query-validation.pipe';
import { ALLOWED_METHODS, rejectWriteMethods } from './read-only/read-only-routes';
import { ResponseEnvelope } from './envelope/response-envelope';
import { registerQuota } from './quota/quota.plugin';
import { registerMetrics } from './metrics/metrics.plugin';
import { registerRequestLogging } from './logging/logging.plugin';
import { requestIdOf } from './logging/request-id';
import { setupOpenApi } from './openapi/openapi.document';
import { hideOperationsEndpoints } from './operations/operations-exposure';
import { serveOnlySwaggerUiFiles } from './openapi/swagger-ui-files';
import { addSecurityHeaders } from './security-headers/security-headers';
import { LlmsService } from './llms/llms.service';

/** Builds the api exactly as it runs in production; e2e tests call this too. */
export async function createApiApp(
  options: { logger?: LogLevel[] | false; env?: EnvironmentOverrides; logStream?: DestinationStream } = {},
): Promise<NestFastifyApplication> {
  const overrides: EnvironmentOverrides = { ...(options.logger === false ? { LOG_LEVEL: 'silent' } : {}), ...options.env };
  const env = loadEnvironment(overrides);
  // Asks for the envelope only when answering, by when `app` exists: no request can arrive sooner.
  const earlyErrors = new EarlyErrors(() => app.get(ResponseEnvelope));
  const adapter: ApiFastifyAdapter = new ApiFastifyAdapter(
    {
      // No parameter is refused for its length (a 414 outside the envelope): Node's header limit
      // bounds every URL, and a case id too long to be one is the service's own 404.
      routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: maxHeaderSize },
      rewriteUrl: rewriteRequestTarget,
      // Node's own 400 for a missing Host bypasses every hook; requireHostHeader answers it instead.
      http: { requireHostHeader: false },
      // rewriteRequestTarget routes undecodable paths itself; this answers any the router still refuses.
      frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => earlyErrors.answerFrameworkError(error, request, reply),
      // X-Forwarded-For names the client only behind a proxy the operator trusts (TRUST_PROXY).
      trustProxy: trustProxyOption(env.TRUST_PROXY),
      genReqId: requestIdOf,
    },
    // Like the early errors, asked for when answering: `app` exists by then.
    (): ReplyParts => ({ envelope: app.get(ResponseEnvelope), responses: app.get(ResponseCache) }),
  );
  const app = await NestFactory.create<NestFastifyApplication>(ApiModule.register(overrides, { stream: options.logStream }), adapter, {
    logger: options.logger ?? ['log', 'warn', 'error'],
    // Start-up lines wait for pino (registerRequestLogging) instead of printing as plain text.
    bufferLogs: true,
    // A bad setting found while building providers (e.g. API_KEYS) is thrown to the caller, which prints it.
    abortOnError: false,
  });

  registerRequestLogging(app);
  app.useGlobalPipes(createQueryValidationPipe());
  const fastify = app.getHttpAdapter().getInstance();
  earlyErrors.answerParseErrors(app.getHttpServer());
  earlyErrors.answerUnmetExpectations(app.getHttpServer());
  // First of the onRequest hooks, so that whatever answers a request carries these.
  addSecurityHeaders(fastify);
  closeAfterUpgradeRequests(fastify);
  // @fastify/cors on Fastify itself, not through app.enableCors(): Nest's wrapper also copies every
  // reply header onto the raw response on each request, for Nest middleware, which the api has none of.
  // Registered before the other hooks, so a 405 or 429 answered by them carries the CORS fields too.
  await app.register(cors, {
    origin: '*',
    methods: ALLOWED_METHODS,
    // A bare OPTIONS (no preflight headers) still gets a plain 204 rather than an error.
    strictPreflight: false,
    maxAge: 86_400,
    exposedHeaders: CORS_EXPOSED_HEADERS,
  });
  answerMalformedPaths(fastify);
  requireHostHeader(fastify);
  rejectWriteMethods(fastify, app.get(ResponseEnvelope));
  hideOperationsEndpoints(fastify, env.EXPOSE_OPERATIONS === 'true');
  // Compresses what the byte cache did not (errors, the export stream); cached bodies arrive
  // already encoded. The 304 hook comes after it so that it sees the final headers.
  await app.register(compress, {
    encodings: CONTENT_ENCODINGS.filter((encoding) => encoding !== 'identity'),
    threshold: COMPRESSION_THRESHOLD,
    // JSON, the export's NDJSON and the Atom feed (which the plugin's default list does not name).
    customTypes: /^application\/(?:json|x-ndjson|atom\+xml)(?:;|$)/,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
  answerNotModified(fastify);
  serveCachedHits(fastify, app.get(ResponseCache));
  await serveExplorer(app);
  await registerQuota(app);
  registerMetrics(app);
  serveOnlySwaggerUiFiles(fastify);
  app.get(LlmsService).describe(setupOpenApi(app));
  app.enableShutdownHooks();

  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
