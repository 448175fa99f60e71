import type { Provider } from '@nestjs/common';
import { AppConfigService } from '@app/config';
import { ArchiveIndexLifecycle, ArchiveIndexService, createArchiveIndex, createArchiveIndexLifecycle } from '@app/search';

/**
 * The engine owner for the documents alias, the api's reads: the same ArchiveIndexService as the
 * cases' (alias, circuit, read deadlines, error mapping), pointed at DOCUMENTS_ALIAS, with a client
 * of its own so closing one never closes the other.
 */
export const DOCUMENTS_INDEX = Symbol('DOCUMENTS_INDEX');

/** The documents alias's index lifecycle (create, bulk, merge, swap, drop), the ingest's. */
export const DOCUMENTS_INDEX_LIFECYCLE = Symbol('DOCUMENTS_INDEX_LIFECYCLE');

export function documentsIndexProvider(): Provider {
  return {
    provide: DOCUMENTS_INDEX,
    inject: [AppConfigService],
    useFactory: (config: AppConfigService): ArchiveIndexService =>
      createArchiveIndex({
        ELASTICSEARCH_URL: config.get('ELASTICSEARCH_URL', { infer: true }),
        ELASTICSEARCH_TIMEOUT_MS: config.get('ELASTICSEARCH_TIMEOUT_MS', { infer: true }),
        CASES_ALIAS: config.get('DOCUMENTS_ALIAS', { infer: true }),
        SEARCH_TIMEOUT_MS: config.get('SEARCH_TIMEOUT_MS', { infer: true }),
      }),
  };
}

export function documentsIndexLifecycleProvider(options: { requestTimeout?: number } = {}): Provider {
  return {
    provide: DOCUMENTS_INDEX_LIFECYCLE,
    inject: [AppConfigService],
    useFactory: (config: AppConfigService): ArchiveIndexLifecycle =>
      createArchiveIndexLifecycle(
        {
          ELASTICSEARCH_URL: config.get('ELASTICSEARCH_URL', { infer: true }),
          ELASTICSEARCH_TIMEOUT_MS: config.get('ELASTICSEARCH_TIMEOUT_MS', { infer: true }),
          CASES_ALIAS: config.get('DOCUMENTS_ALIAS', { infer: true }),
        },
        options,
      ),
  };
}
