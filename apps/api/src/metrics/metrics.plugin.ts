import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MetricsService } from './metrics.service';

/** Requests no route matched share one label, so stray paths cannot blow up the series count. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Counts and times every response by route pattern and status, and cached endpoints' answers by
 * the X-Cache header the cache layer sets (HIT, MISS or STALE). A callback hook, not an async
 * one: it runs on every request, and an async hook costs a promise each time.
 */
export function registerMetrics(app: NestFastifyApplication): void {
  const metrics = app.get(MetricsService);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
      const cache = reply.getHeader('x-cache');
      if (typeof cache === 'string') metrics.cacheResults.inc({ route, result: cache.toLowerCase() });
      done();
    });
}
