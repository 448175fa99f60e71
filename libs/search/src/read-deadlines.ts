import { setMaxListeners } from 'node:events';

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
