import { Module } from '@nestjs/common';
import { SearchModule } from '@app/search';
import { ResponseModule } from '../response/response.module';
import { SuggestController } from './suggest.controller';
import { SuggestService } from './suggest.service';

@Module({
  imports: [SearchModule, ResponseModule],
  controllers: [SuggestController],
  providers: [SuggestService],
})
export class SuggestModule {}
