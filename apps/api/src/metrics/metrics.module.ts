import { Module } from '@nestjs/common';
import { SearchModule } from '@app/search';
import { ResponseModule } from '../response/response.module';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

@Module({
  imports: [SearchModule, ResponseModule],
  controllers: [MetricsController],
  providers: [MetricsService],
  exports: [MetricsService],
})
export class MetricsModule {}
