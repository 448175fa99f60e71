import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { SearchModule } from '@app/search';
import { MetricsModule } from '../metrics/metrics.module';
import { QuotaModule } from '../quota/quota.module';
import { ResponseModule } from '../response/response.module';
import { ArchiveProbe } from './archive.probe';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({
  // Failed checks are answered in the body and logged by the request log; terminus's own log would repeat them.
  imports: [TerminusModule.forRoot({ logger: false }), SearchModule, MetricsModule, QuotaModule, ResponseModule],
  controllers: [HealthController],
  providers: [ArchiveProbe, HealthService],
})
export class HealthModule {}
