import { NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** Where Swagger UI is served (see setupOpenApi). */
export const SWAGGER_UI_PATH = '/api/docs';

/**
 * The files Swagger UI's page loads: @nestjs/swagger serves the whole swagger-ui-dist folder, which
 * also holds its package.json and megabytes of source maps. Its page names these as `./docs/<file>`,
 * which is `/api/docs/<file>` from `/api/docs` and `/api/docs/docs/<file>` from `/api/docs/`.
 */
const SWAGGER_UI_FILES =
  /^\/api\/docs\/(?:docs\/)?(?:swagger-ui\.css|swagger-ui-bundle\.js|swagger-ui-standalone-preset\.js|swagger-ui-init\.js|favicon-(?:16x16|32x32)\.png)$/;

/** Anything else under /api/docs/ is the usual 404, before it reaches the file server. */
export function serveOnlySwaggerUiFiles(request: FastifyRequest): NotFoundException | undefined {
  if (!request.url.startsWith(`${SWAGGER_UI_PATH}/`)) return undefined;
  const path = request.url.split('?')[0];
  if (path === `${SWAGGER_UI_PATH}/` || SWAGGER_UI_FILES.test(path)) return undefined;
  return new NotFoundException();
}
