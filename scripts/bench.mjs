#!/usr/bin/env node
// `npm run bench`: load figures for the api, each against a baseline measured in the same run.
// Baseline: the same search sent straight to Elasticsearch, so the ratio shows what the api layer
// (validation, envelope, HTTP) costs on this machine. Figures only; nothing here passes or fails.
//   BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 20)
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const esLocal = createRequire(import.meta.url)(join(root, 'elastic', 'local', 'es-local.js'));
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = 3999;

const waitExit = (child) => new Promise((resolve) => child.once('exit', resolve));
const node = (script, args, env) => spawn(process.execPath, [join(root, script), ...args], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });

async function load(title, options) {
  const result = await autocannon({ connections, duration: seconds, ...options });
  return { title, rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

let started = false;
let api;
try {
  let esUrl = process.env.ELASTICSEARCH_URL;
  if (!esUrl) ({ url: esUrl, startedNow: started } = await esLocal.start({ name: 'dev', port: 9200 }));
  const env = { ELASTICSEARCH_URL: esUrl, PORT: String(PORT), HOST: '127.0.0.1' };
  if ((await waitExit(node('dist/apps/ingest/main.js', ['--if-changed', join(root, 'data', 'cases')], env))) !== 0) throw new Error('ingest failed');
  api = node('dist/apps/api/main.js', [], env);
  for (let i = 0; i < 50; i += 1) {
    if (await fetch(`http://127.0.0.1:${PORT}/api/stats`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }

  const baseUrl = `http://127.0.0.1:${PORT}`;
  const esSearch = JSON.stringify({ size: 50, query: { bool: { filter: [{ term: { type: 'military' } }] } }, sort: [{ date: 'desc' }, { id: 'asc' }] });
  const rows = [
    await load('Elasticsearch _search direct (baseline)', { url: `${esUrl}/cases/_search`, method: 'POST', body: esSearch, headers: { 'content-type': 'application/json' } }),
    await load('GET /api/cases?type=military', { url: `${baseUrl}/api/cases?type=military` }),
    await load('GET /api/cases?q=infrared', { url: `${baseUrl}/api/cases?q=infrared` }),
    await load('GET /api/cases/{id}', { url: `${baseUrl}/api/cases/1947-roswell-debris-recovery` }),
    await load('GET /api/stats', { url: `${baseUrl}/api/stats` }),
  ];
  const baseline = rows[0].rps;
  console.log(`\n${connections} connections, ${seconds}s each, on this machine:\n`);
  console.log('endpoint'.padEnd(42), 'req/s'.padStart(8), 'x baseline'.padStart(11), 'p99 ms'.padStart(8), 'errors'.padStart(7));
  for (const row of rows) {
    console.log(row.title.padEnd(42), row.rps.toFixed(0).padStart(8), (row.rps / baseline).toFixed(2).padStart(11), String(row.p99).padStart(8), String(row.errors).padStart(7));
  }
} finally {
  if (api) {
    api.kill('SIGTERM');
    await waitExit(api);
  }
  if (started) await esLocal.stop({ name: 'dev' });
}
