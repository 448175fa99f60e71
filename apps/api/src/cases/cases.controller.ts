import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { CaseListQueryDto } from './case-list-query.dto';
import { CaseListBody, CasesService } from './cases.service';
import type { CaseRecord } from '@app/cases';
import { CACHE_CONTROL } from '../http/cache-control';
import { DocumentCase, DocumentCaseList } from '../openapi/api-docs.decorators';

@Controller('api/cases')
export class CasesController {
  constructor(private readonly cases: CasesService) {}

  @Get()
  @Header('Cache-Control', CACHE_CONTROL)
  @DocumentCaseList()
  list(@Query() query: CaseListQueryDto): Promise<CaseListBody> {
    return this.cases.list(query);
  }

  @Get(':id')
  @Header('Cache-Control', CACHE_CONTROL)
  @DocumentCase()
  get(@Param('id') id: string): Promise<{ case: CaseRecord }> {
    return this.cases.get(id);
  }
}
