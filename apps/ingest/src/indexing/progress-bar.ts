import { Presets, SingleBar } from 'cli-progress';
import type { IndexingProgress } from './case-indexer';

/** A terminal progress bar on stderr; in logs (no TTY) it prints its state now and then. */
export function createProgressBar(unit = 'cases'): IndexingProgress {
  const bar = new SingleBar(
    { format: `Indexing [{bar}] {value}/{total} ${unit}`, stream: process.stderr, noTTYOutput: !process.stderr.isTTY, notTTYSchedule: 2000 },
    Presets.shades_classic,
  );
  return {
    start: (total) => bar.start(total, 0),
    advance: (by) => bar.increment(by),
    stop: () => bar.stop(),
  };
}
