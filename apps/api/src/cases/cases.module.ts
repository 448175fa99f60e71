import { Module } from '@nestjs/common';
import { SearchModule } from '@app/search';
import { DocumentsModule } from '../documents/documents.module';
import { ResponseModule } from '../response/response.module';
import { CasesController } from './cases.controller';
import { CasesService } from './cases.service';
import { CURSOR_KEY, cursorKeyProvider } from '../cursors/list-cursors';

@Module({
  imports: [SearchModule, ResponseModule, DocumentsModule],
  controllers: [CasesController],
  // One cursor key for the process: the feed (which imports this module) checks the cursors the list signs.
  providers: [CasesService, cursorKeyProvider],
  exports: [CURSOR_KEY],
})
export class CasesModule {}
