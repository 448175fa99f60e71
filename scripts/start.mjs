#!/usr/bin/env node
// `npm start`: the whole service on one machine, no Docker needed.
//   1. Elasticsearch: ELASTICSEARCH_URL if set, else the project's local node (elastic/local).
//   2. The bundled archive (data/cases) is ingested when the alias is missing or the data changed;
//      so are the government documents in DOCUMENTS_DIR, when it is set (docs/documents.md).
//   3. The api serves on PORT (default 3000). Ctrl-C stops the api and any node started here.
import { ensureElasticsearch, ingestDocumentsIfChanged, ingestIfChanged, runApp, stopLocalElasticsearch, waitExit } from './local-stack.mjs';

let startedNode = false;
let api = null;
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  if (api && api.exitCode === null) {
    api.kill('SIGTERM');
    await waitExit(api);
  }
  if (startedNode) await stopLocalElasticsearch();
  process.exit(code);
}

process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  const { url, startedNow } = await ensureElasticsearch();
  startedNode = startedNow;
  const env = { ELASTICSEARCH_URL: url };
  if ((await ingestIfChanged(env)) !== 0) {
    console.error('[start] ingest failed; the api was not started');
    await shutdown(1);
  }
  if ((await ingestDocumentsIfChanged(env)) !== 0) {
    console.error('[start] the document ingest failed; the api was not started');
    await shutdown(1);
  }
  api = runApp('api', [], env);
  api.once('exit', (code) => shutdown(code ?? 0));
} catch (error) {
  console.error(`[start] ${error.message}`);
  await shutdown(1);
}
