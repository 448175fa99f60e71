import { isMissingDocument, type ArchiveIndexService } from '@app/search';
import type { Counter, Histogram } from 'prom-client';

/** The two series this fills (MetricsService owns them). */
export interface ElasticsearchSeries {
  elasticsearchErrors: Counter<'error'>;
  elasticsearchDuration: Histogram<'outcome'>;
}

/** Times every request the engine owner makes, and counts the failed ones by error name (a missing document is an answer, not an error). */
export function timeElasticsearchRequests(index: ArchiveIndexService, metrics: ElasticsearchSeries): void {
  index.onRequestEnd((error, seconds) => {
    if (error && !isMissingDocument(error)) metrics.elasticsearchErrors.inc({ error: error.name || 'Error' });
    if (seconds !== undefined) metrics.elasticsearchDuration.observe({ outcome: error ? 'error' : 'ok' }, seconds);
  });
}
