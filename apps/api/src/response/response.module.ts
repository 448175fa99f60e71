import { Module } from '@nestjs/common';
import { AppConfigService } from '@app/config';
import { SearchModule } from '@app/search';
import { ResponseCache } from './response-cache';
import { ResponseEnvelope } from './response-envelope';

/** The response wing's providers: the envelope and the byte cache (its hooks are installed by the HTTP pipeline, see reply-writer.ts). */
@Module({
  imports: [SearchModule],
  providers: [{ provide: ResponseEnvelope, inject: [AppConfigService], useFactory: ResponseEnvelope.fromConfig }, ResponseCache],
  exports: [ResponseEnvelope, ResponseCache],
})
export class ResponseModule {}
