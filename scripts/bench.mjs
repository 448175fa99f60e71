#!/usr/bin/env node
// `npm run bench`: figures only, each a ratio to a baseline measured in the same run, at two
// archive sizes (the bundled archive and 100k synthetic cases; 1M too with BENCH_1M=1):
//   - uncached list and `q` search vs the identical request sent straight to Elasticsearch, with a
//     pass-through proxy beside them: the most any process in between can reach on this machine;
//   - a cached hit, and the 304 path, vs bare Fastify serving the same bytes, with the api minus its
//     per-request duties (quota, access log, CORS, metrics) beside them: what those duties cost;
//   - a cursor walk of the whole archive, and the NDJSON export, vs Elasticsearch's own search_after walk
//     (both read by one client, asking for gzip as a consumer would);
//   - the ingest CLI vs a raw `_bulk` of the same documents; api RSS under load; ingest peak RSS.
// The Elasticsearch requests come from the project's own query builders (libs/search, loaded
// through ts-node), so the baseline is exactly what the api asks. Nothing passes or fails here.
// Loads compared with each other run in both orders and are averaged (compare()); a short walk is
// timed warm and repeated (steady()).
//
//   BENCH_SECONDS (5) per load run, BENCH_CONNECTIONS (20), BENCH_SIZES (bundled,100000),
//   BENCH_1M=1 adds 1000000, BENCH_ONLY=ingest|http|duties to run one group (duties: what each
//   per-request duty adds to a 304, not part of a full run), CASES_ALIAS (cases),
//   ELASTICSEARCH_URL (else the local dev node), BENCH_WORKDIR (a temp dir) for generated data.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { createGunzip } from 'node:zlib';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ensureElasticsearch, runApp, stopLocalElasticsearch, waitExit } from './local-stack.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

require('./support/load-typescript.cjs');
const { buildCaseListRequest, CASE_INDEX_SETTINGS, CASE_INDEX_MAPPINGS } = require('@app/search');
const { BULK_OPTIONS } = require(join(root, 'apps', 'ingest', 'src', 'indexing', 'case-indexer.ts'));

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ALIAS = process.env.CASES_ALIAS || 'cases';
const SIZES = (process.env.BENCH_SIZES ?? 'bundled,100000').split(',').concat(process.env.BENCH_1M ? ['1000000'] : []);
const ONLY = process.env.BENCH_ONLY ?? '';
const WALK_SECONDS = 2; // how long a short walk is repeated (see steady())
const PAGE = 500; // the api's largest page, so the cursor walk and its baseline fetch alike
const API_PORT = 3999;
const API_UNCACHED_PORT = 3998;
const BARE_PORT = 3997;
const PROXY_PORT = 3996;
const DUTY_FREE_PORT = 3995;
/** The request the cached-hit and 304 rows repeat. */
const HIT_PATH = '/api/cases?type=military';
const QUIET = ['ignore', 'ignore', 'inherit'];
const BUNDLED = join(root, 'data', 'cases');
const work = process.env.BENCH_WORKDIR ?? mkdtempSync(join(tmpdir(), 'uap-bench-'));
mkdirSync(work, { recursive: true });

const rows = [];
const row = (size, what, api, baseline, unit, goal, note = '') => rows.push({ size, what, api, baseline, unit, goal, note });
const skip = (size, what, note) => rows.push({ size, what, api: null, baseline: null, unit: '', goal: '', note });

// ---- processes -------------------------------------------------------------------------------

function peakRssMb(pid) {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    return null;
  }
}

async function waitForUrl(url, tries = 100) {
  for (let i = 0; i < tries; i += 1) {
    if (
      await fetch(url).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

async function startApi(port, env) {
  // The bench is one client hammering the api on purpose: lift its quota so it measures serving, not 429s.
  const child = runApp('api', [], { ...env, PORT: String(port), HOST: '127.0.0.1', QUOTA_REQUESTS: '1000000' }, QUIET);
  await waitForUrl(`http://127.0.0.1:${port}/api/stats`);
  return child;
}

async function stop(child) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await waitExit(child);
}

/** Runs the built ingest CLI; resolves to its wall time and peak RSS (its own, printed on exit). */
async function runIngest(env, dataset) {
  const started = process.hrtime.bigint();
  const child = spawn(
    process.execPath,
    ['-r', join(root, 'scripts', 'support', 'report-peak-rss.cjs'), join(root, 'dist', 'apps', 'ingest', 'main.js'), dataset],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const code = await waitExit(child);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (code !== 0)
    throw new Error(
      `ingest exited with ${code}: ${stderr
        .replace(/Indexing \[.*\n?/g, '')
        .trim()
        .slice(-600)}`,
    );
  return { seconds, peakMb: Number(/peak-rss-kb (\d+)/.exec(stderr)?.[1] ?? 0) / 1024 };
}

// ---- Elasticsearch ----------------------------------------------------------------------------

function esClient(esUrl) {
  const node = esUrl.split(',')[0];
  return async (method, path, body, contentType = 'application/json') => {
    const response = await fetch(`${node}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': contentType },
      body: body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
}

/**
 * The request the api sends for these list parameters, built by libs/search: the body, and the
 * _search path with the query-string parameters (filter_path) the client would put there.
 */
function searchBody(params) {
  const { index, filter_path: filterPath, ...body } = buildCaseListRequest(ALIAS, { limit: 50, offset: 0, ...params });
  const query = filterPath ? `?filter_path=${encodeURIComponent(filterPath.join(','))}` : '';
  return { index, body, path: `/${index}/_search${query}` };
}

// Both walks (the api's and Elasticsearch's own) are read by this one client, as a consumer would
// read them: keep-alive, `Accept-Encoding: gzip` (what Elasticsearch itself offers), and Node
// streams. fetch() decompresses through web streams, slowly enough to measure the client instead.
const walkAgent = new http.Agent({ keepAlive: true });

/** The response body as a (decompressed) Node stream; rejects on a status >= 400. */
function walkRequest(url, body) {
  return new Promise((resolve, reject) => {
    const headers = { 'accept-encoding': 'gzip', ...(body ? { 'content-type': 'application/json' } : {}) };
    const request = http.request(url, { method: body ? 'POST' : 'GET', agent: walkAgent, headers }, (response) => {
      const stream = response.headers['content-encoding'] === 'gzip' ? response.pipe(createGunzip()) : response;
      if (response.statusCode < 400) return resolve(stream);
      readAll(stream).then(
        (text) => reject(new Error(`${url.replace(/^http:\/\/[^/]+/, '')}: ${response.statusCode} ${text.slice(0, 200)}`)),
        reject,
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function readAll(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

const walkJson = async (url, body) => JSON.parse(await readAll(await walkRequest(url, body)));

/**
 * Elasticsearch walking every document itself: the list request (same sort, same fields) with
 * search_after from the last hit, as a consumer would walk it without the api.
 */
async function searchAfterWalk(esUrl, alias, source) {
  const { body, path } = searchBody({ limit: PAGE });
  delete body.from;
  body.track_total_hits = false;
  if (source) body._source = source;
  let after;
  let docs = 0;
  const started = process.hrtime.bigint();
  for (;;) {
    const url = `${esUrl.split(',')[0]}${path.replace(`/${ALIAS}/`, `/${alias}/`)}`;
    const page = await walkJson(url, JSON.stringify(after ? { ...body, search_after: after } : body));
    // filter_path leaves out hits.hits (and, with no total tracked, hits itself) when a page is empty.
    const hits = page.hits?.hits ?? [];
    docs += hits.length;
    if (hits.length < PAGE) break;
    after = hits.at(-1).sort;
  }
  return { docs, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** Sends a prepared `_bulk` body file raw, in chunks of the ingest's size with its concurrency. */
async function rawBulk(es, index, bulkFile) {
  await es('PUT', `/${index}`, {
    settings: { ...CASE_INDEX_SETTINGS, number_of_replicas: 0, refresh_interval: '-1' },
    mappings: CASE_INDEX_MAPPINGS,
  });
  const started = process.hrtime.bigint();
  const lines = createInterface({ input: createReadStream(bulkFile), crlfDelay: Infinity });
  const inFlight = new Set();
  let chunk = [];
  let bytes = 0;
  let docs = 0;
  const send = async (body) => {
    const result = await es('POST', `/${index}/_bulk`, body, 'application/x-ndjson');
    if (result.errors) throw new Error('raw _bulk baseline: Elasticsearch rejected documents');
  };
  let pending = null;
  for await (const line of lines) {
    if (pending === null) {
      pending = line;
      continue;
    }
    chunk.push(pending, line);
    bytes += Buffer.byteLength(pending) + Buffer.byteLength(line) + 2;
    pending = null;
    docs += 1;
    if (bytes >= BULK_OPTIONS.flushBytes) {
      const request = send(`${chunk.join('\n')}\n`).finally(() => inFlight.delete(request));
      inFlight.add(request);
      chunk = [];
      bytes = 0;
      if (inFlight.size >= BULK_OPTIONS.concurrency) await Promise.race(inFlight);
    }
  }
  if (chunk.length) inFlight.add(send(`${chunk.join('\n')}\n`));
  await Promise.all(inFlight);
  await es('PUT', `/${index}/_settings`, { index: { refresh_interval: '1s' } });
  await es('POST', `/${index}/_refresh`);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const { count } = await es('GET', `/${index}/_count`);
  await es('DELETE', `/${index}`);
  if (count !== docs) throw new Error(`raw _bulk baseline indexed ${count} of ${docs}`);
  return { docs, seconds };
}

// ---- HTTP load --------------------------------------------------------------------------------

async function load(options) {
  // A second of warm-up first, so neither side is measured with cold caches or JIT.
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, warmup: { connections: CONNECTIONS, duration: 1 }, ...options });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

/**
 * Load runs that are compared with each other, each measured twice: in the given order, then in
 * reverse. Whichever runs first meets Elasticsearch's and the JIT's coldest state, and drift in the
 * machine over a run favours one end; measuring both ways and averaging cancels most of that.
 * Resolves to each run's mean req/s and p99, and its errors, by name.
 */
async function compare(runs) {
  const names = Object.keys(runs);
  const results = Object.fromEntries(names.map((name) => [name, { rps: 0, p99: 0, errors: 0 }]));
  for (const order of [names, [...names].reverse()]) {
    for (const name of order) {
      const { rps, p99, errors } = await load(runs[name]);
      results[name].rps += rps / 2;
      results[name].p99 += p99 / 2;
      results[name].errors += errors;
    }
  }
  return results;
}

const DUTY_FREE_NOTE = 'the same api without quota, access log, CORS and metrics';

/** Headers worth replaying from a captured api response (not the per-connection ones). */
function replayable(headers) {
  const drop = new Set(['connection', 'keep-alive', 'date', 'transfer-encoding', 'content-length']);
  return Object.fromEntries([...headers].filter(([name]) => !drop.has(name)));
}

async function startProxy(esUrl, queries) {
  const routes = Object.fromEntries(
    queries.map(([, query, params]) => {
      const { body, path } = searchBody(params);
      return [`/api/cases?${query}`, { url: `${esUrl.split(',')[0]}${path}`, body: JSON.stringify(body) }];
    }),
  );
  const file = join(work, 'proxy-routes.json');
  writeFileSync(file, JSON.stringify(routes));
  const child = spawn(process.execPath, [join(root, 'scripts', 'support', 'proxy-floor.mjs'), String(PROXY_PORT), file], { stdio: QUIET });
  await waitForUrl(`http://127.0.0.1:${PROXY_PORT}/api/cases?${queries[0][1]}`);
  return child;
}

/**
 * The api with its per-request duties (quota, access log, CORS, metrics) left out, or all but the
 * `kept` ones; it loads through ts-node, so it starts slowly.
 */
async function startDutyFree(env, port = DUTY_FREE_PORT, kept = []) {
  const child = spawn(process.execPath, [join(root, 'scripts', 'support', 'api-without-duties.cjs')], {
    stdio: QUIET,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', QUOTA_REQUESTS: '1000000', KEEP_DUTIES: kept.join(',') },
  });
  await waitForUrl(`http://127.0.0.1:${port}/api/stats`, 600);
  return child;
}

async function startBare(capture) {
  const file = join(work, 'capture.json');
  writeFileSync(file, JSON.stringify(capture));
  const child = spawn(process.execPath, [join(root, 'scripts', 'support', 'bare-server.mjs'), String(BARE_PORT), file], { stdio: QUIET });
  await waitForUrl(`http://127.0.0.1:${BARE_PORT}/`);
  return child;
}

async function httpRows(size, es, esUrl, total) {
  const env = { ELASTICSEARCH_URL: esUrl, CASES_ALIAS: ALIAS };
  const esHeaders = { 'content-type': 'application/json' };

  // Uncached: the api with its response cache off, vs the same search body sent to Elasticsearch,
  // and a pass-through proxy as the floor any process in between can reach on this machine.
  const queries = [
    ['uncached list ?type=military', 'type=military', { type: 'military' }],
    ['uncached search ?q=radar', 'q=radar', { q: 'radar' }],
  ];
  const uncached = await startApi(API_UNCACHED_PORT, { ...env, CACHE_TTL_SECONDS: '0' });
  const apiBase = `http://127.0.0.1:${API_UNCACHED_PORT}`;
  let proxy;
  try {
    proxy = await startProxy(esUrl, queries);
    for (const [what, query, params] of queries) {
      const { body, path } = searchBody(params);
      const { direct, api, floor } = await compare({
        direct: { url: `${esUrl.split(',')[0]}${path}`, method: 'POST', body: JSON.stringify(body), headers: esHeaders },
        api: { url: `${apiBase}/api/cases?${query}` },
        floor: { url: `http://127.0.0.1:${PROXY_PORT}/api/cases?${query}` },
      });
      const repeat = await fetch(`${apiBase}/api/cases?${query}`);
      const cachedAnyway = repeat.headers.get('x-cache') === 'HIT' ? 'the api answered from cache despite CACHE_TTL_SECONDS=0' : '';
      row(size, `${what} req/s`, api.rps, direct.rps, 'req/s', '>= 0.9x', [errorsNote(api, direct), cachedAnyway].filter(Boolean).join('; '));
      row(size, `${what} p99`, api.p99, direct.p99, 'ms', '<= 1.2x');
      row(size, `  pass-through proxy req/s`, floor.rps, direct.rps, 'req/s', '', 'the floor: bytes piped untouched');
    }

    // The whole archive, page by page: the api's cursor vs Elasticsearch's own search_after, and the
    // export. On the api with its cache off, as a consumer's walk meets it: no page of it is a repeat.
    await attempt(size, 'cursor walk docs/s', async () => {
      const probe = await (await fetch(`${apiBase}/api/cases?limit=${PAGE}`)).json();
      if (probe.nextCursor === undefined) return skip(size, 'cursor walk docs/s', 'skipped: the api has no nextCursor');
      const walk = await steady(() => cursorWalk(apiBase));
      walkRow(size, 'cursor walk', walk, await steady(() => searchAfterWalk(esUrl, ALIAS)), total);
    });
    await attempt(size, 'NDJSON export docs/s', async () => {
      // Asked once, outside the timed walks: a HEAD runs the export's first search too.
      const probe = await fetch(`${apiBase}/api/cases/export`, { method: 'HEAD' });
      if (!(probe.headers.get('content-type') ?? '').includes('ndjson'))
        return skip(size, 'NDJSON export docs/s', 'skipped: the api has no /api/cases/export');
      const exported = await steady(() => exportWalk(apiBase));
      walkRow(size, 'NDJSON export', exported, await steady(() => searchAfterWalk(esUrl, ALIAS, { excludes: ['point'] })), total);
    });
  } finally {
    await stop(proxy);
    await stop(uncached);
  }

  const cached = await startApi(API_PORT, env);
  const base = `http://127.0.0.1:${API_PORT}`;
  const dutyFreeBase = `http://127.0.0.1:${DUTY_FREE_PORT}`;
  let bare;
  let dutyFree;
  try {
    dutyFree = await startDutyFree(env);
    // Cached hit and 304: the api serving a warm response vs bare Fastify sending those same bytes.
    const path = HIT_PATH;
    const first = await fetch(`${base}${path}`);
    const capture = { headers: replayable(first.headers), body: Buffer.from(await first.arrayBuffer()).toString('base64') };
    bare = await startBare(capture);
    await fetch(`${dutyFreeBase}${path}`);
    const { hit, floor, hitWithoutDuties } = await compare({
      hit: { url: `${base}${path}` },
      floor: { url: `http://127.0.0.1:${BARE_PORT}${path}` },
      hitWithoutDuties: { url: `${dutyFreeBase}${path}` },
    });
    row(size, 'cached hit req/s', hit.rps, floor.rps, 'req/s', '>= 0.8x', errorsNote(hit, floor));
    row(size, '  api without per-request duties', hitWithoutDuties.rps, floor.rps, 'req/s', '', DUTY_FREE_NOTE);
    const etag = first.headers.get('etag');
    if (etag) {
      const headers = { 'if-none-match': etag };
      const check = await fetch(`${base}${path}`, { headers });
      const { api304, bare304, withoutDuties304 } = await compare({
        api304: { url: `${base}${path}`, headers },
        bare304: { url: `http://127.0.0.1:${BARE_PORT}${path}`, headers },
        withoutDuties304: { url: `${dutyFreeBase}${path}`, headers },
      });
      row(
        size,
        '304 Not Modified req/s',
        api304.rps,
        bare304.rps,
        'req/s',
        '>= 0.8x',
        check.status === 304 ? '' : `the api answered ${check.status}, not 304`,
      );
      row(size, '  api without per-request duties', withoutDuties304.rps, bare304.rps, 'req/s', '', DUTY_FREE_NOTE);
    } else {
      skip(size, '304 Not Modified req/s', 'skipped: the api sends no ETag');
    }
    const apiRss = peakRssMb(cached.pid);
    const bareRss = peakRssMb(bare.pid);
    row(size, 'api peak RSS under load', apiRss, bareRss, 'MB', '', 'baseline: bare Fastify under the same load');
  } finally {
    await stop(bare);
    await stop(dutyFree);
    await stop(cached);
  }
}

/** A walk of the whole archive (`docs` and `seconds`, see steady()) against Elasticsearch's own. */
function walkRow(size, what, walk, direct, total) {
  const note = walk.docs === total ? '' : `reached ${walk.docs} of ${total} cases`;
  row(size, `${what} (${walk.docs} cases) docs/s`, walk.docs / walk.seconds, direct.docs / direct.seconds, 'docs/s', '>= 0.8x', note);
}

/**
 * BENCH_ONLY=duties: what each per-request duty costs a 304. The duty-free api, and the same api
 * with one duty put back, compared both ways round; each note turns the two rates into the
 * microseconds that duty adds to every 304.
 */
async function dutyRows(size, env) {
  const variants = [[], ['quota'], ['log'], ['metrics'], ['cors']];
  const started = await Promise.allSettled(variants.map((kept, i) => startDutyFree(env, DUTY_FREE_PORT - i, kept)));
  try {
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const urls = variants.map((_, i) => `http://127.0.0.1:${DUTY_FREE_PORT - i}${HIT_PATH}`);
    // The first answer gives the ETag; the others warm their own caches.
    const headers = { 'if-none-match': (await fetch(urls[0])).headers.get('etag') };
    for (const url of urls.slice(1)) await fetch(url);
    const results = await compare(Object.fromEntries(urls.map((url, i) => [i, { url, headers }])));
    const none = results[0];
    variants.forEach((kept, i) => {
      if (i === 0) return;
      const microseconds = 1e6 / results[i].rps - 1e6 / none.rps;
      const note = `${microseconds >= 0 ? '+' : ''}${microseconds.toFixed(1)} µs per 304; baseline: no per-request duty`;
      row(size, `304 with only the ${kept[0]} duty`, results[i].rps, none.rps, 'req/s', '', note);
    });
  } finally {
    await Promise.all(started.map((result) => (result.status === 'fulfilled' ? stop(result.value) : undefined)));
  }
}

/** Runs one measurement; if it breaks, its row says how and the others still run. */
async function attempt(size, what, measure) {
  try {
    await measure();
  } catch (error) {
    skip(size, what, `failed: ${error.message.slice(0, 120)}`);
  }
}

function errorsNote(...results) {
  const errors = results.reduce((sum, r) => sum + r.errors, 0);
  return errors ? `${errors} errors/non-2xx` : '';
}

/**
 * A walk as it runs warm. A short one (the bundled archive's takes tens of milliseconds) would be
 * timed cold, or by one scheduling hiccup, so after an unmeasured first run it repeats until it has
 * run WALK_SECONDS; a walk that long on its own is taken as it is. Resolves to one walk's docs and
 * its mean time.
 */
async function steady(walk) {
  const first = await walk();
  if (first.seconds >= WALK_SECONDS) return first;
  let runs = 0;
  let seconds = 0;
  while (seconds < WALK_SECONDS) {
    seconds += (await walk()).seconds;
    runs += 1;
  }
  return { docs: first.docs, seconds: seconds / runs };
}

async function cursorWalk(base) {
  const started = process.hrtime.bigint();
  let docs = 0;
  let url = `${base}/api/cases?limit=${PAGE}`;
  for (;;) {
    const page = await walkJson(url);
    docs += page.cases.length;
    if (!page.nextCursor) break;
    url = `${base}/api/cases?limit=${PAGE}&cursor=${encodeURIComponent(page.nextCursor)}`;
  }
  return { docs, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

async function exportWalk(base) {
  const started = process.hrtime.bigint();
  let docs = 0;
  // One record per line: count the newlines.
  for await (const chunk of await walkRequest(`${base}/api/cases/export`)) {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) docs += 1;
  }
  return { docs, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

// ---- datasets ---------------------------------------------------------------------------------

async function generated(count) {
  const ndjson = join(work, `${count}.ndjson`);
  const bulk = join(work, `${count}.bulk`);
  if (!existsSync(ndjson) || !existsSync(bulk)) {
    log(`generating ${count} synthetic cases in ${work}`);
    const child = spawn(process.execPath, [join(root, 'scripts', 'generate-cases.mjs'), '--count', String(count), '--out', ndjson, '--bulk', bulk], {
      stdio: QUIET,
    });
    if ((await waitExit(child)) !== 0) throw new Error('generate-cases failed');
  }
  return { ndjson, bulk };
}

function log(message) {
  process.stderr.write(`[bench] ${message}\n`);
}

async function benchSize(size, es, esUrl) {
  const synthetic = size !== 'bundled';
  const env = { ELASTICSEARCH_URL: esUrl, CASES_ALIAS: ALIAS, CASES_REPLICAS: '0' };
  const data = synthetic ? await generated(Number(size)) : { ndjson: BUNDLED };
  const label = synthetic ? `${Number(size).toLocaleString('en')} synthetic` : 'bundled';

  // The raw _bulk baseline runs before and after the CLI and is averaged: Elasticsearch's
  // background merges and the machine's drift would favour whichever went second.
  const compareRaw = synthetic && (ONLY === '' || ONLY === 'ingest');
  const rawBaseline = () => {
    log(`${label}: raw _bulk of the same documents`);
    return rawBulk(es, `${ALIAS}-bench-raw-bulk`, data.bulk);
  };
  const rawBefore = compareRaw ? await rawBaseline() : null;
  log(`${label}: ingesting ${data.ndjson} into alias ${ALIAS}`);
  const ingest = await runIngest(env, data.ndjson);
  const total = (await es('GET', `/${ALIAS}/_count`)).count;
  if (compareRaw) {
    const rawAfter = await rawBaseline();
    const rawSeconds = (rawBefore.seconds + rawAfter.seconds) / 2;
    row(
      label,
      'ingest CLI vs raw _bulk docs/s',
      total / ingest.seconds,
      rawAfter.docs / rawSeconds,
      'docs/s',
      '>= 0.8x',
      `ingest ${ingest.seconds.toFixed(1)} s (validation included), raw ${rawBefore.seconds.toFixed(1)} s and ${rawAfter.seconds.toFixed(1)} s`,
    );
  }
  const input = synthetic ? `, ${(statSync(data.ndjson).size / 1e6).toFixed(0)} MB of NDJSON` : '';
  row(label, 'ingest CLI peak RSS', ingest.peakMb, 512, 'MB', '< 1x', `baseline: the 512 MB budget; ${total} cases${input}`);
  if (ONLY === 'duties') {
    log(`${label}: the per-request duties, ${SECONDS}s per run, ${CONNECTIONS} connections`);
    await dutyRows(label, env);
  } else if (ONLY !== 'ingest') {
    log(`${label}: HTTP load, ${SECONDS}s per run, ${CONNECTIONS} connections`);
    await httpRows(label, es, esUrl, total);
  }
}

function printTable() {
  const header = ['archive', 'measurement', 'api', 'baseline', 'ratio', 'goal', 'note'];
  const fmt = (value, unit) => (value === null ? '-' : `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${unit}`);
  const lines = rows.map((r) => [
    r.size,
    r.what,
    fmt(r.api, r.unit),
    fmt(r.baseline, r.unit),
    r.api === null || !r.baseline ? '-' : `${(r.api / r.baseline).toFixed(2)}x`,
    r.goal,
    r.note,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const render = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\nnpm run bench, ${new Date().toISOString().slice(0, 16)}Z, ${SECONDS}s per load run, ${CONNECTIONS} connections, alias ${ALIAS}\n`);
  console.log(render(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const line of lines) console.log(render(line));
}

let startedNode = false;
try {
  const { url: esUrl, startedNow } = await ensureElasticsearch();
  startedNode = startedNow;
  const es = esClient(esUrl);
  for (const size of SIZES) await benchSize(size, es, esUrl);
  printTable();
  // Leave the bundled archive behind the alias, as `npm start` expects to find it.
  if (SIZES.at(-1) !== 'bundled') await runIngest({ ELASTICSEARCH_URL: esUrl, CASES_ALIAS: ALIAS }, BUNDLED);
} catch (error) {
  printTable();
  console.error(`[bench] ${error.stack ?? error.message}`);
  process.exitCode = 1;
} finally {
  if (!process.env.BENCH_WORKDIR) rmSync(work, { recursive: true, force: true });
  if (startedNode) await stopLocalElasticsearch();
}
