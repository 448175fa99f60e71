import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MetricsService } from './metrics.service';

/** Requests no route matched share one label, so stray paths cannot blow up the series count. */
export const UNMATCHED_ROUTE = '(unmatched)';
const CACHE_RESULTS: Record<string, string> = { HIT: 'hit', MISS: 'miss', STALE: 'stale' };

/**
 * Counts and times every response by route pattern and status, and cached endpoints' answers by
 * the X-Cache header the cache layer sets (HIT, MISS or STALE), into per-route series that are
 * turned into Prometheus samples only at scrape time (RequestSeries). A callback hook, not an
 * async one: it runs on every request, and an async hook costs a promise each time.
 */
export function registerMetrics(app: NestFastifyApplication): void {
  const { requests } = app.get(MetricsService);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      requests.record(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      const cache = reply.getHeader('x-cache');
      if (typeof cache === 'string') requests.recordCache(route, CACHE_RESULTS[cache] ?? cache.toLowerCase());
      done();
    });
}
