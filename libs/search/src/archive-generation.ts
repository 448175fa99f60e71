import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { AppConfigService } from '@app/config';
import { ArchiveIndexService, type ArchiveGeneration } from './archive-index.service';

/**
 * Resolves the alias to its concrete index on a short interval. Response caches key on the
 * result, so an ingest's alias swap reaches every replica within one interval, with no TTL to
 * wait out. The same check is the circuit breaker (kept by ArchiveIndexService): a failed
 * connection marks Elasticsearch unreachable, reads then fail fast (or answer stale bytes) until
 * a check gets through again.
 */
@Injectable()
export class ArchiveGenerationTracker implements OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private firstProbe: Promise<void> | undefined;
  private probing: Promise<void> | undefined;
  private readonly intervalMs: number;

  constructor(
    private readonly index: ArchiveIndexService,
    config: AppConfigService,
  ) {
    this.intervalMs = config.get('ALIAS_REFRESH_MS', { infer: true });
  }

  /** Starts polling on first use, so an api that never reads never polls. */
  async current(): Promise<ArchiveGeneration> {
    if (!this.firstProbe) {
      this.timer = setInterval(() => void this.probe(), this.intervalMs);
      this.timer.unref();
      this.firstProbe = this.probe();
    }
    // Every caller waits for the first answer, so none caches under a generation not yet known.
    await this.firstProbe;
    return this.index.generation;
  }

  /** The state as of the last probe, without starting or waiting for one. */
  get snapshot(): ArchiveGeneration {
    return this.index.generation;
  }

  probe(): Promise<void> {
    this.probing ??= this.index.resolveGeneration().finally(() => (this.probing = undefined));
    return this.probing;
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }
}
