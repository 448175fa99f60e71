import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { AppConfigModule, EnvironmentOverrides } from '@app/config';
import { SearchModule } from '@app/search';
import { CasesController } from './cases/cases.controller';
import { CasesService } from './cases/cases.service';
import { FeedController } from './feed/feed.controller';
import { FeedService } from './feed/feed.service';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { EnvelopeInterceptor } from './http/envelope.interceptor';
import { ResponseEnvelope } from './http/response-envelope';
import { StatsController } from './stats/stats.controller';

@Module({
  imports: [SearchModule],
  controllers: [CasesController, StatsController, FeedController],
  providers: [
    CasesService,
    FeedService,
    ResponseEnvelope,
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
  ],
})
export class ApiModule {
  static register(overrides: EnvironmentOverrides = {}): DynamicModule {
    return { module: ApiModule, imports: [AppConfigModule.forRoot(overrides)] };
  }
}
