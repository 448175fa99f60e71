import { constants as zlibConstants } from 'node:zlib';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LogLevel } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { loadEnvironment, trustProxyOption, type EnvironmentOverrides } from '@app/config';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import { ApiModule } from './api.module';
import { serveExplorer } from './explorer/explorer-static';
import { BROTLI_QUALITY, COMPRESSION_THRESHOLD, CONTENT_ENCODINGS, GZIP_LEVEL } from './http/cached-body';
import { answerNotModified } from './http/conditional-get';
import { serveCachedHits } from './http/cached-fast-path';
import { ResponseCache } from './http/response-cache';
import { createQueryValidationPipe } from './http/query-validation.pipe';
import { ALLOWED_METHODS, rejectWriteMethods } from './http/read-only-routes';
import { ResponseEnvelope } from './http/response-envelope';
import { registerQuota } from './quota/quota.plugin';
import { registerMetrics } from './metrics/metrics.plugin';
import { registerRequestLogging } from './logging/logging.plugin';
import { requestIdOf } from './logging/request-id';
import { setupOpenApi } from './openapi/openapi.document';

/** Builds the api exactly as it runs in production; e2e tests call this too. */
export async function createApiApp(
  options: { logger?: LogLevel[] | false; env?: EnvironmentOverrides; logStream?: DestinationStream } = {},
): Promise<NestFastifyApplication> {
  const overrides: EnvironmentOverrides = { ...(options.logger === false ? { LOG_LEVEL: 'silent' } : {}), ...options.env };
  const env = loadEnvironment(overrides);
  const adapter = new FastifyAdapter({
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 1000 },
    // X-Forwarded-For names the client only behind a proxy the operator trusts (TRUST_PROXY).
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    genReqId: requestIdOf,
  });
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
  // @fastify/cors on Fastify itself, not through app.enableCors(): Nest's wrapper also copies every
  // reply header onto the raw response on each request, for Nest middleware, which the api has none of.
  // Registered before the other hooks, so a 405 or 429 answered by them carries the CORS fields too.
  await app.register(cors, {
    origin: '*',
    methods: ALLOWED_METHODS,
    // A bare OPTIONS (no preflight headers) still gets a plain 204 rather than an error.
    strictPreflight: false,
    maxAge: 86_400,
    // Browsers hide response headers from scripts unless listed: quota state and the request id are for clients.
    exposedHeaders: ['RateLimit-Policy', 'RateLimit', 'Retry-After', 'X-Request-Id'],
  });
  rejectWriteMethods(fastify, app.get(ResponseEnvelope));
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
  setupOpenApi(app);
  app.enableShutdownHooks();

  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
