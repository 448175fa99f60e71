#!/usr/bin/env node
// `npm run bench:old-vs-new -- OLD_ROOT`: today's build against an older one, in one run, on the
// rows a change to the response path can move: a cached hit (against bare Fastify sending the same
// bytes), its 304, and misses on a new cache key every request (the list with `q`, the list with a
// filter, facets, stats and, when the documents alias answers in both, the documents search). Each
// pair is loaded in both orders and averaged (compare()). OLD_ROOT is a checkout of the older commit
// with its api built (`git archive <commit> | tar -x -C OLD_ROOT`, node_modules linked, `npx nest build api` there);
// both apis read the same alias, which this build's ingest fills from the bundled archive first.
// BENCH_ROWS picks some of them (`hit`, `304`, `misses`; all by default). BENCH_SECONDS,
// BENCH_CONNECTIONS, ELASTICSEARCH_URL, CASES_ALIAS and BENCH_PORT_BASE as for `npm run bench`.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { listenerPid } from './cpu.mjs';
import { replayable } from './load.mjs';
import { runIngest, startBare, stop, waitForUrl } from './processes.mjs';
import { API_WARM_SECONDS, compare, distinct, farDay, warmUp } from './runs.mjs';
import { ALIAS, CASE_FACETS, BARE_PORT, BENCH_CURSOR_KEY, BUNDLED, HIT_PATH, log, PORT_BASE, QUIET, root } from './settings.mjs';

const oldRoot = process.argv[2] && resolve(process.argv[2]);
if (!oldRoot) throw new Error('usage: node scripts/bench/old-vs-new.mjs OLD_ROOT (a checkout of the older commit, its api built)');
const esUrl = process.env.ELASTICSEARCH_URL;
if (!esUrl) throw new Error('ELASTICSEARCH_URL names the node both apis read');
const env = { ELASTICSEARCH_URL: esUrl, CASES_ALIAS: ALIAS, CASES_REPLICAS: '0' };
const FACETS = CASE_FACETS.join(',');
const ROW_NAMES = ['hit', '304', 'misses'];
const ROWS = new Set((process.env.BENCH_ROWS ?? ROW_NAMES.join(',')).split(','));
for (const row of ROWS) if (!ROW_NAMES.includes(row)) throw new Error(`BENCH_ROWS: no rows named ${row} (${ROW_NAMES.join(', ')})`);
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

/**
 * The miss rows, [name, i -> path of request i], each a new cache key: the documents search only
 * when both apis answer it (an older build may have no documents endpoints, or no index to read).
 */
async function missRows(url) {
  const rows = [
    ['list miss ?q=radar, new key each', (i) => `/api/cases?q=radar&dateTo=${farDay(i)}`],
    ['list miss ?type=military, new key each', (i) => `/api/cases?type=military&dateTo=${farDay(i)}`],
    ['faceted list miss, new key each', (i) => `/api/cases?facets=${FACETS}&dateTo=${farDay(i)}`],
    ['stats miss, new key each', (i) => `/api/stats?dateTo=${farDay(i)}`],
  ];
  const documents = ['documents search miss ?q=saucer, new key each', (i) => `/api/documents?q=saucer&dateTo=${farDay(i)}`];
  const answers = await Promise.all(['old', 'new'].map((which) => fetch(url(which, documents[1](0))).then((response) => response.status)));
  if (answers.every((status) => status === 200)) rows.push(documents);
  else log(`documents search left out: the apis answered ${answers.join(' and ')}`);
  return rows;
}

/** A run's figures; `answered304` when every answer is meant to be a 304 (which the load counts as a non-2xx). */
const fmt = (result, answered304 = false) =>
  `${result.rps.toFixed(0)} req/s, p99 ${result.p99.toFixed(1)} ms, api CPU ${result.cpu?.api?.toFixed(0) ?? '-'} µs/req${result.errors && !answered304 ? `, ${result.errors} errors` : ''}`;

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

  const lines = [];
  const pair = (name, result, answered304 = false) => [
    name,
    `  old  ${fmt(result.old, answered304)}`,
    `  new  ${fmt(result.new, answered304)}`,
    `  new/old ${(result.new.rps / result.old.rps).toFixed(2)}x req/s, ${(result.new.p99 / result.old.p99).toFixed(2)}x p99`,
  ];

  if (ROWS.has('hit')) {
    log('cached hit: old, new and bare Fastify, both orders');
    const hit = await compare({
      old: { url: url('old', HIT_PATH), pids: { api: apis.old.pid } },
      new: { url: url('new', HIT_PATH), pids: { api: apis.new.pid } },
      bare: { url: `http://127.0.0.1:${BARE_PORT}${HIT_PATH}`, pids: { api: bare.pid } },
    });
    lines.push(
      `cached hit ${HIT_PATH}`,
      `  old  ${fmt(hit.old)}  (${(hit.old.rps / hit.bare.rps).toFixed(2)}x bare)`,
      `  new  ${fmt(hit.new)}  (${(hit.new.rps / hit.bare.rps).toFixed(2)}x bare)`,
      `  bare ${fmt(hit.bare)}`,
      `  new/old ${(hit.new.rps / hit.old.rps).toFixed(2)}x`,
    );
  }

  if (ROWS.has('304')) {
    log('304 Not Modified: old and new, both orders');
    const etagOf = async (which) => {
      const etag = (await fetch(url(which, HIT_PATH))).headers.get('etag');
      const check = await fetch(url(which, HIT_PATH), { headers: { 'if-none-match': etag } });
      if (check.status !== 304) throw new Error(`the ${which} api answered its own ETag with ${check.status}, not 304`);
      return etag;
    };
    const runs = {
      old: { url: url('old', HIT_PATH), headers: { 'if-none-match': await etagOf('old') }, pids: { api: apis.old.pid } },
      new: { url: url('new', HIT_PATH), headers: { 'if-none-match': await etagOf('new') }, pids: { api: apis.new.pid } },
    };
    for (const run of Object.values(runs)) await warmUp(run);
    const notModified = await compare(runs);
    lines.push(...pair(`304 Not Modified ${HIT_PATH}`, notModified, true));
  }

  for (const [name, path] of ROWS.has('misses') ? await missRows(url) : []) {
    log(`${name}: old and new, both orders`);
    const runs = Object.fromEntries(
      ['old', 'new'].map((which) => [
        which,
        distinct(url(which, ''), (i) => ({ method: 'GET', path: path(i) }), { api: apis[which].pid, es: esPid }),
      ]),
    );
    for (const run of Object.values(runs)) await warmUp(run, WARM_SECONDS);
    lines.push(...pair(name, await compare(runs)));
  }

  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await stop(bare);
  await stop(apis.old);
  await stop(apis.new);
}
