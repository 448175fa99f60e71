import { Controller, Get, Query } from '@nestjs/common';
import { CaseFilterQueryDto } from '../cases/case-list-query.dto';
import type { CachedReply } from '../response/cached-reply';
import { DocumentStats } from './stats.openapi';
import { StatsBody, StatsService } from './stats.service';

@Controller('api/stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get()
  @DocumentStats()
  get(@Query() query: CaseFilterQueryDto): Promise<CachedReply<StatsBody>> {
    return this.stats.get(query);
  }
}
