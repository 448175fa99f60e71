import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import pino from 'pino';

/**
 * Lines are held until this many characters are waiting (or FLUSH_INTERVAL_MS passes), then
 * written at once: about fifty request lines a write.
 */
const BATCH_CHARS = 15 * 1024;
const FLUSH_INTERVAL_MS = 250;

/** Where a batch goes: a synchronous SonicBoom on stdout in production. */
export interface BatchSink {
  write(chunk: string): unknown;
}

/**
 * Holds log lines and hands them to the sink in batches. Not SonicBoom's own `minLength`: its
 * write measures the byte length of everything it holds on every line, which cost more than
 * building the line. Here a line costs an array push; the batch is
 * joined and measured once.
 */
export class LineBatcher {
  private lines: string[] = [];
  private size = 0;

  constructor(
    private readonly sink: BatchSink,
    private readonly batchChars = BATCH_CHARS,
  ) {}

  write(line: string): boolean {
    this.lines.push(line);
    this.size += line.length;
    if (this.size >= this.batchChars) this.flush();
    return true;
  }

  /** Hands what is held to the sink. */
  flush(): void {
    if (this.lines.length === 0) return;
    const batch = this.lines.join('');
    this.lines = [];
    this.size = 0;
    this.sink.write(batch);
  }
}

/**
 * stdout written in batches of ~15 KB, one write(2) per batch instead of one per request line,
 * the cost pino's docs point at for busy services. Each batch is written synchronously (a
 * small cost per line), so lines reach stdout in order, and what is held when the
 * process stops is written before it goes: at shutdown (Nest re-raises SIGTERM after closing, so
 * no 'exit' handler would run) and on a normal exit (a failed start that logs its reason, say).
 * An asynchronous write still under way at exit could land after the last batch, or not at all.
 * A timer writes a partial batch, so a quiet service's lines still appear within a quarter second.
 */
@Injectable()
export class BatchedStdout implements OnApplicationShutdown {
  private opened?: LineBatcher;
  private timer?: NodeJS.Timeout;
  private readonly flushAtExit = () => this.opened?.flush();

  /** Opened on first use: tests that log to a stream of their own never open it. */
  get destination(): LineBatcher {
    if (!this.opened) {
      const batcher = new LineBatcher(pino.destination({ dest: 1, sync: true }));
      this.timer = setInterval(() => batcher.flush(), FLUSH_INTERVAL_MS);
      this.timer.unref();
      process.once('exit', this.flushAtExit);
      this.opened = batcher;
    }
    return this.opened;
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    process.removeListener('exit', this.flushAtExit);
    this.opened?.flush();
  }
}
