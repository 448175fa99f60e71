import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@elastic/elasticsearch';
import { searchAsBytes } from './search-as-bytes';

/** What Elasticsearch's answers carry (the client refuses a 2xx without the product header). */
const ELASTICSEARCH_JSON = { 'content-type': 'application/json', 'x-elastic-product': 'Elasticsearch' };
const PAGE = '{"hits":{"total":{"value":0,"relation":"eq"},"hits":[]}}';

async function node(answer: (response: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => answer(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Two nodes: the first answers 503 (a node that cannot serve now), the second the page. */
async function withBusyAndHealthyNode(use: (client: Client) => Promise<void>): Promise<void> {
  const busy = await node((response) => response.writeHead(503, ELASTICSEARCH_JSON).end('{"error":"busy"}'));
  const healthy = await node((response) => response.writeHead(200, ELASTICSEARCH_JSON).end(PAGE));
  // Round-robin from the first node, so the first attempt always meets the busy one.
  const client = new Client({ nodes: [busy.url, healthy.url], nodeSelector: (connections) => connections[0], maxRetries: 1 });
  try {
    await use(client);
  } finally {
    await client.close();
    for (const { server } of [busy, healthy]) await new Promise((resolve) => server.close(resolve));
  }
}

describe('searchAsBytes', () => {
  it('retries a streamed 503 on another node, as the client does for a parsed search', () =>
    withBusyAndHealthyNode(async (client) => {
      const body = await searchAsBytes(client, { index: 'cases' }, { maxRetries: 1 });
      expect(body.toString()).toBe(PAGE);
    }));

  // The reason the seam exists. When this fails after an upgrade of @elastic/elasticsearch, the
  // client retries streamed answers itself: searchAsBytes can then be the one call it wraps.
  it('is needed: the client itself hands a streamed 503 back without trying another node', () =>
    withBusyAndHealthyNode(async (client) => {
      const response = await client.search({ index: 'cases' }, { maxRetries: 1, asStream: true, meta: true });
      (response.body as unknown as NodeJS.ReadableStream).resume();
      expect(response.statusCode).toBe(503);
    }));
});
