// `npm run data:revise -- --date YYYY-MM-DD [--en "reason" --zh "原因"] [--check]`
import { execFileSync } from 'node:child_process';
import { join, posix, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { reviseDataset } from './dataset-revisions';

const USAGE =
  'usage: npm run data:revise -- --date YYYY-MM-DD [--en "why it changed" --zh "修订原因"] [--check] [--data data]\n' +
  "Without --en/--zh, a changed case's reason names the fields that changed since the last committed stamp (needs git).";

function main(): number {
  const { values } = parseArgs({
    options: {
      date: { type: 'string' },
      en: { type: 'string' },
      zh: { type: 'string' },
      check: { type: 'boolean', default: false },
      data: { type: 'string', default: join(__dirname, '..', '..', '..', '..', 'data') },
    },
  });
  const date = values.date ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
    console.error(`--date must be a real day YYYY-MM-DD\n${USAGE}`);
    return 2;
  }
  if (Boolean(values.en) !== Boolean(values.zh)) {
    console.error(`give the reason in both languages, --en and --zh\n${USAGE}`);
    return 2;
  }
  const reason = values.en && values.zh ? { en: values.en.trim(), zh: values.zh.trim() } : undefined;
  const report = reviseDataset({ dataDir: values.data!, date, reason, dryRun: values.check, previousVersion: lastStampedVersion(values.data!) });
  const verb = values.check ? 'would stamp' : 'stamped';
  console.log(
    `${verb} ${report.added.length} new case(s) and ${report.changed.length} changed case(s) on ${date}; dropped ${report.removed.length} removed case(s) from the hash file`,
  );
  for (const id of report.added) console.log(`  added    ${id}`);
  for (const id of report.changed) console.log(`  changed  ${id}`);
  for (const id of report.removed) console.log(`  removed  ${id}`);
  // --check fails when anything is left to stamp, so CI can run it.
  return values.check && report.wrote ? 1 : 0;
}

/**
 * Without --en/--zh, a changed case's reason names the fields that differ from the case as of
 * the last commit of case-hashes.json, i.e. as it was last stamped. Needs git; without it, or
 * for a case git does not have, the reason must be given.
 */
function lastStampedVersion(dataDir: string): ((id: string) => Record<string, unknown> | null) | undefined {
  const git = (args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 });
  try {
    const top = git(['-C', dataDir, 'rev-parse', '--show-toplevel']).trim();
    const dir = relative(top, resolve(dataDir)).split(sep).join(posix.sep);
    const ref = git(['-C', top, 'log', '-1', '--format=%H', '--', posix.join(dir, 'case-hashes.json')]).trim();
    if (!ref) return undefined;
    return (id) => {
      try {
        return JSON.parse(git(['-C', top, 'show', `${ref}:${posix.join(dir, 'cases', `${id}.json`)}`]));
      } catch {
        return null;
      }
    };
  } catch {
    return undefined;
  }
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(`data:revise: ${(error as Error).message}\n${USAGE}`);
  process.exitCode = 1;
}
