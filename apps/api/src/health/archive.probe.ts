import { Injectable } from '@nestjs/common';
import { ArchiveIndexService } from '@app/search';
import { MetricsService } from '../metrics/metrics.service';

/** Probes answer fast or not at all: a readiness check must not wait out the api's request timeout. */
const PROBE_OPTIONS = { requestTimeout: 2_000, maxRetries: 0 };

/** Is Elasticsearch reachable, and which index does the alias point at? Used by /ready and /metrics. */
@Injectable()
export class ArchiveProbe {
  readonly alias: string;

  constructor(
    private readonly index: ArchiveIndexService,
    metrics: MetricsService,
  ) {
    this.alias = index.alias;
    metrics.onScrape(async () => {
      metrics.indexGeneration.reset();
      const indices = await this.indicesBehindAlias();
      for (const index of indices) metrics.indexGeneration.set({ alias: this.alias, index }, 1);
    });
  }

  /** The indices the alias names; empty when the alias does not exist. Throws when Elasticsearch cannot be reached. */
  indicesBehindAlias(): Promise<string[]> {
    return this.index.indicesBehindAlias(PROBE_OPTIONS);
  }
}
