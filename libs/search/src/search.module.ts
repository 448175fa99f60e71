import { Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfigService } from '@app/config';
import { ArchiveGenerationTracker } from './archive-generation';
import { ArchiveIndexService, createArchiveIndex } from './archive-index.service';
import { CaseFeedRepository } from './case-feed.repository';
import { CasesRepository } from './cases.repository';
import { SpellingLookup } from './spelling-lookup';

/** The api's read side: one engine owner (and its client), the alias tracker and the repositories. */
@Module({
  providers: [
    {
      provide: ArchiveIndexService,
      inject: [AppConfigService],
      useFactory: (config: AppConfigService) =>
        createArchiveIndex({
          ELASTICSEARCH_URL: config.get('ELASTICSEARCH_URL', { infer: true }),
          ELASTICSEARCH_TIMEOUT_MS: config.get('ELASTICSEARCH_TIMEOUT_MS', { infer: true }),
          CASES_ALIAS: config.get('CASES_ALIAS', { infer: true }),
          SEARCH_TIMEOUT_MS: config.get('SEARCH_TIMEOUT_MS', { infer: true }),
        }),
    },
    ArchiveGenerationTracker,
    {
      provide: SpellingLookup,
      inject: [ArchiveIndexService, ArchiveGenerationTracker],
      useFactory: (index: ArchiveIndexService, generations: ArchiveGenerationTracker) => new SpellingLookup(index, generations),
    },
    CasesRepository,
    {
      provide: CaseFeedRepository,
      inject: [ArchiveIndexService, ArchiveGenerationTracker, SpellingLookup, AppConfigService],
      useFactory: (index: ArchiveIndexService, generations: ArchiveGenerationTracker, spelling: SpellingLookup, config: AppConfigService) =>
        new CaseFeedRepository(index, generations, spelling, config.get('CACHE_TTL_SECONDS', { infer: true })),
    },
  ],
  exports: [ArchiveIndexService, CasesRepository, CaseFeedRepository],
})
export class SearchModule implements OnApplicationShutdown {
  constructor(private readonly index: ArchiveIndexService) {}

  async onApplicationShutdown(): Promise<void> {
    await this.index.close();
  }
}
