import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LogLevel } from '@nestjs/common';
import type { EnvironmentOverrides } from '@app/config';
import { ApiModule } from './api.module';
import { serveExplorer } from './explorer/explorer-static';
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
  rejectWriteMethods(app.getHttpAdapter().getInstance(), app.get(ResponseEnvelope));
  await serveExplorer(app);
  app.enableShutdownHooks();

  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
