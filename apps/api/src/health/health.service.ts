import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckResult, HealthCheckService, HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { QuotaRedis } from '../quota/redis.provider';
import type { Enveloped } from '../response/response-envelope';
import { ResponseEnvelope } from '../response/response-envelope';
import { ArchiveProbe } from './archive.probe';
import { NotReadyError } from './health.errors';

@Injectable()
export class HealthService {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    private readonly archive: ArchiveProbe,
    private readonly redis: QuotaRedis,
    private readonly envelope: ResponseEnvelope,
  ) {}

  /** Liveness: the process answers HTTP. Nothing external, so a slow Elasticsearch never gets the api restarted. */
  async live(): Promise<Enveloped<HealthCheckResult>> {
    return this.envelope.wrap(await this.health.check([async () => this.indicator.check('api').up({ uptimeSeconds: Math.round(process.uptime()) })]));
  }

  /** Readiness: Elasticsearch answers and the alias names an index; Redis is reported when configured. */
  async ready(): Promise<Enveloped<HealthCheckResult>> {
    try {
      return this.envelope.wrap(await this.health.check([() => this.elasticsearch(), ...(this.redis.client ? [async () => this.redisState()] : [])]));
    } catch (error) {
      if (error instanceof ServiceUnavailableException) throw new NotReadyError((error.getResponse() as HealthCheckResult).details);
      throw error;
    }
  }

  private async elasticsearch(): Promise<HealthIndicatorResult> {
    const check = this.indicator.check('elasticsearch');
    let indices: string[];
    try {
      indices = await this.archive.indicesBehindAlias();
    } catch {
      return check.down({ alias: this.archive.alias, message: 'Elasticsearch cannot be reached' });
    }
    if (indices.length === 0)
      return check.down({ alias: this.archive.alias, message: `The alias ${this.archive.alias} does not exist: the archive is not indexed yet` });
    return check.up({ alias: this.archive.alias, indices });
  }

  /**
   * Redis only shares quota counters; without it each replica counts alone and still serves. So a
   * lost Redis is reported (`mode: per-replica`) but does not take the replica out of service.
   */
  private redisState(): HealthIndicatorResult {
    const connected = this.redis.client?.status === 'ready';
    return this.indicator.check('redis').up({ connection: this.redis.client?.status ?? 'none', quotaCounters: connected ? 'shared' : 'per-replica' });
  }
}
