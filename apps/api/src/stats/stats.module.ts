import { Module } from '@nestjs/common';
import { SearchModule } from '@app/search';
import { ResponseModule } from '../response/response.module';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

@Module({
  imports: [SearchModule, ResponseModule],
  controllers: [StatsController],
  providers: [StatsService],
})
export class StatsModule {}
