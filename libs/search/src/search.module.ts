import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client } from '@elastic/elasticsearch';
import type { Environment } from '@app/config';
import { ArchiveGenerationTracker } from './archive-generation';
import { CasesRepository } from './cases.repository';
import { createElasticsearchClient } from './elasticsearch.client';
import { ELASTICSEARCH_CLIENT } from './elasticsearch.token';

@Module({
  providers: [
    {
      provide: ELASTICSEARCH_CLIENT,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) =>
        createElasticsearchClient({
          ELASTICSEARCH_URL: config.get('ELASTICSEARCH_URL', { infer: true }),
          ELASTICSEARCH_TIMEOUT_MS: config.get('ELASTICSEARCH_TIMEOUT_MS', { infer: true }),
        }),
    },
    ArchiveGenerationTracker,
    CasesRepository,
  ],
  exports: [ELASTICSEARCH_CLIENT, CasesRepository],
})
export class SearchModule implements OnApplicationShutdown {
  constructor(@Inject(ELASTICSEARCH_CLIENT) private readonly client: Client) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
