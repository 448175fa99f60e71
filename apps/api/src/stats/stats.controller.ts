import { Controller, Get } from '@nestjs/common';
import type { CachedReply } from '../response-cache/cached-reply';
import { DocumentStats } from './stats.openapi';
import { StatsBody, StatsService } from './stats.service';

@Controller('api/stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get()
  @DocumentStats()
  get(): Promise<CachedReply<StatsBody>> {
    return this.stats.get();
  }
}
