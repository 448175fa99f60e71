import { Controller, Get, Header } from '@nestjs/common';
import { CasesRepository, CaseStats } from '@app/search';
import { CACHE_CONTROL } from '../http/cache-control';

@Controller('api/stats')
export class StatsController {
  constructor(private readonly repository: CasesRepository) {}

  @Get()
  @Header('Cache-Control', CACHE_CONTROL)
  get(): Promise<CaseStats> {
    return this.repository.stats();
  }
}
