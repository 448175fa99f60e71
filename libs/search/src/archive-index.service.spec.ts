import { getEventListeners } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errors } from '@elastic/elasticsearch';
import { type ArchiveIndexService, createArchiveIndex, generationOf, isUnreachable } from './archive-index.service';
import { ElasticsearchUnreachableError } from './search.errors';

describe('generationOf', () => {
  it('names the index the alias points at', () => {
    expect(generationOf({ 'cases-20260101-000000-000': { aliases: { cases: {} } } }, 'cases')).toBe('cases-20260101-000000-000');
  });

  it('is null when the alias does not exist (a 404 body)', () => {
    expect(generationOf({ error: 'alias [cases] missing', status: 404 } as never, 'cases')).toBeNull();
  });
});

describe('isUnreachable', () => {
  it('is true only when no node answered', () => {
    expect(isUnreachable(new errors.ConnectionError('refused'))).toBe(true);
    expect(isUnreachable(new errors.TimeoutError('slow'))).toBe(true);
    expect(isUnreachable(new errors.NoLivingConnectionsError('none', {} as never))).toBe(true);
    expect(isUnreachable(new Error('other'))).toBe(false);
  });
});

describe('reads', () => {
  /** What Elasticsearch's answers carry (the client refuses a 2xx without the product header). */
  const ELASTICSEARCH_JSON = { 'content-type': 'application/json', 'x-elastic-product': 'Elasticsearch' };

  /** Runs `use` with an index whose one node is an HTTP server: `answer` decides what each request gets (nothing: it never answers). */
  async function withNode(answer: (response: ServerResponse) => void, use: (index: ArchiveIndexService) => Promise<void>): Promise<void> {
    const server = createServer((_request, response) => answer(response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // The client itself would wait a minute, longer than a test may run: only the read's own deadline can end a read.
    const index = createArchiveIndex({
      ELASTICSEARCH_URL: `http://127.0.0.1:${port}`,
      ELASTICSEARCH_TIMEOUT_MS: 60_000,
      CASES_ALIAS: 'cases',
      SEARCH_TIMEOUT_MS: 200,
    });
    try {
      await use(index);
    } finally {
      await index.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("give up at their deadline: a node that never answers is unreachable, and only the alias check's timeout opens the circuit", () =>
    withNode(
      () => undefined,
      async (index) => {
        await expect(index.searchBytes({ index: 'cases' })).rejects.toBeInstanceOf(ElasticsearchUnreachableError);
        await expect(index.search({ index: 'cases' })).rejects.toBeInstanceOf(ElasticsearchUnreachableError);
        // A slow answer is not a refused connection: later reads still go to Elasticsearch.
        expect(index.generation.reachable).toBe(true);
        // An alias check that gets no answer in time is what opens the circuit.
        await index.resolveGeneration();
        expect(index.generation.reachable).toBe(false);
      },
    ));

  it('give up at their deadline while a body is still arriving, without setting the node aside', () =>
    withNode(
      (response) => {
        response.writeHead(200, ELASTICSEARCH_JSON);
        response.write('{"hits":{"total":{"value":1,"relation":"eq"},"hits":[');
      },
      async (index) => {
        await expect(index.searchBytes({ index: 'cases' })).rejects.toBeInstanceOf(ElasticsearchUnreachableError);
        expect(index.generation.reachable).toBe(true);
      },
    ));

  it('read a body that arrives in several pieces whole', () =>
    withNode(
      (response) => {
        response.writeHead(200, ELASTICSEARCH_JSON);
        response.write('{"hits":{"total":{"value":0,');
        setTimeout(() => response.write('"relation":"eq"},'), 5);
        setTimeout(() => response.end('"hits":[]}}'), 10);
      },
      async (index) => {
        const body = await index.searchBytes({ index: 'cases' });
        expect(body.toString()).toBe('{"hits":{"total":{"value":0,"relation":"eq"},"hits":[]}}');
      },
    ));

  it('cut off mid-body by a lost node fail as unreachable and open the circuit', () =>
    withNode(
      (response) => {
        response.writeHead(200, ELASTICSEARCH_JSON);
        response.write('{"hits":{"total":{"value":1,"relation":"eq"},"hits":[', () => response.socket?.destroy());
      },
      async (index) => {
        await expect(index.searchBytes({ index: 'cases' })).rejects.toBeInstanceOf(ElasticsearchUnreachableError);
        expect(index.generation.reachable).toBe(false);
      },
    ));

  it('answered leave nothing listening on the signal they share', async () => {
    const waiting: ServerResponse[] = [];
    let listening = 0;
    let signal: AbortSignal | undefined;
    await withNode(
      (response) => {
        waiting.push(response);
        if (waiting.length < 30) return;
        // Every read is under way: each has its listener on the shared signal. Now answer them all.
        listening = getEventListeners(signal!, 'abort').length;
        for (const held of waiting) held.writeHead(200, ELASTICSEARCH_JSON).end('{"hits":{"total":{"value":0,"relation":"eq"},"hits":[]}}');
      },
      async (index) => {
        // The reads below start in this same tick, within the slot of this signal.
        signal = index.deadlines.signal();
        const bodies = await Promise.all(Array.from({ length: 30 }, () => index.searchBytes({ index: 'cases' })));
        expect(bodies.every((body) => body.toString().startsWith('{"hits"'))).toBe(true);
        expect(listening).toBe(30);
        expect(getEventListeners(signal, 'abort')).toHaveLength(0);
      },
    );
  });
});
