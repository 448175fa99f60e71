import { Module } from '@nestjs/common';
import { SearchModule } from '@app/search';
import { DocumentsModule } from '../documents/documents.module';
import { ResponseModule } from '../response/response.module';
import { CitationsController } from './citations.controller';
import { CitationsService } from './citations.service';

/** GET /api/cases/{id}/cite and /api/documents/{id}/cite: BibTeX, CSL-JSON and RIS. */
@Module({
  imports: [SearchModule, ResponseModule, DocumentsModule],
  controllers: [CitationsController],
  providers: [CitationsService],
})
export class CitationsModule {}
