import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { AppConfigService } from '@app/config';

/** Vite names every file under assets/ by its content hash, so a cached copy can never go stale. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html names the current assets, so browsers revalidate it (cheaply, by ETag) on each visit. */
export const PAGE_CACHE_CONTROL = 'no-cache';

/**
 * Serves the explorer (apps/web, built into WEB_ROOT) at `/`. Each built file gets its own route
 * (`wildcard: false`), so every other path still reaches the api's JSON 404. A build without the
 * explorer still runs the api; it only logs that `/` has nothing to serve.
 */
export async function serveExplorer(app: NestFastifyApplication): Promise<void> {
  const root = resolve(app.get(AppConfigService).get('WEB_ROOT', { infer: true }));
  if (!existsSync(join(root, 'index.html'))) {
    new Logger('Explorer').warn(`No explorer at ${root} (run npm run build); / is not served`);
    return;
  }
  // Registered directly: Nest's useStaticAssets() types setHeaders for an older @fastify/static.
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    // The build writes .br and .gz beside each text file; clients that accept them get those.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, path: string) => {
      reply.header('Cache-Control', path.startsWith(join(root, 'assets') + sep) ? ASSET_CACHE_CONTROL : PAGE_CACHE_CONTROL);
    },
  });
}
