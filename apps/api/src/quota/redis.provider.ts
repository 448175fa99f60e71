import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { AppConfigService } from '@app/config';

/** The optional Redis/Valkey connection that api replicas share quota counters through. */
@Injectable()
export class QuotaRedis implements OnApplicationShutdown {
  readonly client: Redis | undefined;
  private readonly logger = new Logger('QuotaRedis');

  constructor(@Inject(AppConfigService) config: AppConfigService) {
    const url = config.get('REDIS_URL', { infer: true });
    if (!url) return;
    this.client = new Redis(url, {
      // Fail fast instead of queueing while disconnected: a request must never wait on Redis.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 500,
      connectTimeout: 2_000,
      // Every count issued in one tick of the event loop goes to Redis as one pipelined write and
      // comes back in one read, instead of a write and a read per request.
      enableAutoPipelining: true,
      // Keep trying to come back, at most every 5 seconds, for as long as the api runs.
      retryStrategy: (attempt) => Math.min(attempt * 250, 5_000),
    });
    // Without a listener ioredis prints every failed reconnect; the failover store reports the state once.
    this.client.on('error', (error) => this.logger.debug?.(`Redis: ${error.message}`));
  }

  /** Waits briefly for the first connection so a freshly started replica counts in Redis from its first request. */
  async ready(timeoutMs = 2_000): Promise<boolean> {
    const client = this.client;
    if (!client) return false;
    if (client.status === 'ready') return true;
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        client.off('ready', onReady);
        resolve(ok);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      client.once('ready', onReady);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.client) return;
    // QUIT only reaches a connected server; otherwise stop the reconnect loop at once.
    if (this.client.status !== 'ready') return this.client.disconnect();
    try {
      await this.client.quit();
    } catch {
      this.client.disconnect();
    }
  }
}
