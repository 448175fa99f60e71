import { maxHeaderSize } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LogLevel } from '@nestjs/common';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import { loadEnvironment, trustProxyOption, type EnvironmentOverrides } from '@app/config';
import { ApiModule } from './api.module';
import { EarlyErrors, rewriteRequestTarget } from './client-errors/client-errors';
import { installHttpPipeline } from './http-pipeline';
import { requestIdOf } from './logging/request-id';
import { ResponseEnvelope } from './response/response-envelope';

/** Builds the api exactly as it runs in production; e2e tests call this too. */
export async function createApiApp(
  options: { logger?: LogLevel[] | false; env?: EnvironmentOverrides; logStream?: DestinationStream } = {},
): Promise<NestFastifyApplication> {
  const overrides: EnvironmentOverrides = { ...(options.logger === false ? { LOG_LEVEL: 'silent' } : {}), ...options.env };
  const env = loadEnvironment(overrides);
  const envelope = new ResponseEnvelope(env);
  const earlyErrors = new EarlyErrors(envelope);
  const adapter = new FastifyAdapter({
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
  });
  const app = await NestFactory.create<NestFastifyApplication>(ApiModule.register(overrides, { stream: options.logStream }), adapter, {
    logger: options.logger ?? ['log', 'warn', 'error'],
    // Start-up lines wait for pino (the request log step) instead of printing as plain text.
    bufferLogs: true,
    // A bad setting found while building providers (e.g. API_KEYS) is thrown to the caller, which prints it.
    abortOnError: false,
  });

  await installHttpPipeline({ app, fastify: app.getHttpAdapter().getInstance(), env, envelope });
  app.enableShutdownHooks();
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
