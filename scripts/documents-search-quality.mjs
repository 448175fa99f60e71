#!/usr/bin/env node
// Document search quality on the judged set (test/search-quality/judged-document-queries.json):
// indexes the corpus in DOCUMENTS_DIR with the real `ingest documents` into ELASTICSEARCH_URL under
// its own alias, runs the real api against it, sends every judged query as
// `GET /api/documents?q=...&limit=10` and prints, per kind and overall, MRR@10 (the mean of 1/rank of
// the judged document in the top 10, 0 when it is not there) and the share of queries whose judged
// page is among that document's shown pages; then every query that missed.
// Figures only; nothing here passes or fails.
//
//   ELASTICSEARCH_URL=http://127.0.0.1:9200 DOCUMENTS_DIR=../shared/documents node scripts/documents-search-quality.mjs [--no-build]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runApp, waitExit } from './local-stack.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({ options: { 'no-build': { type: 'boolean', default: false } } });
const esUrl = process.env.ELASTICSEARCH_URL;
const corpus = process.env.DOCUMENTS_DIR;
if (!esUrl || !corpus) throw new Error('set ELASTICSEARCH_URL and DOCUMENTS_DIR (its alias documents-search-quality is replaced)');

const { queries } = JSON.parse(readFileSync(join(root, 'test', 'search-quality', 'judged-document-queries.json'), 'utf8'));
const PORT = 3000 + Math.floor(Math.random() * 900) + 100;
const QUIET = ['ignore', 'ignore', 'inherit'];
// Quality, not speed: a loaded machine's slow answer must not count as a miss (the bench measures speed).
const env = {
  ELASTICSEARCH_URL: esUrl,
  DOCUMENTS_ALIAS: 'documents-search-quality',
  CACHE_TTL_SECONDS: '0',
  SEARCH_TIMEOUT_MS: '10000',
  QUOTA_REQUESTS: '100000',
  PORT: String(PORT),
  HOST: '127.0.0.1',
};

if (!options['no-build']) execFileSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: QUIET });
const ingestArgs = ['documents', corpus, '--if-changed', '--cases', join(root, 'data', 'cases'), '--sources', join(root, 'data', 'sources')];
if ((await waitExit(runApp('ingest', ingestArgs, env, QUIET))) !== 0) throw new Error('ingest failed');
const api = runApp('api', [], env, QUIET);
try {
  const baseUrl = `http://127.0.0.1:${PORT}`;
  for (
    let i = 0;
    i < 100 &&
    !(await fetch(`${baseUrl}/health`).then(
      (r) => r.ok,
      () => false,
    ));
    i += 1
  ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const results = [];
  for (const query of queries) {
    const response = await fetch(`${baseUrl}/api/documents?limit=10&q=${encodeURIComponent(query.q)}`);
    const body = await response.json();
    const documents = response.ok ? body.documents : [];
    const rank = documents.findIndex((document) => document.id === query.document) + 1;
    const shown = rank > 0 && documents[rank - 1].pages.some((page) => page.page === query.page);
    results.push({ ...query, rank, reciprocal: rank ? 1 / rank : 0, shown: shown ? 1 : 0, top: documents.slice(0, 3).map((d) => d.id) });
  }

  const mean = (rows, key) => rows.reduce((sum, row) => sum + row[key], 0) / rows.length;
  const line = (label, rows) =>
    `  ${label.padEnd(12)} ${String(rows.length).padStart(3)} queries  MRR@10 ${mean(rows, 'reciprocal').toFixed(3)}  right page shown ${(100 * mean(rows, 'shown')).toFixed(1)}%  misses ${rows.filter((row) => row.rank === 0).length}`;
  for (const kind of [...new Set(results.map((row) => row.kind))])
    console.log(
      line(
        kind,
        results.filter((row) => row.kind === kind),
      ),
    );
  console.log(line('overall', results));
  const misses = results.filter((row) => row.rank === 0);
  console.log(`\nNot in the top 10 (${misses.length}):`);
  for (const row of misses)
    console.log(`  ${JSON.stringify(row.q)} (${row.kind}): wanted ${row.document} p${row.page}, top ${JSON.stringify(row.top)}`);
  const low = results.filter((row) => row.rank > 1);
  console.log(`\nFound below rank 1 (${low.length}):`);
  for (const row of low) console.log(`  ${JSON.stringify(row.q)} (${row.kind}): rank ${row.rank}, top ${JSON.stringify(row.top)}`);
  const pageMissed = results.filter((row) => row.rank > 0 && !row.shown);
  console.log(`\nDocument found, page not shown (${pageMissed.length}):`);
  for (const row of pageMissed) console.log(`  ${JSON.stringify(row.q)} (${row.kind}): ${row.document} p${row.page} at rank ${row.rank}`);
} finally {
  api.kill('SIGTERM');
  await waitExit(api);
}
