import { Controller, Get, Param, Query } from '@nestjs/common';
import { CaseListQueryDto } from './case-list-query.dto';
import { CasesService } from './cases.service';
import type { CachedReply } from '../http/cached-reply';

/** Bodies leave as cached bytes; their shapes are CaseListBody and `{ case: CaseRecord }`. */
@Controller('api/cases')
export class CasesController {
  constructor(private readonly cases: CasesService) {}

  @Get()
  list(@Query() query: CaseListQueryDto): Promise<CachedReply> {
    return this.cases.list(query);
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<CachedReply> {
    return this.cases.get(id);
  }
}
