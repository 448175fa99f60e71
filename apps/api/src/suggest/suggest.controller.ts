import { Controller, Get, Query } from '@nestjs/common';
import type { CachedReply } from '../response/cached-reply';
import { DocumentSuggest } from './suggest.openapi';
import { SuggestQueryDto } from './suggest-query.dto';
import { SuggestBody, SuggestService } from './suggest.service';

@Controller('api/suggest')
export class SuggestController {
  constructor(private readonly suggestions: SuggestService) {}

  @Get()
  @DocumentSuggest()
  suggest(@Query() query: SuggestQueryDto): Promise<CachedReply<SuggestBody>> {
    return this.suggestions.suggest(query);
  }
}
