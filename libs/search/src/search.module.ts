import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client } from '@elastic/elasticsearch';
import type { Environment } from '@app/config';
import { CaseFeedRepository } from './case-feed.repository';
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
    {
      provide: CaseFeedRepository,
      inject: [ELASTICSEARCH_CLIENT, ArchiveGenerationTracker, ConfigService],
      useFactory: (client: Client, generations: ArchiveGenerationTracker, config: ConfigService<Environment, true>) =>
        new CaseFeedRepository(client, config.get('CASES_ALIAS', { infer: true }), generations, config.get('CACHE_TTL_SECONDS', { infer: true })),
    },
  ],
  exports: [ELASTICSEARCH_CLIENT, CasesRepository, CaseFeedRepository],
})
export class SearchModule implements OnApplicationShutdown {
  constructor(@Inject(ELASTICSEARCH_CLIENT) private readonly client: Client) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
