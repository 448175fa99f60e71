import { constants as zlibConstants } from 'node:zlib';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LogLevel } from '@nestjs/common';
import type { EnvironmentOverrides } from '@app/config';
import compress from '@fastify/compress';
import { ApiModule } from './api.module';
import { BROTLI_QUALITY, COMPRESSION_THRESHOLD, CONTENT_ENCODINGS } from './http/cached-body';
import { answerNotModified } from './http/conditional-get';
import { serveCachedHits } from './http/cached-fast-path';
import { ResponseCache } from './http/response-cache';
import { createQueryValidationPipe } from './http/query-validation.pipe';
import { ALLOWED_METHODS, rejectWriteMethods } from './http/read-only-routes';
import { ResponseEnvelope } from './http/response-envelope';

/** Builds the api exactly as it runs in production; e2e tests call this too. */
export async function createApiApp(
  options: { logger?: LogLevel[] | false; env?: EnvironmentOverrides } = {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({ routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 1000 } });
  const app = await NestFactory.create<NestFastifyApplication>(ApiModule.register(options.env), adapter, {
    logger: options.logger ?? ['log', 'warn', 'error'],
  });

  app.enableCors({
    origin: '*',
    methods: ALLOWED_METHODS,
    // A bare OPTIONS (no preflight headers) still gets a plain 204 rather than an error.
    strictPreflight: false,
    maxAge: 86_400,
  });
  app.useGlobalPipes(createQueryValidationPipe());
  const fastify = app.getHttpAdapter().getInstance();
  rejectWriteMethods(fastify, app.get(ResponseEnvelope));
  // Compresses what the byte cache did not (errors, the export stream); cached bodies arrive
  // already encoded. The 304 hook comes after it so that it sees the final headers.
  await app.register(compress, {
    encodings: CONTENT_ENCODINGS.filter((encoding) => encoding !== 'identity'),
    threshold: COMPRESSION_THRESHOLD,
    // JSON and the export's NDJSON (which the plugin's default list does not name).
    customTypes: /^application\/(?:json|x-ndjson)(?:;|$)/,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  answerNotModified(fastify);
  serveCachedHits(fastify, app.get(ResponseCache));
  app.enableShutdownHooks();

  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
