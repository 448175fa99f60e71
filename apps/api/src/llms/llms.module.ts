import { Module } from '@nestjs/common';
import { EnvelopeModule } from '../envelope/envelope.module';
import { LlmsController } from './llms.controller';
import { LlmsService } from './llms.service';

@Module({
  imports: [EnvelopeModule],
  controllers: [LlmsController],
  providers: [LlmsService],
})
export class LlmsModule {}
