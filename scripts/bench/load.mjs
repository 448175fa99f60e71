// HTTP load rows: uncached, cached and 304 runs compared both ways round (runs.mjs), the walks of the whole archive, and the rows
// they make (uncached, walks, cached hit, 304, faceted and bbox lists on new cache keys, RSS; or, with BENCH_ONLY=duties, each duty's cost).
import { listQuery, searchAfterWalk, spellingFor, suggestQuery, walkJson, walkRequest } from './elasticsearch.mjs';
import { distinctKeyRows } from './distinct-keys.mjs';
import { listenerPid } from './cpu.mjs';
import { compare, SAME_WINDOW_METHOD, sameWindow, warmUp } from './runs.mjs';
import { peakRssMb, startApi, startBare, startDutyFree, startProxy, stop } from './processes.mjs';
import { ALIAS, API_PORT, API_UNCACHED_PORT, BARE_PORT, DUTY_FREE_PORT, HIT_PATH, PAGE, PROXY_PORT, WALK_SECONDS } from './settings.mjs';
import { attempt, errorsNote, row, skip } from './table.mjs';

const DUTY_FREE_NOTE = 'the same api without quota, access log, CORS and metrics';
/** How long BENCH_ONLY=duties loads each just-started api before measuring (see dutyRows). */
const DUTY_WARM_SECONDS = 15;

/** The note of a row measured by sameWindow(): how, and the two CPU costs per request behind the rates. */
function sameWindowNote(run, baseline) {
  const cpu = run.cpu?.api;
  const baselineCpu = baseline.cpu?.api;
  const costs =
    cpu && baselineCpu ? `; CPU per request ${cpu.toFixed(1)} µs vs ${baselineCpu.toFixed(1)} µs (${(baselineCpu / cpu).toFixed(2)}x)` : '';
  return `${SAME_WINDOW_METHOD}${costs}`;
}

/** Headers worth replaying from a captured api response (not the per-connection ones). */
export function replayable(headers) {
  const drop = new Set(['connection', 'keep-alive', 'date', 'transfer-encoding', 'content-length']);
  return Object.fromEntries([...headers].filter(([name]) => !drop.has(name)));
}

export async function httpRows(size, es, esUrl, total) {
  const env = { ELASTICSEARCH_URL: esUrl, CASES_ALIAS: ALIAS };
  const esHeaders = { 'content-type': 'application/json' };
  const esPid = listenerPid(esUrl.split(',')[0]);

  // Uncached: the api with its response cache off, vs the same search body sent to Elasticsearch,
  // and a pass-through proxy as the floor any process in between can reach on this machine.
  const queries = [
    listQuery('uncached list ?type=military', 'type=military', { type: ['military'] }),
    // The search the api sends once its spelling lookup has answered for these words (it remembers them).
    listQuery('uncached search ?q=radar', 'q=radar', { q: 'radar', spelling: (await spellingFor(esUrl.split(',')[0], 'radar')).spelling }),
    listQuery('uncached search ?q=Rosswell crash', 'q=Rosswell%20crash', {
      q: 'Rosswell crash',
      spelling: (await spellingFor(esUrl.split(',')[0], 'Rosswell crash')).spelling,
    }),
    suggestQuery('uncached suggest ?q=Rendle', 'q=Rendle', { q: 'Rendle', limit: 5 }),
  ];
  const uncached = await startApi(API_UNCACHED_PORT, { ...env, CACHE_TTL_SECONDS: '0' });
  const apiBase = `http://127.0.0.1:${API_UNCACHED_PORT}`;
  let proxy;
  try {
    proxy = await startProxy(esUrl, queries);
    for (const { what, apiPath, body, path } of queries) {
      const { direct, api, floor } = await compare({
        direct: { url: `${esUrl.split(',')[0]}${path}`, method: 'POST', body: JSON.stringify(body), headers: esHeaders, pids: { es: esPid } },
        api: { url: `${apiBase}${apiPath}`, pids: { api: uncached.pid, es: esPid } },
        floor: { url: `http://127.0.0.1:${PROXY_PORT}${apiPath}`, pids: { api: proxy.pid, es: esPid } },
      });
      const repeat = await fetch(`${apiBase}${apiPath}`);
      const cachedAnyway = repeat.headers.get('x-cache') === 'HIT' ? 'the api answered from cache despite CACHE_TTL_SECONDS=0' : '';
      row(
        size,
        `${what} req/s`,
        api.rps,
        direct.rps,
        'req/s',
        '>= 0.9x',
        [errorsNote(api, direct), cachedAnyway].filter(Boolean).join('; '),
        api.cpu,
      );
      row(size, `${what} p99`, api.p99, direct.p99, 'ms', '<= 1.2x');
      row(size, `  pass-through proxy req/s`, floor.rps, direct.rps, 'req/s', '', 'the floor: bytes piped untouched', floor.cpu);
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
      walkRow(size, 'NDJSON export', exported, await steady(() => searchAfterWalk(esUrl, ALIAS, { excludes: ['point', 'incidentDate'] })), total);
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
      hit: { url: `${base}${path}`, pids: { api: cached.pid } },
      floor: { url: `http://127.0.0.1:${BARE_PORT}${path}`, pids: { api: bare.pid } },
      hitWithoutDuties: { url: `${dutyFreeBase}${path}`, pids: { api: dutyFree.pid } },
    });
    row(size, 'cached hit req/s', hit.rps, floor.rps, 'req/s', '>= 0.8x', errorsNote(hit, floor), hit.cpu);
    row(size, '  api without per-request duties', hitWithoutDuties.rps, floor.rps, 'req/s', '', DUTY_FREE_NOTE, hitWithoutDuties.cpu);
    const etag = first.headers.get('etag');
    if (etag) {
      const headers = { 'if-none-match': etag };
      // Each api signs its cursors with a key of its own, so the same list has another ETag there.
      const dutyFreeHeaders = { 'if-none-match': (await fetch(`${dutyFreeBase}${path}`)).headers.get('etag') };
      const check = await fetch(`${base}${path}`, { headers });
      const dutyFreeCheck = await fetch(`${dutyFreeBase}${path}`, { headers: dutyFreeHeaders });
      const { api304, bare304, withoutDuties304 } = await compare({
        api304: { url: `${base}${path}`, headers, pids: { api: cached.pid } },
        bare304: { url: `http://127.0.0.1:${BARE_PORT}${path}`, headers, pids: { api: bare.pid } },
        withoutDuties304: { url: `${dutyFreeBase}${path}`, headers: dutyFreeHeaders, pids: { api: dutyFree.pid } },
      });
      row(
        size,
        '304 Not Modified req/s',
        api304.rps,
        bare304.rps,
        'req/s',
        '>= 0.8x',
        check.status === 304 ? '' : `the api answered ${check.status}, not 304`,
        api304.cpu,
      );
      const dutyFreeNote = dutyFreeCheck.status === 304 ? DUTY_FREE_NOTE : `${DUTY_FREE_NOTE}; it answered ${dutyFreeCheck.status}, not 304`;
      row(size, '  api without per-request duties', withoutDuties304.rps, bare304.rps, 'req/s', '', dutyFreeNote, withoutDuties304.cpu);
      // Issue 21's goal 2: what the duties (quota, access log and request id, CORS, metrics) leave of
      // the duty-free api's 304, both loaded in the same window (the duties cost a few µs, less than
      // this machine's drift between two runs taken one after the other).
      const paired = await sameWindow({
        api: { url: `${base}${path}`, headers, pids: { api: cached.pid } },
        dutyFree: { url: `${dutyFreeBase}${path}`, headers: dutyFreeHeaders, pids: { api: dutyFree.pid } },
      });
      row(
        size,
        '304 with every duty vs duty-free api',
        paired.api.rps,
        paired.dutyFree.rps,
        'req/s',
        '>= 0.8x',
        sameWindowNote(paired.api, paired.dutyFree),
        paired.api.cpu,
      );
      row(size, '  bare Fastify 304', bare304.rps, bare304.rps, 'req/s', '', 'what bare Fastify spends on the same 304', bare304.cpu);
    } else {
      skip(size, '304 Not Modified req/s', 'skipped: the api sends no ETag');
    }
    await distinctKeyRows(size, esUrl, { base, pid: cached.pid }, { total, esPid });

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
 * with one duty put back, loaded in the same window; each note gives the CPU that duty adds to
 * every 304.
 */
export async function dutyRows(size, env) {
  const variants = [[], ['quota'], ['log'], ['metrics'], ['cors']];
  const started = await Promise.allSettled(variants.map((kept, i) => startDutyFree(env, DUTY_FREE_PORT - i, kept)));
  try {
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const urls = variants.map((_, i) => `http://127.0.0.1:${DUTY_FREE_PORT - i}${HIT_PATH}`);
    // Each answers with its own ETag (each signs its cursors with a key of its own), which warms its cache too.
    const etags = [];
    for (const url of urls) etags.push((await fetch(url)).headers.get('etag'));
    const runs = urls.map((url, i) => ({ url, headers: { 'if-none-match': etags[i] }, pids: { api: started[i].value.pid } }));
    // Each has just started, and the duty-free api is loaded in every pair, the others in one: with a
    // short warm-up, every duty alone read about what all four together add in the goal row.
    for (const run of runs) await warmUp(run, DUTY_WARM_SECONDS);
    for (let i = 1; i < variants.length; i += 1) {
      // Each duty against the duty-free api in the same window: a duty's few µs are less than the machine's drift between runs.
      const { kept, none } = await sameWindow({ kept: runs[i], none: runs[0] });
      // Without /proc (not Linux) there is no CPU reading, only the two rates.
      const [withDuty, without] = [kept.cpu?.api, none.cpu?.api];
      const cost =
        withDuty == null || without == null
          ? 'CPU not measured'
          : `${withDuty >= without ? '+' : ''}${(withDuty - without).toFixed(1)} µs CPU per 304 (${without.toFixed(1)} µs without)`;
      const note = `${cost}; ${SAME_WINDOW_METHOD}`;
      row(size, `304 with only the ${variants[i][0]} duty`, kept.rps, none.rps, 'req/s', '', note, kept.cpu);
    }
  } finally {
    await Promise.all(started.map((result) => (result.status === 'fulfilled' ? stop(result.value) : undefined)));
  }
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
