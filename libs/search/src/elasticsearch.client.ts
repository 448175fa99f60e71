import { Client } from '@elastic/elasticsearch';
import { elasticsearchNodes, type Environment } from '@app/config';

/**
 * The one place a client is configured; ArchiveIndexService owns it and is all that calls it.
 * `requestTimeout` replaces ELASTICSEARCH_TIMEOUT_MS for a client that only writes (the ingest
 * CLI): the client cannot lengthen the timeout per request, since its HTTP agent (undici)
 * enforces the client-wide value on every response whatever the request asks.
 */
export function createElasticsearchClient(
  env: Pick<Environment, 'ELASTICSEARCH_URL' | 'ELASTICSEARCH_TIMEOUT_MS'>,
  options: { requestTimeout?: number } = {},
): Client {
  return new Client({
    // With several nodes the client spreads requests over them and, when one cannot be reached,
    // marks it dead and sends the request to another; a lost node costs no failed request.
    nodes: elasticsearchNodes(env.ELASTICSEARCH_URL),
    requestTimeout: options.requestTimeout ?? env.ELASTICSEARCH_TIMEOUT_MS,
    // One retry is what moves a request off a dead node; more would only delay the 503 when all are down.
    maxRetries: 1,
  });
}
