import { Injectable } from '@nestjs/common';
import { CasesRepository, CaseStats } from '@app/search';
import { CachedReply } from '../response-cache/cached-reply';
import { canonicalQuery, ResponseCache } from '../response-cache/response-cache';

@Injectable()
export class StatsService {
  constructor(
    private readonly repository: CasesRepository,
    private readonly responses: ResponseCache,
  ) {}

  get(): Promise<CachedReply<CaseStats>> {
    return this.responses.respond(canonicalQuery('stats', {}), () => this.repository.stats());
  }
}
