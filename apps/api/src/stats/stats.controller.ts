import { Controller, Get } from '@nestjs/common';
import type { CaseStats } from '@app/search';
import type { CachedReply } from '../response-cache/cached-reply';
import { DocumentStats } from './stats.openapi';
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
