#!/usr/bin/env node
// `npm run bench`: load figures for the api, each against a baseline measured in the same run.
// Baseline: the same search sent straight to Elasticsearch, so the ratio shows what the api layer
// (validation, envelope, HTTP) costs on this machine. Figures only; nothing here passes or fails.
//   BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 20)
import autocannon from 'autocannon';
import { ensureElasticsearch, ingestIfChanged, runApp, stopLocalElasticsearch, waitExit } from './local-stack.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = 3999;

const QUIET = ['ignore', 'ignore', 'inherit'];

async function load(title, options) {
  const result = await autocannon({ connections, duration: seconds, ...options });
  return { title, rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

let started = false;
let api;
try {
  const { url: esUrl, startedNow } = await ensureElasticsearch();
  started = startedNow;
  // The bench is one client hammering the api on purpose: lift its quota so it measures serving, not 429s.
  const env = { ELASTICSEARCH_URL: esUrl, PORT: String(PORT), HOST: '127.0.0.1', QUOTA_REQUESTS: '1000000' };
  if ((await ingestIfChanged(env, QUIET)) !== 0) throw new Error('ingest failed');
  api = runApp('api', [], env, QUIET);
  for (let i = 0; i < 50; i += 1) {
    if (await fetch(`http://127.0.0.1:${PORT}/api/stats`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }

  const baseUrl = `http://127.0.0.1:${PORT}`;
  // What buildCaseListRequest sends for ?type=military (see libs/search/src/case-list.query.ts).
  const esSearch = JSON.stringify({
    from: 0,
    size: 50,
    track_total_hits: true,
    _source: ['id', 'date', 'dateDisplay', 'title', 'location', 'type', 'credibility', 'tranche', 'hasVideo', 'summary'],
    query: { bool: { filter: [{ term: { type: 'military' } }], must: [] } },
    sort: [{ date: { order: 'desc' } }, { id: { order: 'asc' } }],
  });
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
  if (started) await stopLocalElasticsearch();
}
