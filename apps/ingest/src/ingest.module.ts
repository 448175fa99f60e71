import { DynamicModule, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client } from '@elastic/elasticsearch';
import { AppConfigModule, Environment, EnvironmentOverrides } from '@app/config';
import { createElasticsearchClient, ELASTICSEARCH_CLIENT, SearchModule } from '@app/search';
import { CaseIndexer } from './indexing/case-indexer';

/**
 * How long one ingest request may take. ELASTICSEARCH_TIMEOUT_MS is sized for the api's searches;
 * a 2 MB bulk request, a refresh of a freshly loaded index, a wait for replicas or a new cluster
 * state published to every node of a busy cluster legitimately take longer.
 */
export const INGEST_REQUEST_TIMEOUT_MS = 300_000;

@Module({
  imports: [SearchModule],
  providers: [
    // The ingest's own client (the module's own provider wins over the one SearchModule exports).
    {
      provide: ELASTICSEARCH_CLIENT,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) =>
        createElasticsearchClient(
          {
            ELASTICSEARCH_URL: config.get('ELASTICSEARCH_URL', { infer: true }),
            ELASTICSEARCH_TIMEOUT_MS: config.get('ELASTICSEARCH_TIMEOUT_MS', { infer: true }),
          },
          { requestTimeout: INGEST_REQUEST_TIMEOUT_MS },
        ),
    },
    CaseIndexer,
  ],
  exports: [CaseIndexer],
})
export class IngestModule implements OnApplicationShutdown {
  constructor(@Inject(ELASTICSEARCH_CLIENT) private readonly client: Client) {}

  static register(overrides: EnvironmentOverrides = {}): DynamicModule {
    return { module: IngestModule, imports: [AppConfigModule.forRoot(overrides)] };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
