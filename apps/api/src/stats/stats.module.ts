import { Module } from '@nestjs/common';
import { SearchModule } from '@app/search';
import { ResponseCacheModule } from '../response-cache/response-cache.module';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

@Module({
  imports: [SearchModule, ResponseCacheModule],
  controllers: [StatsController],
  providers: [StatsService],
})
export class StatsModule {}
