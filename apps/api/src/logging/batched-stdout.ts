import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import pino from 'pino';

/**
 * Lines are held until this many bytes are waiting (or FLUSH_INTERVAL_MS passes), then written at
 * once: just under the 16 KB sonic-boom writes at most in one go, about fifty request lines a write.
 */
const BATCH_BYTES = 15 * 1024;
const FLUSH_INTERVAL_MS = 250;

/**
 * stdout written asynchronously in batches of ~15 KB instead of one write(2) per request line,
 * the cost pino's docs point at for busy services. A timer flushes a partial batch, so a quiet
 * service's lines still appear within a quarter second. What is left is written synchronously
 * at shutdown (Nest re-raises SIGTERM after closing, so no 'exit' handler would run) and, by
 * pino itself, on a normal exit.
 */
@Injectable()
export class BatchedStdout implements OnApplicationShutdown {
  private opened?: ReturnType<typeof pino.destination>;
  private timer?: NodeJS.Timeout;

  /** Opened on first use: tests that log to a stream of their own never open it. */
  get destination(): ReturnType<typeof pino.destination> {
    if (!this.opened) {
      const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
      this.timer = setInterval(() => destination.flush(), FLUSH_INTERVAL_MS);
      this.timer.unref();
      this.opened = destination;
    }
    return this.opened;
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.opened?.flushSync();
  }
}
