import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client, errors } from '@elastic/elasticsearch';
import type { Environment } from '@app/config';
import { readRequestOptions } from './elasticsearch.client';
import { ELASTICSEARCH_CLIENT } from './elasticsearch.token';

/** What an api replica knows about the archive right now. */
export interface ArchiveGeneration {
  /** The concrete index behind the alias (null before the first ingest): the cache generation. */
  index: string | null;
  /** False from a failed connection until the next successful probe: the circuit is open. */
  reachable: boolean;
}

/** The index a GET _alias/<alias> response names; ingest keeps the alias on exactly one index. */
export function generationOf(response: Record<string, { aliases?: Record<string, unknown> }>, alias: string): string | null {
  const indices = Object.keys(response).filter((index) => response[index]?.aliases && alias in (response[index].aliases ?? {}));
  return indices.sort()[0] ?? null;
}

/** Whether a client error means no node answered at all (as opposed to an answer we dislike). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof errors.ConnectionError || error instanceof errors.NoLivingConnectionsError || error instanceof errors.TimeoutError;
}

/**
 * Resolves the alias to its concrete index on a short interval. Response caches key on the
 * result, so an ingest's alias swap reaches every replica within one interval, with no TTL to
 * wait out. The same probe is the circuit breaker: a failed connection marks Elasticsearch
 * unreachable, reads then fail fast (or answer stale bytes) until a probe gets through again.
 */
@Injectable()
export class ArchiveGenerationTracker implements OnModuleDestroy {
  private state: ArchiveGeneration = { index: null, reachable: true };
  private timer: NodeJS.Timeout | undefined;
  private firstProbe: Promise<void> | undefined;
  private probing: Promise<void> | undefined;
  private readonly alias: string;
  private readonly intervalMs: number;
  private readonly probeTimeoutMs: number;

  constructor(
    @Inject(ELASTICSEARCH_CLIENT) private readonly client: Client,
    config: ConfigService<Environment, true>,
  ) {
    this.alias = config.get('CASES_ALIAS', { infer: true });
    this.intervalMs = config.get('ALIAS_REFRESH_MS', { infer: true });
    this.probeTimeoutMs = config.get('SEARCH_TIMEOUT_MS', { infer: true });
  }

  /** Starts polling on first use, so the ingest CLI, which shares this module, never polls. */
  async current(): Promise<ArchiveGeneration> {
    if (!this.firstProbe) {
      this.timer = setInterval(() => void this.probe(), this.intervalMs);
      this.timer.unref();
      this.firstProbe = this.probe();
    }
    // Every caller waits for the first answer, so none caches under a generation not yet known.
    await this.firstProbe;
    return this.state;
  }

  get reachable(): boolean {
    return this.state.reachable;
  }

  /** The state as of the last probe, without starting or waiting for one. */
  get snapshot(): ArchiveGeneration {
    return this.state;
  }

  /** Called by the repository when a read could not reach any node. */
  reportUnreachable(): void {
    this.state = { ...this.state, reachable: false };
  }

  probe(): Promise<void> {
    this.probing ??= this.resolve().finally(() => (this.probing = undefined));
    return this.probing;
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  private async resolve(): Promise<void> {
    try {
      // Unreachable means no node answers: with several nodes, one lost node is not a reason to
      // open the circuit, so the probe tries the others as every read does.
      const response = await this.client.indices.getAlias(
        { name: this.alias },
        { ...readRequestOptions(this.probeTimeoutMs, this.client.connectionPool.size), ignore: [404] },
      );
      this.state = { index: generationOf(response as never, this.alias), reachable: true };
    } catch (error) {
      // Anything else (a 429, say) says nothing new about the alias: keep what we know.
      if (isUnreachable(error)) this.reportUnreachable();
    }
  }
}
