import { Injectable } from '@nestjs/common';
import { CasesRepository } from '@app/search';
import type { Payload } from '../envelope/envelope.dto';
import type { StatsResponseDto } from './stats.dto';
import { CachedReply } from '../response-cache/cached-reply';
import { canonicalQuery, ResponseCache } from '../response-cache/response-cache';

export type StatsBody = Payload<StatsResponseDto>;

@Injectable()
export class StatsService {
  constructor(
    private readonly repository: CasesRepository,
    private readonly responses: ResponseCache,
  ) {}

  get(): Promise<CachedReply<StatsBody>> {
    return this.responses.respond<StatsBody>(canonicalQuery('stats', {}), () => this.repository.stats());
  }
}
