import { Client } from '@elastic/elasticsearch';
import type { Environment } from '@app/config';

/** The one place a client is configured; everything else receives it by injection. */
export function createElasticsearchClient(env: Pick<Environment, 'ELASTICSEARCH_URL' | 'ELASTICSEARCH_TIMEOUT_MS'>): Client {
  return new Client({
    node: env.ELASTICSEARCH_URL,
    requestTimeout: env.ELASTICSEARCH_TIMEOUT_MS,
    // A dead node should surface as a 503 quickly rather than after several retries.
    maxRetries: 1,
  });
}
