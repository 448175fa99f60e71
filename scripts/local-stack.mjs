// The steps `npm start` and `npm run bench` share: find or start Elasticsearch, load the
// bundled archive when it changed, and run the built apps as child processes.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const esLocal = createRequire(import.meta.url)(join(root, 'elastic', 'local', 'es-local.js'));
const DATASET = join(root, 'data', 'cases');
const DEV_NODE = { name: 'dev', port: 9200 };

export const waitExit = (child) =>
  child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', resolve));

/** Runs a built app (`dist/apps/<app>/main.js`) with extra environment. */
export function runApp(app, args, env, stdio = 'inherit') {
  return spawn(process.execPath, [join(root, 'dist', 'apps', app, 'main.js'), ...args], { stdio, env: { ...process.env, ...env } });
}

/** ELASTICSEARCH_URL if set, else the project's local dev node (started if needed). */
export async function ensureElasticsearch() {
  if (process.env.ELASTICSEARCH_URL) return { url: process.env.ELASTICSEARCH_URL, startedNow: false };
  return esLocal.start(DEV_NODE);
}

export const stopLocalElasticsearch = () => esLocal.stop(DEV_NODE);

/**
 * Indexes the government documents from DOCUMENTS_DIR (the ingest reads it through the config
 * contract) unless the live documents index already holds that corpus; with DOCUMENTS_DIR empty
 * it does nothing and says so. Resolves to the exit code.
 */
export function ingestDocumentsIfChanged(env, stdio = 'inherit') {
  return waitExit(runApp('ingest', ['documents', '--if-changed', '--cases', DATASET, '--sources', join(root, 'data', 'sources')], env, stdio));
}

/** Indexes data/cases unless the live index already holds it; resolves to the exit code. */
export function ingestIfChanged(env, stdio = 'inherit') {
  return waitExit(runApp('ingest', ['--if-changed', DATASET], env, stdio));
}
