import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client } from '@elastic/elasticsearch';
import type { Environment } from '@app/config';
import { ELASTICSEARCH_CLIENT } from '@app/search';
import { MetricsService } from '../metrics/metrics.service';

/** Probes answer fast or not at all: a readiness check must not wait out the api's request timeout. */
const PROBE_OPTIONS = { requestTimeout: 2_000, maxRetries: 0 };

/** Is Elasticsearch reachable, and which index does the alias point at? Used by /ready and /metrics. */
@Injectable()
export class ArchiveProbe {
  readonly alias: string;

  constructor(
    @Inject(ELASTICSEARCH_CLIENT) private readonly client: Client,
    @Inject(ConfigService) config: ConfigService<Environment, true>,
    metrics: MetricsService,
  ) {
    this.alias = config.get('CASES_ALIAS', { infer: true });
    metrics.onScrape(async () => {
      metrics.indexGeneration.reset();
      const indices = await this.indicesBehindAlias();
      for (const index of indices) metrics.indexGeneration.set({ alias: this.alias, index }, 1);
    });
  }

  /** The indices the alias names; empty when the alias does not exist. Throws when Elasticsearch cannot be reached. */
  async indicesBehindAlias(): Promise<string[]> {
    const response = await this.client.indices.getAlias({ name: this.alias }, { ...PROBE_OPTIONS, ignore: [404] });
    return Object.keys(response ?? {}).filter((index) => index !== 'error' && index !== 'status');
  }
}
