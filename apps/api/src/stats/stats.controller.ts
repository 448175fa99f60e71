import { Controller, Get } from '@nestjs/common';
import type { CaseStats } from '@app/search';
import type { CachedReply } from '../http/cached-reply';
import { DocumentStats } from '../openapi/api-docs.decorators';
import { StatsService } from './stats.service';

@Controller('api/stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get()
  @DocumentStats()
  get(): Promise<CachedReply<CaseStats>> {
    return this.stats.get();
  }
}
