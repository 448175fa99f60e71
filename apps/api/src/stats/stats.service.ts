import { Injectable } from '@nestjs/common';
import { CasesRepository } from '@app/search';
import type { Payload } from '../response/envelope.dto';
import type { StatsResponseDto } from './stats.dto';
import { CachedReply } from '../response/cached-reply';
import { canonicalQuery, ResponseCache } from '../response/response-cache';

export type StatsBody = Payload<StatsResponseDto>;
import type { CaseFilterQueryDto } from '../cases/case-list-query.dto';
import { toCaseFilterParams } from '../cases/case-list-params';

@Injectable()
export class StatsService {
  constructor(
    private readonly repository: CasesRepository,
    private readonly responses: ResponseCache,
  ) {}

  /** Statistics of the cases the filters keep (the whole archive without any); checked before the cache. */
  get(query: CaseFilterQueryDto): Promise<CachedReply<StatsBody>> {
    const filters = toCaseFilterParams(query);
    return this.responses.respond<StatsBody>(canonicalQuery('stats', filters), () => this.repository.stats(filters));
  }
}
