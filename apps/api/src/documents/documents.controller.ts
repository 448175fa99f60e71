import { Controller, Get, Param, Query } from '@nestjs/common';
import type { CachedReply } from '../response/cached-reply';
import { DocumentListQueryDto, DocumentPageQueryDto } from './document-list-query.dto';
import { DocumentBody, DocumentListBody, DocumentPageBody, DocumentsService } from './documents.service';
import { DocumentDocument, DocumentList, DocumentPage } from './documents.openapi';

@Controller('api/documents')
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Get()
  @DocumentList()
  list(@Query() query: DocumentListQueryDto): Promise<CachedReply<DocumentListBody>> {
    return this.documents.list(query);
  }

  @Get(':id/pages/:n')
  @DocumentPage()
  page(@Param('id') id: string, @Param('n') n: string, @Query() query: DocumentPageQueryDto): Promise<CachedReply<DocumentPageBody>> {
    return this.documents.page(id, n, query);
  }

  @Get(':id')
  @DocumentDocument()
  get(@Param('id') id: string): Promise<CachedReply<DocumentBody>> {
    return this.documents.get(id);
  }
}
