import { errors, type Client, type estypes } from '@elastic/elasticsearch';
import type { ReadRequestOptions } from './read-options';

/** The statuses the client itself retries on another node: a gateway or a node that cannot serve now. */
const RETRIED_STATUSES = new Set([502, 503, 504]);

/**
 * The seam where the search layer does what the client does not: a search whose response is
 * wanted as the bytes Elasticsearch sent (the list and export pass documents' JSON on unparsed,
 * see raw-hits.ts), with the client's own retries. The client retries onto another node only
 * while it reads a response itself; a streamed one (`asStream`) is handed back at its status
 * line, so its 502/503/504 answers and bodies cut off by a lost node are retried here, as the
 * client would (none with a single node). An error status becomes the client's ResponseError and
 * a broken body its ConnectionError, as a parsed search would throw. Only the client's public
 * API is used; search-as-bytes.spec.ts fails if a client upgrade starts retrying streamed
 * answers itself, and this loop is then to go.
 */
export async function searchAsBytes(client: Client, request: estypes.SearchRequest, options: ReadRequestOptions): Promise<Buffer> {
  const attempts = 1 + (options.maxRetries ?? 0);
  for (let attempt = 1; ; attempt += 1) {
    const last = attempt === attempts;
    const response = await client.search(request, { ...options, asStream: true, meta: true });
    let body: Buffer;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of response.body as unknown as AsyncIterable<Buffer>) chunks.push(chunk);
      // A page usually arrives in one read: use it as it is rather than copy it.
      body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    } catch (error) {
      // A body still arriving at the read's deadline is a slow answer, not a lost node.
      if (options.signal?.aborted) throw new errors.TimeoutError('Request timed out', response);
      // As the client does with a connection that fails: other reads (and the alias check) go
      // elsewhere until it is resurrected.
      if (response.meta.connection) client.connectionPool.markDead(response.meta.connection);
      if (last) throw new errors.ConnectionError((error as Error).message, response);
      continue;
    }
    const status = response.statusCode ?? 500;
    if (status < 400) return body;
    if (!last && RETRIED_STATUSES.has(status)) continue;
    throw new errors.ResponseError({ ...response, body: parseErrorBody(body.toString('utf8')) });
  }
}

function parseErrorBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
