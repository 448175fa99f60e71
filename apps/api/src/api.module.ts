import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AppConfigModule, EnvironmentOverrides } from '@app/config';
import { CasesModule } from './cases/cases.module';
import { CitationsModule } from './citations/citations.module';
import { DocumentsModule } from './documents/documents.module';
import { ApiExceptionFilter } from './errors/api-exception.filter';
import { FeedModule } from './feed/feed.module';
import { HealthModule } from './health/health.module';
import { LlmsModule } from './llms/llms.module';
import { LoggingModule, LoggingOptions } from './logging/logging.module';
import { MetricsModule } from './metrics/metrics.module';
import { QuotaModule } from './quota/quota.module';
import { ResponseModule } from './response/response.module';
import { StatsModule } from './stats/stats.module';
import { SuggestModule } from './suggest/suggest.module';

@Module({
  imports: [
    ResponseModule,
    CasesModule,
    StatsModule,
    SuggestModule,
    DocumentsModule,
    CitationsModule,
    FeedModule,
    LlmsModule,
    QuotaModule,
    HealthModule,
    MetricsModule,
  ],
  providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
})
export class ApiModule {
  static register(overrides: EnvironmentOverrides = {}, logging: LoggingOptions = {}): DynamicModule {
    return { module: ApiModule, imports: [AppConfigModule.forRoot(overrides), LoggingModule.forRoot(logging)] };
  }
}
