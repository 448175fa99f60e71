import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { caseContentHash, describeChanges, formatCaseHashes, planRevision, writeStamps, type CaseHashes, type LocalizedText } from '@app/cases';

export interface ReviseOptions {
  /** The archive folder holding cases/ and case-hashes.json. */
  dataDir: string;
  /** `YYYY-MM-DD`, the day the changes are published. */
  date: string;
  /** Why the changed cases changed; needed only when some did. */
  reason?: LocalizedText;
  /**
   * The case as it was last stamped (e.g. from git), for a reason naming the changed fields when
   * `reason` is not given. Returns null when that version is unknown.
   */
  previousVersion?: (id: string) => Record<string, unknown> | null;
  /** Report what would change without writing anything. */
  dryRun?: boolean;
}

export interface ReviseReport {
  added: string[];
  changed: string[];
  /** Ids that left the archive; their hashes are dropped. */
  removed: string[];
  /** Whether any file was (or, with dryRun, would be) written. */
  wrote: boolean;
}

export const CASE_HASHES_FILE = 'case-hashes.json';

/**
 * Stamps every new or changed case (addedAt, updatedAt, a revision) and rewrites the hash file.
 * Running it again with nothing changed writes nothing, so it is safe to re-run after any merge.
 */
export function reviseDataset(options: ReviseOptions): ReviseReport {
  const casesDir = join(options.dataDir, 'cases');
  const hashesPath = join(options.dataDir, CASE_HASHES_FILE);
  const known: CaseHashes = existsSync(hashesPath) ? JSON.parse(readFileSync(hashesPath, 'utf8')) : {};
  const next: CaseHashes = {};
  const report: ReviseReport = { added: [], changed: [], removed: [], wrote: false };
  const writes: [string, string][] = [];

  const files = readdirSync(casesDir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  // Plan everything first: a missing reason fails the run before any file is touched. A dry run
  // only lists what changed, so it does not need the reason.
  const fallback = options.dryRun ? { en: '(reason not given)', zh: '（未给出原因）' } : undefined;
  const reasonFor = (record: Record<string, unknown> & { id: string }): LocalizedText | undefined => {
    if (options.reason) return options.reason;
    const previous = known[record.id] && options.previousVersion?.(record.id);
    return (previous && describeChanges(previous, record)) || fallback;
  };
  const plans = files.map((name) => {
    const path = join(casesDir, name);
    const text = readFileSync(path, 'utf8');
    const record = JSON.parse(text) as Record<string, unknown> & { id: string };
    const changed = known[record.id] && known[record.id].hash !== caseContentHash(record);
    return { path, text, plan: planRevision(record, known[record.id], options.date, changed ? reasonFor(record) : undefined) };
  });
  for (const { path, text, plan } of plans) {
    next[plan.id] = { hash: plan.hash, addedAt: plan.stamps.addedAt, updatedAt: plan.stamps.updatedAt };
    if (plan.kind === 'unchanged') continue;
    (plan.kind === 'added' ? report.added : report.changed).push(plan.id);
    const updated = writeStamps(text, plan.stamps);
    if (updated !== text) writes.push([path, updated]);
  }
  report.removed = Object.keys(known)
    .filter((id) => !(id in next))
    .sort();

  const hashesText = formatCaseHashes(next);
  const hashesChanged = !existsSync(hashesPath) || readFileSync(hashesPath, 'utf8') !== hashesText;
  report.wrote = writes.length > 0 || hashesChanged;
  if (!options.dryRun) {
    for (const [path, text] of writes) writeFileSync(path, text);
    if (hashesChanged) writeFileSync(hashesPath, hashesText);
  }
  return report;
}
