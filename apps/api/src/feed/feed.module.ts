import { Module } from '@nestjs/common';
import { SearchModule } from '@app/search';
import { CasesModule } from '../cases/cases.module';
import { EnvelopeModule } from '../envelope/envelope.module';
import { ResponseCacheModule } from '../response-cache/response-cache.module';
import { FeedController } from './feed.controller';
import { FeedService } from './feed.service';

@Module({
  imports: [SearchModule, EnvelopeModule, ResponseCacheModule, CasesModule],
  controllers: [FeedController],
  providers: [FeedService],
})
export class FeedModule {}
