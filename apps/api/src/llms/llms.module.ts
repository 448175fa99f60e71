import { Module } from '@nestjs/common';
import { LlmsController } from './llms.controller';
import { LlmsService } from './llms.service';
import { ResponseModule } from '../response/response.module';

@Module({
  imports: [ResponseModule],
  controllers: [LlmsController],
  providers: [LlmsService],
})
export class LlmsModule {}
