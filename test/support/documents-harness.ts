import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { join } from 'node:path';
import type { IndexingProgress } from '../../apps/ingest/src/indexing/case-indexer';
import { DocumentIndexer, type DocumentIngestOptions } from '../../apps/ingest/src/documents/document-indexer';
import { IngestModule } from '../../apps/ingest/src/ingest.module';
import { elasticsearchUrl, FIXTURE } from './archive-harness';

/** The hand-written corpus in the documents' format (test/fixtures/documents). */
export const DOCUMENT_FIXTURES = join(__dirname, '..', 'fixtures', 'documents');
export const SOURCES = join(__dirname, '..', '..', 'data', 'sources');

const silent: IndexingProgress = { start: () => undefined, advance: () => undefined, stop: () => undefined };

/** Runs the real document ingest, as `ingest documents` does, into `alias` of the test Elasticsearch. */
export async function ingestDocuments(alias: string, dir: string, options: Partial<DocumentIngestOptions> = {}) {
  const context = await NestFactory.createApplicationContext(
    IngestModule.register({ ELASTICSEARCH_URL: elasticsearchUrl(), DOCUMENTS_ALIAS: alias }),
    {
      logger: false,
    },
  );
  try {
    return await context.get(DocumentIndexer).ingest(dir, { casesPath: FIXTURE, sourcesDir: SOURCES, ...options }, silent);
  } finally {
    await context.close();
  }
}

/** Peak RSS of a running process, in kB, from the kernel's high-water mark. */
function highWaterMark(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0; // already gone
  }
}

/** Runs the real ingest CLI from source (with `nodeOptions` such as a heap limit) and watches its memory. */
export function runIngestCliWatchingMemory(
  args: string[],
  env: Record<string, string>,
  nodeOptions: string[] = [],
): Promise<{ status: number | null; output: string; peakKb: number }> {
  const root = join(__dirname, '..', '..');
  const child = spawn(
    process.execPath,
    [
      ...nodeOptions,
      '-r',
      join(root, 'scripts', 'support', 'report-peak-rss.cjs'),
      '-r',
      'ts-node/register/transpile-only',
      '-r',
      'tsconfig-paths/register',
      'apps/ingest/src/main.ts',
      ...args,
    ],
    { cwd: root, env: { ...process.env, ELASTICSEARCH_URL: elasticsearchUrl(), TS_NODE_PROJECT: 'tsconfig.json', ...env } },
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
