import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { elasticsearchUrl } from './archive-harness';

const ROOT = join(__dirname, '..', '..');

/** Peak RSS of a running process, in kB, from the kernel's high-water mark. */
function highWaterMark(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0; // already gone
  }
}

/**
 * Runs the real ingest CLI from source (with `nodeOptions` such as a heap limit, and `env` on top of
 * the test's Elasticsearch) and watches its memory while it works: its own report at exit
 * (scripts/support/report-peak-rss.cjs) or the kernel's high-water mark polled meanwhile, whichever is higher.
 */
export function runIngestCliWatchingMemory(
  args: string[],
  env: Record<string, string> = {},
  nodeOptions: string[] = [],
): Promise<{ status: number | null; output: string; peakKb: number }> {
  const child = spawn(
    process.execPath,
    [
      ...nodeOptions,
      '-r',
      join(ROOT, 'scripts', 'support', 'report-peak-rss.cjs'),
      '-r',
      'ts-node/register/transpile-only',
      '-r',
      'tsconfig-paths/register',
      'apps/ingest/src/main.ts',
      ...args,
    ],
    { cwd: ROOT, env: { ...process.env, ELASTICSEARCH_URL: elasticsearchUrl(), TS_NODE_PROJECT: 'tsconfig.json', ...env } },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let polled = 0;
  const poll = setInterval(() => (polled = Math.max(polled, highWaterMark(child.pid as number))), 100);
  return new Promise((resolve) =>
    child.once('close', (status) => {
      clearInterval(poll);
      const reported = Number(/peak-rss-kb (\d+)/.exec(output)?.[1] ?? 0);
      resolve({ status, output, peakKb: Math.max(polled, reported) });
    }),
  );
}
