import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client, errors } from '@elastic/elasticsearch';
import type { CaseRecord, CaseSummary } from '@app/cases';
import type { Environment } from '@app/config';
import { buildCaseListRequest, CaseListPage, CaseListParams, toCaseListPage } from './case-list.query';
import { buildStatsRequest, CaseStats, toStats } from './case-stats.query';
import { QueryCache } from './query-cache';
import { ArchiveUnavailableError, CaseNotFoundError } from './search.errors';

/** Injection token for the shared Elasticsearch client. */
export const ELASTICSEARCH_CLIENT = Symbol('ELASTICSEARCH_CLIENT');

/** Read-only access to the archive behind the alias. Engine failures leave here as domain errors. */
@Injectable()
export class CasesRepository {
  private readonly alias: string;
  private readonly cache: QueryCache;

  constructor(
    @Inject(ELASTICSEARCH_CLIENT) private readonly client: Client,
    config: ConfigService<Environment, true>,
  ) {
    this.alias = config.get('CASES_ALIAS', { infer: true });
    this.cache = new QueryCache(config.get('CACHE_TTL_SECONDS', { infer: true }));
  }

  list(params: CaseListParams): Promise<CaseListPage> {
    return this.cache.getOrLoad(`list ${JSON.stringify(params)}`, async () =>
      toCaseListPage(await this.call(() => this.client.search<CaseSummary>(buildCaseListRequest(this.alias, params))), params),
    );
  }

  findById(id: string): Promise<CaseRecord> {
    return this.cache.getOrLoad(`case ${id}`, () => this.fetchById(id));
  }

  stats(): Promise<CaseStats> {
    return this.cache.getOrLoad('stats', async () => toStats(await this.call(() => this.client.search(buildStatsRequest(this.alias)))));
  }

  private async fetchById(id: string): Promise<CaseRecord> {
    try {
      const response = await this.client.get<CaseRecord>({ index: this.alias, id, _source_excludes: ['point'] });
      return response._source as CaseRecord;
    } catch (error) {
      // A missing document answers 404 with found=false; a missing index also answers 404.
      if (error instanceof errors.ResponseError && error.body?.found === false) throw new CaseNotFoundError(id);
      throw toDomainError(error);
    }
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw toDomainError(error);
    }
  }
}

/** Maps what the client throws to what the api can explain; anything unexpected passes through. */
export function toDomainError(error: unknown): unknown {
  if (
    error instanceof errors.ConnectionError ||
    error instanceof errors.TimeoutError ||
    error instanceof errors.NoLivingConnectionsError
  ) {
    return new ArchiveUnavailableError('Elasticsearch cannot be reached', { cause: error });
  }
  if (error instanceof errors.ResponseError) {
    if (error.body?.error?.type === 'index_not_found_exception') {
      return new ArchiveUnavailableError('The archive has not been indexed yet', { cause: error });
    }
    if (error.statusCode === 429 || error.statusCode === 503) {
      return new ArchiveUnavailableError('Elasticsearch is overloaded', { cause: error });
    }
  }
  return error;
}
