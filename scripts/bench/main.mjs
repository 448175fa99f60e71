#!/usr/bin/env node
// `npm run bench`: figures only, each a ratio to a baseline measured in the same run, at two
// archive sizes (the bundled archive and 100k synthetic cases; with BENCH_1M=1 also 1M, where only the
// ingest and the BENCH_ONLY=query rows run):
//   - each `q` search's Elasticsearch request against the keyword query before issue 16 (keyword-cost.mjs);
//   - uncached list, `q` search and suggest vs the identical request sent straight to Elasticsearch, with a
//     pass-through proxy beside them: the most any process in between can reach on this machine;
//   - a cached hit, and the 304 path, vs bare Fastify serving the same bytes, with the api minus its
//     per-request duties (quota, access log, CORS, metrics) beside them: what those duties cost;
//   - a cursor walk of the whole archive, and the NDJSON export, vs Elasticsearch's own search_after walk
//     (both read by one client, asking for gzip as a consumer would);
//   - the ingest CLI vs a raw `_bulk` of the same documents; api RSS under load; ingest peak RSS;
//   - with DOCUMENTS_DIR, once: the whole document corpus's ingest vs a raw `_bulk` of the same pages and
//     its peak RSS, a documents search miss and a page read vs the same requests sent to Elasticsearch.
// The Elasticsearch requests come from the project's own query builders (libs/search, loaded
// through ts-node), so the baseline is exactly what the api asks. Nothing passes or fails here.
// Loads compared with each other run in both orders and are averaged (compare()); a short walk is
// timed warm and repeated (steady()).
//
//   BENCH_SECONDS (5) per load run, BENCH_CONNECTIONS (20), BENCH_SIZES (bundled,100000),
//   BENCH_1M=1 adds 1000000, BENCH_ONLY=ingest|http|duties|query|keyword|miss to run one group (query: only the faceted list, bbox, stats and deep cursor page rows; keyword: only the q searches against the query before issue 16;
//   duties: what each per-request duty adds to a 304, not part of a full run; miss: only the list and search misses on new cache keys), CASES_ALIAS (cases),
//   BENCH_PORT_BASE (3999) the highest port the bench's processes listen on, BENCH_ES_PID when `ss` cannot find Elasticsearch's pid,
//   ELASTICSEARCH_URL (else the local dev node), BENCH_WORKDIR (a temp dir) for generated data.
//
// This file runs the sizes in turn; the rest is one module per concern: settings.mjs (the above, and
// the project code it loads), processes.mjs, elasticsearch.mjs (the HTTP client and baselines),
// runs.mjs (load runs, compared both ways round), load.mjs (the http rows), distinct-keys.mjs,
// miss-rows.mjs, keyword-cost.mjs and documents-rows.mjs (their rows), datasets.mjs and table.mjs.
import { rmSync, statSync } from 'node:fs';
import { ensureElasticsearch, stopLocalElasticsearch } from '../local-stack.mjs';
import { listenerPid } from './cpu.mjs';
import { generated } from './datasets.mjs';
import { distinctKeyRows } from './distinct-keys.mjs';
import { documentRows } from './documents-rows.mjs';
import { esClient, rawBulk } from './elasticsearch.mjs';
import { keywordCostRows } from './keyword-cost.mjs';
import { dutyRows, httpRows } from './load.mjs';
import { missRows } from './miss-rows.mjs';
import { runIngest, startApi, stop } from './processes.mjs';
import { ALIAS, API_PORT, BUNDLED, CONNECTIONS, log, ONLY, SECONDS, SIZES, work } from './settings.mjs';
import { printTable, row } from './table.mjs';

/** The api's read timeout in the query rows: longer than any search there takes. */
const UNCUT_SEARCH_TIMEOUT_MS = 30_000;

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
  // At a million cases only the questions asked of it are measured (faceted list, bbox, stats, a
  // deep cursor page): the uncached rows and walks of the whole archive there would take an hour.
  const queriesOnly = ONLY === 'query' || (ONLY === '' && Number(size) >= 1_000_000);
  if (ONLY === 'duties') {
    log(`${label}: the per-request duties, ${SECONDS}s per run, ${CONNECTIONS} connections`);
    await dutyRows(label, env);
  } else if (queriesOnly) {
    log(`${label}: faceted list, bbox, stats and a deep cursor page on new cache keys, ${SECONDS}s per run, ${CONNECTIONS} connections`);
    // No search cut short: Elasticsearch, the baseline, answers each search however long it takes,
    // while at a million cases a faceted list under load outlives the api's default SEARCH_TIMEOUT_MS
    // and would be answered 503 at once, which the rate would count as a fast answer.
    const cached = await startApi(API_PORT, { ...env, SEARCH_TIMEOUT_MS: String(UNCUT_SEARCH_TIMEOUT_MS) });
    try {
      await distinctKeyRows(
        label,
        esUrl,
        { base: `http://127.0.0.1:${API_PORT}`, pid: cached.pid },
        { total, esPid: listenerPid(esUrl.split(',')[0]) },
      );
    } finally {
      await stop(cached);
    }
  } else if (ONLY === 'miss') {
    log(`${label}: list and search misses on new cache keys, ${SECONDS}s per run, ${CONNECTIONS} connections`);
    await missRows(label, esUrl, env);
  } else if (ONLY === 'keyword') {
    log(`${label}: q searches on Elasticsearch against the query before issue 16, ${SECONDS}s per run, ${CONNECTIONS} connections`);
    await keywordCostRows(label, esUrl);
  } else if (ONLY !== 'ingest') {
    log(`${label}: HTTP load, ${SECONDS}s per run, ${CONNECTIONS} connections`);
    await httpRows(label, es, esUrl, total);
    log(`${label}: list and search misses on new cache keys`);
    await missRows(label, esUrl, env);
    await keywordCostRows(label, esUrl);
  }
}

let startedNode = false;
try {
  const { url: esUrl, startedNow } = await ensureElasticsearch();
  startedNode = startedNow;
  const es = esClient(esUrl);
  if (ONLY === 'documents') {
    // The api the rows start serves the bundled archive beside the documents; load it if it changed.
    await runIngest({ ELASTICSEARCH_URL: esUrl, CASES_ALIAS: ALIAS }, '--if-changed', BUNDLED);
    await documentRows(es, esUrl, { ELASTICSEARCH_URL: esUrl, CASES_ALIAS: ALIAS, CASES_REPLICAS: '0' });
  } else {
    for (const size of SIZES) await benchSize(size, es, esUrl);
    // The corpus is one size: its rows run once, on the bundled archive the api serves beside it.
    if (ONLY === '') await documentRows(es, esUrl, { ELASTICSEARCH_URL: esUrl, CASES_ALIAS: ALIAS, CASES_REPLICAS: '0' });
  }
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
