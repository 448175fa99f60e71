import { Injectable } from '@nestjs/common';
import { CasesRepository, type CaseSuggestion } from '@app/search';
import { CachedReply } from '../response/cached-reply';
import { canonicalQuery, ResponseCache } from '../response/response-cache';
import { DEFAULT_SUGGEST_LIMIT } from '@app/cases';
import type { SuggestQueryDto } from './suggest-query.dto';

export interface SuggestBody {
  q: string;
  suggestions: CaseSuggestion[];
  suggestion: string | null;
}

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
