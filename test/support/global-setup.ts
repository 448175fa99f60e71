// Finds a real Elasticsearch for the e2e tier, in this order:
//   1. ELASTICSEARCH_URL, when the caller provides one;
//   2. a throwaway container from testcontainers' Elasticsearch module, when Docker is reachable;
//   3. the project's own local node (elastic/local), started fresh on a port of its own.
// Tests then read ELASTICSEARCH_URL; global-teardown stops whatever was started here.
import { ELASTICSEARCH_IMAGE, TEST_NODE } from './elasticsearch-under-test';

declare global {
  var __ES_TEARDOWN__: (() => Promise<void>) | undefined;
}

export default async function globalSetup(): Promise<void> {
  if (process.env.ELASTICSEARCH_URL) {
    console.log(`\n[e2e] using ELASTICSEARCH_URL=${process.env.ELASTICSEARCH_URL}`);
    return;
  }

  if (await dockerIsReachable()) {
    const { ElasticsearchContainer } = await import('@testcontainers/elasticsearch');
    const container = await new ElasticsearchContainer(ELASTICSEARCH_IMAGE)
      .withEnvironment({ 'xpack.security.enabled': 'false', ES_JAVA_OPTS: '-Xms1g -Xmx1g' })
      .start();
    process.env.ELASTICSEARCH_URL = container.getHttpUrl();
    globalThis.__ES_TEARDOWN__ = async () => void (await container.stop());
    console.log(`\n[e2e] started ${ELASTICSEARCH_IMAGE} with testcontainers at ${process.env.ELASTICSEARCH_URL}`);
    return;
  }

  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esLocal = require('../../elastic/local/es-local.js');
  const { url, startedNow } = await esLocal.start({ ...TEST_NODE, fresh: true });
  process.env.ELASTICSEARCH_URL = url;
  // fresh: its data, and a clone's staged copy of the node, are not left behind on the machine.
  if (startedNow) globalThis.__ES_TEARDOWN__ = () => esLocal.stop({ ...TEST_NODE, fresh: true });
  console.log(`\n[e2e] no Docker engine; using the local Elasticsearch node at ${url}`);
}

async function dockerIsReachable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}
