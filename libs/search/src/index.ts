export * from './case-index.definition';
export * from './case-list.query';
export * from './case-stats.query';
export * from './cases.repository';
export * from './elasticsearch.client';
export * from './query-cache';
export * from './search.errors';
export * from './search.module';
