import { setMaxListeners } from 'node:events';
import type { TransportRequestOptions } from '@elastic/elasticsearch';

/*
 * The options every read the api sends carries: its retries, and the deadline that bounds it.
 */

/** How far apart two reads may start and still share a signal: how late past its timeout a read may be cut off. */
export const DEADLINE_SLOT_MS = 50;

/**
 * The abort signals that bound the api's reads. The reads that start within DEADLINE_SLOT_MS of
 * each other share one signal, aborted when the slot's timeout runs out, so each read is cut off
 * between its timeout and one slot past it.
 *
 * Why not a signal per read, as the client makes for every request that brings none: a new
 * AbortController per search cost each list search measurably more CPU than one shared signal
 * (which costs nothing measurable).
 * Each read adds its listener to the signal and removes it when it ends, so the abort reaches
 * only the reads still waiting. Nothing else ever aborts a read.
 */
export class ReadDeadlines {
  private slot: { signal: AbortSignal; endsAt: number } | undefined;

  constructor(readonly timeoutMs: number) {}

  /** The signal for a read starting now. */
  signal(): AbortSignal {
    const now = Date.now();
    if (this.slot === undefined || now >= this.slot.endsAt) {
      const controller = new AbortController();
      // A busy slot carries a listener for each of its reads under way.
      setMaxListeners(0, controller.signal);
      setTimeout(() => controller.abort(), this.timeoutMs + DEADLINE_SLOT_MS).unref();
      this.slot = { signal: controller.signal, endsAt: now + DEADLINE_SLOT_MS };
    }
    return this.slot.signal;
  }
}

export type ReadRequestOptions = Pick<TransportRequestOptions, 'maxRetries' | 'openTelemetry' | 'signal'>;

/**
 * Options for every read the api sends: retries only onto other nodes (none with a single node),
 * so a dead node answers in one attempt instead of a retry storm, while a cluster that lost one
 * node still answers from the others. The bound on each read is its `signal` (ReadDeadlines); a
 * read never sets a timeout of its own, which would make the client start a timer for it that
 * aborts that signal, and with it every read sharing it.
 */
export function readRequestOptions(nodes: number, signal: AbortSignal): ReadRequestOptions {
  // No OpenTelemetry span per read: the service exports no traces (it has metrics and request
  // logs), and the client's no-op span was a measurable part of a cache miss's CPU. (The client
  // takes this option per request only, not in its constructor.)
  return { maxRetries: Math.max(0, nodes - 1), openTelemetry: NO_SPANS, signal };
}

const NO_SPANS = { enabled: false };
