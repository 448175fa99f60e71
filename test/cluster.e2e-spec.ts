import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { Client } from '@elastic/elasticsearch';
import { CaseIndexer, IndexingProgress } from '../apps/ingest/src/indexing/case-indexer';
import { IngestModule } from '../apps/ingest/src/ingest.module';
import { runIngest } from '../apps/ingest/src/run-ingest';
import { request, RunningApi, startApi } from './support/archive-harness';
import { CLUSTER_TEST_PORT } from './support/elasticsearch-under-test';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const esLocal = require('../elastic/local/es-local.js');

/**
 * A three-node cluster of our own, on loopback: http 9421-9423 and transport 9521-9523 unless
 * ES_CLUSTER_TEST_PORT or ES_TEST_PORT_OFFSET moves them (transport = http + 100). The node that holds the primary
 * copy of the archive is killed (SIGKILL, no goodbye to the cluster) while the api answers a
 * stream of requests; every one must still be answered, and answered the same.
 */
const CLUSTER = {
  name: 'e2e-cluster',
  nodes: 3,
  port: CLUSTER_TEST_PORT,
  heap: '512m',
  fresh: true,
};
const ALIAS = 'e2e-cluster-cases';
const DATASET = join(__dirname, '..', 'data', 'cases');
const WORKERS = 4;
const silent: IndexingProgress = { start: () => undefined, advance: () => undefined, stop: () => undefined };

interface NodeStatus {
  name: string;
  pid: number | null;
  url: string;
}

let clusterUrl: string | null = null;
let unavailable = '';
let client: Client;
let api: RunningApi;

async function ingestIntoCluster() {
  const context = await NestFactory.createApplicationContext(IngestModule.register({ ELASTICSEARCH_URL: clusterUrl as string, CASES_ALIAS: ALIAS }), {
    logger: false,
  });
  try {
    return await runIngest(context.get(CaseIndexer), DATASET, silent);
  } finally {
    await context.close();
  }
}

/** The local node (its es-local name, pid and URL) that holds the primary shard of the live index. */
async function nodeHoldingPrimary(): Promise<NodeStatus> {
  const shards = await client.cat.shards({ index: ALIAS, format: 'json', h: 'prirep,node,state' });
  const primary = shards.find((shard) => shard.prirep === 'p' && shard.state === 'STARTED');
  const status: { nodes: NodeStatus[] } = await esLocal.status({ name: CLUSTER.name });
  const node = status.nodes.find((candidate) => `uap-local-${candidate.name}` === primary?.node);
  if (!node?.pid) throw new Error(`no running local node holds the primary (${JSON.stringify(shards)})`);
  return node;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  try {
    clusterUrl = (await esLocal.start(CLUSTER)).url;
  } catch (error) {
    unavailable = `cannot start a local ${CLUSTER.nodes}-node Elasticsearch cluster (${(error as Error).message})`;

    console.warn(`[cluster] SKIPPED: ${unavailable}`);
    return;
  }
  client = new Client({ nodes: (clusterUrl as string).split(',') });
}, 300_000);

afterAll(async () => {
  await api?.close();
  await client?.close();
  if (clusterUrl) await esLocal.stop({ name: CLUSTER.name });
}, 120_000);

describe('a three-node cluster', () => {
  it('indexes with one replica, so every shard has a copy on a second node', async () => {
    if (!clusterUrl) return console.warn(`[cluster] skipped: ${unavailable}`);
    const outcome = await ingestIntoCluster();
    expect(outcome.status).toBe('indexed');
    const index = outcome.status === 'indexed' ? outcome.index : '';
    const settings = await client.indices.getSettings({ index });
    expect(settings[index].settings?.index?.number_of_replicas).toBe('1');
    const health = await client.cluster.health({ index });
    expect(health).toMatchObject({ status: 'green', number_of_nodes: 3, active_shards: 2 });
  });

  it('loses the node holding the primary to a SIGKILL while requests run, and no request fails or changes', async () => {
    if (!clusterUrl) return console.warn(`[cluster] skipped: ${unavailable}`);
    // No response cache, and a different page each request: every answer must come from the cluster.
    api = await startApi({ ELASTICSEARCH_URL: clusterUrl, CASES_ALIAS: ALIAS, CACHE_TTL_SECONDS: '0' });
    const everything = await request(api.baseUrl, '/api/cases?limit=500');
    expect(everything.status).toBe(200);
    const all: { id: string }[] = everything.body.cases;
    const total: number = everything.body.total;
    expect(all.length).toBe(total);

    // Page sizes 7..13 at every offset: more distinct requests than the test can send.
    const pages: { limit: number; offset: number }[] = [];
    for (let limit = 7; limit <= 13; limit += 1) for (let offset = 0; offset < total; offset += 1) pages.push({ limit, offset });
    let next = 0;
    let killedAt = 0;
    let answeredAfterKill = 0;
    const failures: string[] = [];

    const victim = await nodeHoldingPrimary();
    const worker = async () => {
      while (next < pages.length) {
        const { limit, offset } = pages[next++];
        const path = `/api/cases?limit=${limit}&offset=${offset}`;
        try {
          const response = await request(api.baseUrl, path);
          const expected = all.slice(offset, offset + limit).map((c) => c.id);
          const got = response.body?.cases?.map((c: { id: string }) => c.id);
          if (response.status !== 200) failures.push(`${path}: ${response.status} ${JSON.stringify(response.body?.error)}`);
          else if (response.headers.get('x-cache') === 'STALE') failures.push(`${path}: answered from a stale cache`);
          else if (response.body.total !== total || JSON.stringify(got) !== JSON.stringify(expected)) failures.push(`${path}: different result`);
        } catch (error) {
          failures.push(`${path}: ${(error as Error).message}`);
        }
        if (killedAt) answeredAfterKill += 1;
        // Enough requests after the kill to cross the moment the client and the cluster notice it.
        if (killedAt && Date.now() - killedAt > 8_000 && answeredAfterKill >= 100) return;
      }
    };
    const running = Array.from({ length: WORKERS }, worker);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    process.kill(victim.pid as number, 'SIGKILL');
    killedAt = Date.now();
    await Promise.all(running);

    console.log(
      `[cluster] killed ${victim.name} (pid ${victim.pid}, held the primary); ${next} requests, ${answeredAfterKill} after the kill, ${failures.length} failed`,
    );
    expect(isAlive(victim.pid as number)).toBe(false);
    expect(failures).toEqual([]);
    expect(answeredAfterKill).toBeGreaterThanOrEqual(100);
    // The cluster saw it too: two nodes left, the replica promoted, nothing lost.
    const health = await client.cluster.health({ index: ALIAS, wait_for_nodes: '2', wait_for_active_shards: 1, timeout: '60s' });
    expect(health.number_of_nodes).toBe(2);
    expect(health.status).not.toBe('red');
    expect((await client.count({ index: ALIAS })).count).toBe(total);
  }, 300_000);
});
