import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AppConfigService } from '@app/config';
import { SearchModule } from '@app/search';
import { ReplyInterceptor } from './reply.interceptor';
import { ResponseCache } from './response-cache';
import { ResponseEnvelope } from './response-envelope';

/** The response wing: the envelope, the byte cache, and the step that turns every handler's result into the reply. */
@Module({
  imports: [SearchModule],
  providers: [
    { provide: ResponseEnvelope, inject: [AppConfigService], useFactory: ResponseEnvelope.fromConfig },
    ResponseCache,
    { provide: APP_INTERCEPTOR, useClass: ReplyInterceptor },
  ],
  exports: [ResponseEnvelope, ResponseCache],
})
export class ResponseModule {}
