import { Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module';
import { QuotaService } from './quota.service';
import { QuotaRedis } from './redis.provider';

@Module({
  imports: [MetricsModule],
  providers: [QuotaRedis, QuotaService],
  exports: [QuotaRedis, QuotaService],
})
export class QuotaModule {}
