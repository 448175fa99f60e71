import { Controller, Get, Header } from '@nestjs/common';
import type { HealthCheckResult } from '@nestjs/terminus';
import { DocumentProbe } from './health.openapi';
import type { Enveloped } from '../response/response-envelope';
import { HealthService } from './health.service';

/**
 * Not terminus's `@HealthCheck()`: its OpenAPI description is of terminus's own 503 body, while
 * ours goes through the error envelope (see DocumentProbe).
 */
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('health')
  @Header('Cache-Control', 'no-store')
  @DocumentProbe('health', 'Liveness: the process answers')
  live(): Promise<Enveloped<HealthCheckResult>> {
    return this.health.live();
  }

  @Get('ready')
  @Header('Cache-Control', 'no-store')
  @DocumentProbe('ready', 'Readiness: Elasticsearch answers and the alias names an index; Redis state when configured')
  ready(): Promise<Enveloped<HealthCheckResult>> {
    return this.health.ready();
  }
}
