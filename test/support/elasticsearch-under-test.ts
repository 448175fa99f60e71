// es-local.js is the project's CommonJS launcher (no types of its own); it reads the version from elastic/local/pom.xml.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { VERSION } = require('../../elastic/local/es-local.js') as { VERSION: string };

/** The official image of the version elastic/local/pom.xml pins (the compose files' copies are checked by scripts/elasticsearch-version.spec.ts). */
export const ELASTICSEARCH_IMAGE = `docker.elastic.co/elasticsearch/elasticsearch:${VERSION}`;

// Every node the e2e tier starts itself listens on a fixed loopback port (transport = http + 100).
// ES_TEST_PORT_OFFSET shifts them all, so two checkouts on one machine can run their tests at once.
const offset = Number(process.env.ES_TEST_PORT_OFFSET ?? 0);

/** The local node the tests start when neither ELASTICSEARCH_URL nor Docker is available. */
export const TEST_NODE = { name: 'test', port: 9250 + offset };

/** The throwaway node that the stale-if-error test stops under the api. */
export const STALE_TEST_NODE = { name: 'stale-if-error', port: 9418 + offset };

/** The first http port of the three-node cluster test (ES_CLUSTER_TEST_PORT still overrides it). */
export const CLUSTER_TEST_PORT = Number(process.env.ES_CLUSTER_TEST_PORT ?? 9421 + offset);
