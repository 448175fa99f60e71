import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MetricsService } from './metrics.service';

/** Prometheus text, not JSON: answered directly rather than through the response envelope. */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  async scrape(@Res() reply: FastifyReply): Promise<void> {
    await reply
      .header('Content-Type', this.metrics.registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(await this.metrics.render());
  }
}
