import { Client, type TransportRequestOptions } from '@elastic/elasticsearch';
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

export type ReadRequestOptions = Pick<TransportRequestOptions, 'maxRetries' | 'openTelemetry' | 'signal'>;

/**
 * Options for every read the api sends: retries only onto other nodes (none with a single node),
 * so a dead node answers in one attempt instead of a retry storm, while a cluster that lost one
 * node still answers from the others. The bound on each read is its `signal` (ReadDeadlines); a
 * read never sets a timeout of its own, which would make the client start a timer for it that
 * aborts that signal, and with it every read sharing it.
 */
export function readRequestOptions(nodes: number, signal: AbortSignal): ReadRequestOptions {
  // No OpenTelemetry span per read: the service exports no traces (it has metrics and request
  // logs), and the client's no-op span was a measurable part of a cache miss's CPU. (The client
  // takes this option per request only, not in its constructor.)
  return { maxRetries: Math.max(0, nodes - 1), openTelemetry: NO_SPANS, signal };
}

const NO_SPANS = { enabled: false };
