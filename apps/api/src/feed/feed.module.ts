import { Module } from '@nestjs/common';
import { SearchModule } from '@app/search';
import { CasesModule } from '../cases/cases.module';
import { ResponseModule } from '../response/response.module';
import { FeedController } from './feed.controller';
import { FeedService } from './feed.service';

@Module({
  imports: [SearchModule, ResponseModule, CasesModule],
  controllers: [FeedController],
  providers: [FeedService],
})
export class FeedModule {}
