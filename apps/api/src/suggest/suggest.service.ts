import { Injectable } from '@nestjs/common';
import { CasesRepository } from '@app/search';
import { CachedReply } from '../response/cached-reply';
import { canonicalQuery, ResponseCache } from '../response/response-cache';
import { DEFAULT_SUGGEST_LIMIT } from '@app/cases';
import type { Payload } from '../response/envelope.dto';
import type { SuggestQueryDto } from './suggest-query.dto';
import type { SuggestResponseDto } from './suggest.dto';

export type SuggestBody = Payload<SuggestResponseDto>;

@Injectable()
export class SuggestService {
  constructor(
    private readonly repository: CasesRepository,
    private readonly responses: ResponseCache,
  ) {}

  /** Parameters are checked before the cache (by the validation pipe), so a bad request is a 400 even with the engine down. */
  suggest(query: SuggestQueryDto): Promise<CachedReply<SuggestBody>> {
    const params = { q: query.q, limit: query.limit ?? DEFAULT_SUGGEST_LIMIT };
    return this.responses.respond(canonicalQuery('suggest', params), async () => {
      const page = await this.repository.suggest(params);
      return { q: params.q, suggestions: page.suggestions, suggestion: page.suggestion ?? null };
    });
  }
}
