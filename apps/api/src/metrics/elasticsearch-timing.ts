import { errors, type Client } from '@elastic/elasticsearch';
import type { Counter, Histogram } from 'prom-client';

/** The two series this fills (MetricsService owns them). */
export interface ElasticsearchSeries {
  elasticsearchErrors: Counter<'error'>;
  elasticsearchDuration: Histogram<'outcome'>;
}

/**
 * Times every request the injected client makes, from its own diagnostic events ('request' when
 * sent, 'response' when answered or failed), so no call site has to remember to measure.
 */
export function timeElasticsearchRequests(client: Client, metrics: ElasticsearchSeries): void {
  const started = new Map<unknown, bigint>();
  client.diagnostic.on('request', (_error, result) => {
    const id = result?.meta.request.id;
    if (id !== undefined) started.set(id, process.hrtime.bigint());
  });
  client.diagnostic.on('response', (error, result) => {
    const meta = result?.meta ?? (error as { meta?: { meta?: { request?: { id?: unknown } } } } | null)?.meta?.meta;
    const id = meta?.request?.id;
    const start = started.get(id);
    started.delete(id);
    if (error && !isMissingDocument(error)) metrics.elasticsearchErrors.inc({ error: error.name || 'Error' });
    if (start !== undefined)
      metrics.elasticsearchDuration.observe({ outcome: error ? 'error' : 'ok' }, Number(process.hrtime.bigint() - start) / 1e9);
  });
}

/** A get of an id the archive does not hold answers 404 with found=false: an answer (the api's 404), not an engine error. */
export function isMissingDocument(error: unknown): boolean {
  return error instanceof errors.ResponseError && error.statusCode === 404 && (error.body as { found?: unknown } | undefined)?.found === false;
}
