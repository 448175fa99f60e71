import { DynamicModule, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfigModule, EnvironmentOverrides, AppConfigService } from '@app/config';
import { ArchiveIndexLifecycle, createArchiveIndexLifecycle } from '@app/search';
import { documentsIndexLifecycleProvider } from '@app/documents';
import { CaseIndexer } from './indexing/case-indexer';
import { DocumentIndexer } from './documents/document-indexer';

/**
 * How long one ingest request may take. ELASTICSEARCH_TIMEOUT_MS is sized for the api's searches;
 * a 2 MB bulk request, a refresh of a freshly loaded index, a wait for replicas or a new cluster
 * state published to every node of a busy cluster legitimately take longer.
 */
export const INGEST_REQUEST_TIMEOUT_MS = 300_000;

@Module({
  providers: [
    // The ingest's own client, with its own timeout; none of the api's read side.
    {
      provide: ArchiveIndexLifecycle,
      inject: [AppConfigService],
      useFactory: (config: AppConfigService) =>
        createArchiveIndexLifecycle(
          {
            ELASTICSEARCH_URL: config.get('ELASTICSEARCH_URL', { infer: true }),
            ELASTICSEARCH_TIMEOUT_MS: config.get('ELASTICSEARCH_TIMEOUT_MS', { infer: true }),
            CASES_ALIAS: config.get('CASES_ALIAS', { infer: true }),
          },
          { requestTimeout: INGEST_REQUEST_TIMEOUT_MS },
        ),
    },
    CaseIndexer,
    // The documents alias's own engine owner (closed by DocumentIndexer), for `ingest documents`.
    documentsIndexLifecycleProvider({ requestTimeout: INGEST_REQUEST_TIMEOUT_MS }),
    DocumentIndexer,
  ],
  exports: [CaseIndexer, DocumentIndexer],
})
export class IngestModule implements OnApplicationShutdown {
  constructor(private readonly index: ArchiveIndexLifecycle) {}

  static register(overrides: EnvironmentOverrides = {}): DynamicModule {
    return { module: IngestModule, imports: [AppConfigModule.forRoot(overrides)] };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.index.close();
  }
}
