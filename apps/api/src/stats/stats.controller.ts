import { Controller, Get, Header } from '@nestjs/common';
import type { CaseStats } from '@app/search';
import { CACHE_CONTROL } from '../http/cache-control';
import { DocumentStats } from '../openapi/api-docs.decorators';
import { StatsService } from './stats.service';

@Controller('api/stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get()
  @Header('Cache-Control', CACHE_CONTROL)
  @DocumentStats()
  get(): Promise<CaseStats> {
    return this.stats.get();
  }
}
