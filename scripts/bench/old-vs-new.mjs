#!/usr/bin/env node
// `npm run bench:old-vs-new -- OLD_ROOT`: today's build against an older one, in one run, on the
// rows a change to the response path can move: a cached hit (against bare Fastify sending the same
// bytes) and a list miss with `q` on a new cache key every request. Each pair is loaded in both
// orders and averaged (compare()). OLD_ROOT is a checkout of the older commit with its api built
// (`git archive <commit> | tar -x -C OLD_ROOT`, node_modules linked, `npx nest build api` there);
// both apis read the same alias, which this build's ingest fills from the bundled archive first.
// BENCH_SECONDS, BENCH_CONNECTIONS, ELASTICSEARCH_URL, CASES_ALIAS and BENCH_PORT_BASE as for `npm run bench`.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { listenerPid } from './cpu.mjs';
import { replayable } from './load.mjs';
import { runIngest, startBare, stop, waitForUrl } from './processes.mjs';
import { API_WARM_SECONDS, compare, distinct, farDay, warmUp } from './runs.mjs';
import { ALIAS, BARE_PORT, BENCH_CURSOR_KEY, BUNDLED, HIT_PATH, log, PORT_BASE, QUIET, root } from './settings.mjs';

const oldRoot = process.argv[2] && resolve(process.argv[2]);
if (!oldRoot) throw new Error('usage: node scripts/bench/old-vs-new.mjs OLD_ROOT (a checkout of the older commit, its api built)');
const esUrl = process.env.ELASTICSEARCH_URL;
if (!esUrl) throw new Error('ELASTICSEARCH_URL names the node both apis read');
const env = { ELASTICSEARCH_URL: esUrl, CASES_ALIAS: ALIAS, CASES_REPLICAS: '0' };
const ports = { old: PORT_BASE - 20, new: PORT_BASE - 21 };
/** As the miss rows (runs.mjs), unless BENCH_WARM_SECONDS says otherwise. */
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? API_WARM_SECONDS);

async function startBuiltApi(checkout, port) {
  const child = spawn(process.execPath, [join(checkout, 'dist', 'apps', 'api', 'main.js')], {
    stdio: QUIET,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', QUOTA_REQUESTS: '1000000', CURSOR_KEY: BENCH_CURSOR_KEY },
  });
  await waitForUrl(`http://127.0.0.1:${port}/api/stats`, 600);
  return child;
}

const fmt = (result) =>
  `${result.rps.toFixed(0)} req/s, p99 ${result.p99.toFixed(1)} ms, api CPU ${result.cpu?.api?.toFixed(0) ?? '-'} µs/req${result.errors ? `, ${result.errors} errors` : ''}`;

const esPid = listenerPid(esUrl.split(',')[0]);
log(`ingesting ${BUNDLED} into alias ${ALIAS}`);
await runIngest(env, BUNDLED);
const apis = {};
let bare;
try {
  apis.old = await startBuiltApi(oldRoot, ports.old);
  apis.new = await startBuiltApi(root, ports.new);
  const url = (which, path) => `http://127.0.0.1:${ports[which]}${path}`;
  const first = await fetch(url('new', HIT_PATH));
  bare = await startBare({ headers: replayable(first.headers), body: Buffer.from(await first.arrayBuffer()).toString('base64') });
  await fetch(url('old', HIT_PATH));

  log('cached hit: old, new and bare Fastify, both orders');
  const hit = await compare({
    old: { url: url('old', HIT_PATH), pids: { api: apis.old.pid } },
    new: { url: url('new', HIT_PATH), pids: { api: apis.new.pid } },
    bare: { url: `http://127.0.0.1:${BARE_PORT}${HIT_PATH}`, pids: { api: bare.pid } },
  });

  log('list miss ?q=radar, new key each: old and new, both orders');
  const miss = (which) =>
    distinct(url(which, ''), (i) => ({ method: 'GET', path: `/api/cases?q=radar&dateTo=${farDay(i)}` }), { api: apis[which].pid, es: esPid });
  const misses = { old: miss('old'), new: miss('new') };
  for (const run of Object.values(misses)) await warmUp(run, WARM_SECONDS);
  const listMiss = await compare(misses);

  const lines = [
    `cached hit ${HIT_PATH}`,
    `  old  ${fmt(hit.old)}  (${(hit.old.rps / hit.bare.rps).toFixed(2)}x bare)`,
    `  new  ${fmt(hit.new)}  (${(hit.new.rps / hit.bare.rps).toFixed(2)}x bare)`,
    `  bare ${fmt(hit.bare)}`,
    `  new/old ${(hit.new.rps / hit.old.rps).toFixed(2)}x`,
    'list miss /api/cases?q=radar&dateTo=<new each request>',
    `  old  ${fmt(listMiss.old)}`,
    `  new  ${fmt(listMiss.new)}`,
    `  new/old ${(listMiss.new.rps / listMiss.old.rps).toFixed(2)}x`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await stop(bare);
  await stop(apis.old);
  await stop(apis.new);
}
