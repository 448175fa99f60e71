import { Module } from '@nestjs/common';
import { ResponseEnvelope } from './response-envelope';

@Module({
  providers: [ResponseEnvelope],
  exports: [ResponseEnvelope],
})
export class EnvelopeModule {}
