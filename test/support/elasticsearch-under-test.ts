/** The official image, pinned to the version elastic/local/pom.xml runs and docker-compose.yml uses. */
export const ELASTICSEARCH_IMAGE = 'docker.elastic.co/elasticsearch/elasticsearch:8.19.4';

/** The local node the tests start when neither ELASTICSEARCH_URL nor Docker is available. */
export const TEST_NODE = { name: 'test', port: 9250 };
