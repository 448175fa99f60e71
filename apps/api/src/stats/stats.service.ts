import { Injectable } from '@nestjs/common';
import { CasesRepository, CaseStats } from '@app/search';

@Injectable()
export class StatsService {
  constructor(private readonly repository: CasesRepository) {}

  get(): Promise<CaseStats> {
    return this.repository.stats();
  }
}
