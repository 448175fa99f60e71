/** Injection token for the shared Elasticsearch client (created once, in SearchModule). */
export const ELASTICSEARCH_CLIENT = Symbol('ELASTICSEARCH_CLIENT');
