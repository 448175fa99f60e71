import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Client } from '@elastic/elasticsearch';
import type { CaseSummary } from '@app/cases';
import type { Environment } from '@app/config';
import { buildCaseFeedRequest, type CaseFeedPage, toCaseFeedPage } from './case-feed.query';
import type { CaseListParams } from './case-list.query';
import { ELASTICSEARCH_CLIENT, toDomainError } from './cases.repository';
import { QueryCache } from './query-cache';

/** The archive's changes, newest first, for the Atom feed. Engine failures leave as domain errors. */
@Injectable()
export class CaseFeedRepository {
  private readonly alias: string;
  private readonly cache: QueryCache;

  constructor(
    @Inject(ELASTICSEARCH_CLIENT) private readonly client: Client,
    config: ConfigService<Environment, true>,
  ) {
    this.alias = config.get('CASES_ALIAS', { infer: true });
    this.cache = new QueryCache(config.get('CACHE_TTL_SECONDS', { infer: true }));
  }

  latestChanges(params: CaseListParams): Promise<CaseFeedPage> {
    return this.cache.getOrLoad(`feed ${JSON.stringify(params)}`, async () => {
      try {
        return toCaseFeedPage(await this.client.search<CaseSummary>(buildCaseFeedRequest(this.alias, params)));
      } catch (error) {
        throw toDomainError(error);
      }
    });
  }
}
