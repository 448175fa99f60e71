import { Injectable } from '@nestjs/common';
import { CASE_ID_FORMAT, type CaseRecord, type CaseSummary } from '@app/cases';
import { CaseNotFoundError, CasesRepository } from '@app/search';
import type { CaseListQueryDto } from './case-list-query.dto';
import { toCaseListParams } from './case-list-params';

export interface CaseListBody {
  count: number;
  total: number;
  limit: number;
  offset: number;
  cases: CaseSummary[];
}

/** Ids are slugs; anything else cannot name a case, so it is answered without a search. */
const MAX_ID_LENGTH = 200;

@Injectable()
export class CasesService {
  constructor(private readonly repository: CasesRepository) {}

  async list(query: CaseListQueryDto): Promise<CaseListBody> {
    const params = toCaseListParams(query);
    const page = await this.repository.list(params);
    return { count: page.cases.length, total: page.total, limit: params.limit, offset: params.offset, cases: page.cases };
  }

  async get(id: string): Promise<{ case: CaseRecord }> {
    if (id.length > MAX_ID_LENGTH || !CASE_ID_FORMAT.test(id)) throw new CaseNotFoundError(id.slice(0, MAX_ID_LENGTH));
    return { case: await this.repository.findById(id) };
  }
}
