import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfigService } from '@app/config';
import { DOCUMENTS_INDEX, documentsIndexProvider, DocumentsRepository } from '@app/documents';
import { ArchiveGenerationTracker, ArchiveIndexService } from '@app/search';
import { cursorKeyProvider } from '../cursors/list-cursors';
import { ResponseModule } from '../response/response.module';
import { CaseDocumentsService } from './case-documents.service';
import { DocumentsController } from './documents.controller';
import { DOCUMENT_GENERATIONS, DocumentsService } from './documents.service';

/** GET /api/documents...: the government's files page by page, from the documents alias. */
@Module({
  imports: [ResponseModule],
  controllers: [DocumentsController],
  providers: [
    documentsIndexProvider(),
    {
      provide: DOCUMENT_GENERATIONS,
      inject: [DOCUMENTS_INDEX, AppConfigService],
      useFactory: (index: ArchiveIndexService, config: AppConfigService) => new ArchiveGenerationTracker(index, config),
    },
    { provide: DocumentsRepository, inject: [DOCUMENTS_INDEX], useFactory: (index: ArchiveIndexService) => new DocumentsRepository(index) },
    DocumentsService,
    CaseDocumentsService,
    // The list's own cursor key (CasesModule imports this module, so it cannot lend its own): the same CURSOR_KEY when set, else a random one.
    cursorKeyProvider,
  ],
  // The case endpoints list each case's documents; the citations read a document's facts.
  exports: [CaseDocumentsService, DocumentsRepository, DOCUMENT_GENERATIONS],
})
export class DocumentsModule implements OnApplicationShutdown {
  constructor(@Inject(DOCUMENTS_INDEX) private readonly index: ArchiveIndexService) {}

  async onApplicationShutdown(): Promise<void> {
    await this.index.close();
  }
}
