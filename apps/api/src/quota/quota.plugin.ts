import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { onRequestHookHandler } from 'fastify';
import { QuotaService } from './quota.service';

/**
 * Counts every request of every route registered from here on (Nest registers its routes later,
 * at init) against its client's quota: the service's onRequest hook is added to each route as it
 * is declared, as @fastify/rate-limit's `global` option did (but not to the operational routes,
 * which are never counted), and writes the current draft's RateLimit-Policy and RateLimit fields
 * itself, so nothing is rewritten on the way out.
 */
export async function registerQuota(app: NestFastifyApplication): Promise<void> {
  const quota = app.get(QuotaService);
  await quota.start();
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRoute', (routeOptions) => {
    if (quota.isExemptRoute(routeOptions.url)) return;
    const hooks = routeOptions.onRequest;
    const count = quota.countRequest;
    routeOptions.onRequest = Array.isArray(hooks)
      ? [...(hooks as onRequestHookHandler[]), count]
      : hooks
        ? [hooks as onRequestHookHandler, count]
        : [count];
  });
}
