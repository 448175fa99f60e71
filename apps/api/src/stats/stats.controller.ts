import { Controller, Get } from '@nestjs/common';
import type { CachedReply } from '../http/cached-reply';
import { StatsService } from './stats.service';

/** The body leaves as cached bytes in the CaseStats shape. */
@Controller('api/stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get()
  get(): Promise<CachedReply> {
    return this.stats.get();
  }
}
