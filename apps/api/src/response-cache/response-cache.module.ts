import { Module } from '@nestjs/common';
import { SearchModule } from '@app/search';
import { EnvelopeModule } from '../envelope/envelope.module';
import { ResponseCache } from './response-cache';

@Module({
  imports: [SearchModule, EnvelopeModule],
  providers: [ResponseCache],
  exports: [ResponseCache],
})
export class ResponseCacheModule {}
