import { Module } from '@nestjs/common';
import { SearchModule } from '@app/search';
import { ResponseCacheModule } from '../response-cache/response-cache.module';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

@Module({
  imports: [SearchModule, ResponseCacheModule],
  controllers: [MetricsController],
  providers: [MetricsService],
  exports: [MetricsService],
})
export class MetricsModule {}
