import { Module } from '@nestjs/common';
import { AppConfigService } from '@app/config';
import { SearchModule } from '@app/search';
import { ResponseCache } from './response-cache';
import { ResponseEnvelope } from './response-envelope';

/** The response wing's providers: the envelope and the byte cache (its hooks, ResponseCache.writeReply and serveHit, are installed by HTTP_PIPELINE). */
@Module({
  imports: [SearchModule],
  providers: [{ provide: ResponseEnvelope, inject: [AppConfigService], useFactory: ResponseEnvelope.fromConfig }, ResponseCache],
  exports: [ResponseEnvelope, ResponseCache],
})
export class ResponseModule {}
