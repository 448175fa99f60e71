import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { AppConfigModule, EnvironmentOverrides } from '@app/config';
import { SearchModule } from '@app/search';
import { CasesController } from './cases/cases.controller';
import { CasesService } from './cases/cases.service';
import { cursorKeyProvider } from './cases/cursor-key';
import { FeedController } from './feed/feed.controller';
import { FeedService } from './feed/feed.service';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { EnvelopeInterceptor } from './http/envelope.interceptor';
import { ResponseCache } from './http/response-cache';
import { ResponseEnvelope } from './http/response-envelope';
import { StatsController } from './stats/stats.controller';
import { StatsService } from './stats/stats.service';
import { QuotaModule } from './quota/quota.module';
import { HealthModule } from './health/health.module';
import { MetricsModule } from './metrics/metrics.module';
import { LoggingModule, LoggingOptions } from './logging/logging.module';

@Module({
  imports: [SearchModule, QuotaModule, HealthModule, MetricsModule],
  controllers: [CasesController, StatsController, FeedController],
  providers: [
    CasesService,
    cursorKeyProvider,
    StatsService,
    FeedService,
    ResponseEnvelope,
    ResponseCache,
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
  ],
})
export class ApiModule {
  static register(overrides: EnvironmentOverrides = {}, logging: LoggingOptions = {}): DynamicModule {
    return { module: ApiModule, imports: [AppConfigModule.forRoot(overrides), LoggingModule.forRoot(logging)] };
  }
}
