#!/usr/bin/env node
// `npm start`: the whole service on one machine, no Docker needed.
//   1. Elasticsearch: ELASTICSEARCH_URL if set, else the project's local node (elastic/local).
//   2. The bundled archive (data/cases) is ingested when the alias is missing or the data changed.
//   3. The api serves on PORT (default 3000). Ctrl-C stops the api and any node started here.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const esLocal = createRequire(import.meta.url)(join(root, 'elastic', 'local', 'es-local.js'));
const DATASET = join(root, 'data', 'cases');

let startedNode = false;
let api = null;
let stopping = false;

function run(script, args) {
  return spawn(process.execPath, [join(root, script), ...args], { stdio: 'inherit', env: process.env });
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  if (api && api.exitCode === null) {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
  }
  if (startedNode) await esLocal.stop({ name: 'dev' });
  process.exit(code);
}

process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  if (!process.env.ELASTICSEARCH_URL) {
    const { url, startedNow } = await esLocal.start({ name: 'dev', port: 9200 });
    process.env.ELASTICSEARCH_URL = url;
    startedNode = startedNow;
  }
  const ingest = run('dist/apps/ingest/main.js', ['--if-changed', DATASET]);
  const ingestCode = await new Promise((resolve) => ingest.once('exit', resolve));
  if (ingestCode !== 0) {
    console.error('[start] ingest failed; the api was not started');
    await shutdown(1);
  }
  api = run('dist/apps/api/main.js', []);
  api.once('exit', (code) => shutdown(code ?? 0));
} catch (error) {
  console.error(`[start] ${error.message}`);
  await shutdown(1);
}
