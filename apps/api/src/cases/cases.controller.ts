import { Controller, Get, Header, Param, Query, StreamableFile } from '@nestjs/common';
import { CaseListQueryDto } from './case-list-query.dto';
import { CaseBody, CaseListBody, CasesService, RelatedCasesBody } from './cases.service';
import { RelatedCasesQueryDto } from './related-cases-query.dto';
import type { CachedReply } from '../response/cached-reply';
import { DocumentCase, DocumentCaseExport, DocumentCaseList, DocumentRelatedCases } from './cases.openapi';

/** Bodies leave as cached bytes of the named shapes or, for the export, as NDJSON. */
@Controller('api/cases')
export class CasesController {
  constructor(private readonly cases: CasesService) {}

  @Get()
  @DocumentCaseList()
  list(@Query() query: CaseListQueryDto): Promise<CachedReply<CaseListBody>> {
    return this.cases.list(query);
  }

  // Declared before :id, and static routes win in Fastify's router anyway.
  @Get('export')
  @Header('Cache-Control', 'no-store')
  @DocumentCaseExport()
  export(@Query() query: CaseListQueryDto): Promise<StreamableFile> {
    return this.cases.export(query);
  }

  @Get(':id/related')
  @DocumentRelatedCases()
  related(@Param('id') id: string, @Query() query: RelatedCasesQueryDto): Promise<CachedReply<RelatedCasesBody>> {
    return this.cases.related(id, query);
  }

  @Get(':id')
  @DocumentCase()
  get(@Param('id') id: string): Promise<CachedReply<CaseBody>> {
    return this.cases.get(id);
  }
}
