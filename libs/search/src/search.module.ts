import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client } from '@elastic/elasticsearch';
import type { Environment } from '@app/config';
import { CaseFeedRepository } from './case-feed.repository';
import { CasesRepository, ELASTICSEARCH_CLIENT } from './cases.repository';
import { createElasticsearchClient } from './elasticsearch.client';

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
    CasesRepository,
    {
      provide: CaseFeedRepository,
      inject: [ELASTICSEARCH_CLIENT, ConfigService],
      useFactory: (client: Client, config: ConfigService<Environment, true>) =>
        new CaseFeedRepository(client, config.get('CASES_ALIAS', { infer: true }), config.get('CACHE_TTL_SECONDS', { infer: true })),
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
