// Issue 21: a real miss. A list and a `q` search asked with the api's response cache ON and a new
// cache key every request, so each one pays what a production miss pays (validation, the search,
// the envelope, the ETag, storing the bytes and the stale copy), against two baselines in the same
// run: a pass-through proxy that sends the same searches and pipes Elasticsearch's bytes back (the
// floor any process in between reaches on this machine), and the same searches sent straight to
// Elasticsearch. Loads run both ways round and are averaged (compare()); every row carries the
// CPU time per request of the process in between and of Elasticsearch.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listenerPid } from './cpu.mjs';
import { searchBody } from './elasticsearch.mjs';
import { API_WARM_SECONDS, compare, distinct, farDay, nextKey, PLACEHOLDER_DAY, warmUp } from './runs.mjs';
import { startApi, stop, waitForUrl } from './processes.mjs';
import { NOTHING_MISSPELT, PORT_BASE, QUIET, root, work } from './settings.mjs';
import { attempt, row } from './table.mjs';

/** Ports of their own, below the other bench processes' (PORT_BASE - 4 and up; the duty rows count down from there). */
const MISS_API_PORT = PORT_BASE - 10;
const MISS_PROXY_PORT = PORT_BASE - 11;

/** [row name, api query (before `&dateTo=`), list parameters]: 50 summaries each, the api's default page. */
const MISSES = [
  ['list miss ?type=military, cache on, new key each', 'type=military', { type: ['military'] }],
  // radar is an indexed word: the spelling lookup the api remembers corrects nothing.
  ['search miss ?q=radar, cache on, new key each', 'q=radar', { q: 'radar', spelling: NOTHING_MISSPELT }],
];

async function startDistinctProxy(esUrl) {
  const routes = Object.fromEntries(
    MISSES.map(([, query, params]) => {
      const { body, path } = searchBody({ ...params, dateTo: PLACEHOLDER_DAY });
      return [`/api/cases?${query}&dateTo=`, { url: `${esUrl.split(',')[0]}${path}`, body: JSON.stringify(body), placeholder: PLACEHOLDER_DAY }];
    }),
  );
  const file = join(work, 'proxy-distinct-routes.json');
  writeFileSync(file, JSON.stringify(routes));
  const child = spawn(process.execPath, [join(root, 'scripts', 'support', 'proxy-distinct.mjs'), String(MISS_PROXY_PORT), file], { stdio: QUIET });
  await waitForUrl(`http://127.0.0.1:${MISS_PROXY_PORT}/api/cases?${MISSES[0][1]}&dateTo=${farDay(0)}`);
  return child;
}

export async function missRows(size, esUrl, env) {
  const esPid = listenerPid(esUrl.split(',')[0]);
  const api = await startApi(MISS_API_PORT, env);
  let proxy;
  try {
    proxy = await startDistinctProxy(esUrl);
    const apiBase = `http://127.0.0.1:${MISS_API_PORT}`;
    for (const [what, query, params] of MISSES) {
      await attempt(size, `${what} req/s`, async () => {
        const runs = {
          direct: distinct(
            esUrl.split(',')[0],
            (i) => {
              const { body, path } = searchBody({ ...params, dateTo: farDay(i) });
              return { method: 'POST', path, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
            },
            { es: esPid },
          ),
          api: distinct(apiBase, (i) => ({ method: 'GET', path: `/api/cases?${query}&dateTo=${farDay(i)}` }), { api: api.pid, es: esPid }),
          floor: distinct(`http://127.0.0.1:${MISS_PROXY_PORT}`, (i) => ({ method: 'GET', path: `/api/cases?${query}&dateTo=${farDay(i)}` }), {
            api: proxy.pid,
            es: esPid,
          }),
        };
        // Both processes in between started just now: run them warm first (see warmUp), the api until its
        // response cache is full, as a long-running api's is.
        await warmUp(runs.api, API_WARM_SECONDS);
        await warmUp(runs.floor);
        const results = await compare(runs);
        const check = await fetch(`${apiBase}/api/cases?${query}&dateTo=${farDay(nextKey())}`);
        const count = check.ok ? (await check.json()).count : undefined;
        const miss = !check.ok
          ? `a new key answered ${check.status}`
          : check.headers.get('x-cache') === 'MISS'
            ? ''
            : `a new key answered ${check.headers.get('x-cache')}`;
        const { api: served, floor, direct } = results;
        // Named by side: an api search that outlives SEARCH_TIMEOUT_MS under load is the api's own 503.
        const failed = Object.entries({ api: served, proxy: floor, Elasticsearch: direct })
          .filter(([, result]) => result.errors > 0)
          .map(([name, result]) => `${name} ${result.errors}`);
        const note = [failed.length ? `errors/non-2xx: ${failed.join(', ')}` : '', miss, count === undefined ? '' : `${count} summaries a page`]
          .filter(Boolean)
          .join('; ');
        row(size, `${what} req/s`, served.rps, floor.rps, 'req/s', '>= 0.8x', `baseline: the pass-through proxy; ${note}`, served.cpu);
        row(size, `${what} p99`, served.p99, floor.p99, 'ms', '<= 1.3x', 'baseline: the pass-through proxy');
        row(size, `  pass-through proxy req/s`, floor.rps, direct.rps, 'req/s', '', 'baseline: the same searches sent to Elasticsearch', floor.cpu);
        row(
          size,
          `  the api vs Elasticsearch req/s`,
          served.rps,
          direct.rps,
          'req/s',
          '',
          'baseline: the same searches sent to Elasticsearch; CPU: of that direct run',
          direct.cpu,
        );
        if (served.cpu?.api !== null && served.cpu?.es !== null && served.cpu?.es)
          row(
            size,
            `  api CPU per miss vs Elasticsearch's`,
            served.cpu.api,
            served.cpu.es,
            'µs',
            query.startsWith('type') ? '<= 0.35x' : '',
            'both measured over the api run',
          );
        // Goal 3's floor: what a process that only pipes the bytes spends against Elasticsearch's CPU.
        if (floor.cpu?.api !== null && floor.cpu?.es)
          row(
            size,
            `  proxy CPU per miss vs Elasticsearch's`,
            floor.cpu.api,
            floor.cpu.es,
            'µs',
            '',
            'the floor for the row above: a process that only pipes the bytes; both measured over the proxy run',
          );
      });
    }
  } finally {
    await stop(proxy);
    await stop(api);
  }
}
