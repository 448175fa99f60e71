import { Module } from '@nestjs/common';
import { SearchModule } from '@app/search';
import { ResponseCacheModule } from '../response-cache/response-cache.module';
import { SuggestController } from './suggest.controller';
import { SuggestService } from './suggest.service';

@Module({
  imports: [SearchModule, ResponseCacheModule],
  controllers: [SuggestController],
  providers: [SuggestService],
})
export class SuggestModule {}
