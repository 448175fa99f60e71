#!/usr/bin/env node
// Search quality on the judged query set (test/search-quality/judged-queries.json): indexes
// data/cases with the real ingest CLI into ELASTICSEARCH_URL under its own alias, runs the real
// api against it, sends every judged query as `GET /api/cases?q=...&limit=10` and prints MRR@10
// (the mean over queries of 1/rank of the first relevant case in the top 10, 0 when none is) and
// recall@10 (the mean share of each query's relevant cases found in the top 10), per kind, over the
// kinds written from the records, over those written the way people ask, and overall; then every
// query whose relevant cases all miss the top 10. A page without a relevant case that offers a
// did-you-mean is followed, as a person would click it: the suggestion's page counts, and the
// zero-result queries' line says how many got a suggestion that finds their case. A query with no
// relevant case (`relevant: []`, something the archive lacks) counts for no MRR: it is honest when
// no case is listed as matching all its words (`match: all`); a query with `allRelevant` is honest
// when its first relevant case is listed as `all`.
// Figures only; nothing here passes or fails.
//
//   ELASTICSEARCH_URL=http://127.0.0.1:9412 node scripts/search-quality.mjs [--no-build]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runApp, waitExit } from './local-stack.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({ options: { 'no-build': { type: 'boolean', default: false } } });
const esUrl = process.env.ELASTICSEARCH_URL;
if (!esUrl) throw new Error('set ELASTICSEARCH_URL to the Elasticsearch to measure on (its alias search-quality is replaced)');

// askedKinds: the kinds written the way people ask rather than from the records' own words.
const { queries, askedKinds } = JSON.parse(readFileSync(join(root, 'test', 'search-quality', 'judged-queries.json'), 'utf8'));
const PORT = 3000 + Math.floor(Math.random() * 900) + 100;
const QUIET = ['ignore', 'ignore', 'inherit'];
// One client sending every query, and the did-you-mean after some: far more than the default quota allows.
const env = {
  ELASTICSEARCH_URL: esUrl,
  CASES_ALIAS: 'search-quality',
  CACHE_TTL_SECONDS: '0',
  PORT: String(PORT),
  HOST: '127.0.0.1',
  QUOTA_REQUESTS: '100000',
};

if (!options['no-build']) execFileSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: QUIET });
if ((await waitExit(runApp('ingest', ['--if-changed', join(root, 'data', 'cases')], env, QUIET))) !== 0) throw new Error('ingest failed');
const api = runApp('api', [], env, QUIET);
try {
  const baseUrl = `http://127.0.0.1:${PORT}`;
  for (
    let i = 0;
    i < 100 &&
    !(await fetch(`${baseUrl}/api/stats`).then(
      (r) => r.ok,
      () => false,
    ));
    i += 1
  ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const page = async (q) => {
    const response = await fetch(`${baseUrl}/api/cases?limit=10&q=${encodeURIComponent(q)}`);
    const body = await response.json();
    return { body, cases: response.ok ? body.cases : [], total: body.total ?? `HTTP ${response.status}` };
  };
  const results = [];
  const honesty = [];
  for (const query of queries) {
    const typed = await page(query.q);
    if (query.relevant.length === 0 || query.allRelevant) {
      const first = typed.cases.find((c) => query.relevant.includes(c.id));
      const honest = query.relevant.length === 0 ? typed.cases.every((c) => c.match !== 'all') : first?.match === 'all';
      honesty.push({ ...query, honest, total: typed.total, all: typed.cases.filter((c) => c.match === 'all').map((c) => c.id) });
      if (query.relevant.length === 0) continue;
    }
    const inTop = (cases) => cases.some((c) => query.relevant.includes(c.id));
    // Did you mean, followed where the typed words' page has nothing relevant.
    const suggested = !inTop(typed.cases) && typed.body.suggestion ? await page(typed.body.suggestion) : undefined;
    const { cases } = suggested && inTop(suggested.cases) ? suggested : typed;
    const ids = cases.map((c) => c.id);
    const rank = ids.findIndex((id) => query.relevant.includes(id)) + 1;
    const recall = query.relevant.filter((id) => ids.includes(id)).length / query.relevant.length;
    results.push({
      ...query,
      rank,
      reciprocal: rank ? 1 / rank : 0,
      recall,
      total: typed.total,
      suggestion: typed.body.suggestion ?? null,
      viaSuggestion: cases !== typed.cases,
      top: ids.slice(0, 3),
    });
  }

  const mean = (rows, key) => rows.reduce((sum, row) => sum + row[key], 0) / rows.length;
  const line = (label, rows) =>
    `  ${label.padEnd(16)} ${String(rows.length).padStart(3)} queries  MRR@10 ${mean(rows, 'reciprocal').toFixed(3)}  recall@10 ${mean(rows, 'recall').toFixed(3)}  misses ${rows.filter((row) => row.rank === 0).length}`;
  const written = (asked) => results.filter((row) => askedKinds.includes(row.kind) === asked);
  for (const kind of [...new Set(results.map((row) => row.kind))])
    console.log(
      line(
        kind,
        results.filter((row) => row.kind === kind),
      ),
    );
  console.log(line('from the records', written(false)));
  console.log(line('as people ask', written(true)));
  console.log(line('overall', results));
  const zero = results.filter((row) => row.total === 0);
  console.log(
    `\nZero-result queries: ${zero.length}; with a did-you-mean: ${zero.filter((row) => row.suggestion).length}; ` +
      `whose did-you-mean finds the case in the top 10: ${zero.filter((row) => row.viaSuggestion && row.rank > 0).length}`,
  );
  for (const row of results.filter((row) => row.viaSuggestion))
    console.log(`  ${JSON.stringify(row.q)} -> ${JSON.stringify(row.suggestion)}: rank ${row.rank}`);
  if (honesty.length > 0) {
    console.log(
      `\nmatch honest (nothing the archive lacks listed as all; the case asked for listed as all): ${honesty.filter((row) => row.honest).length} of ${honesty.length}`,
    );
    for (const row of honesty.filter((row) => !row.honest))
      console.log(`  ${JSON.stringify(row.q)} (${row.kind}): total ${row.total}, all ${JSON.stringify(row.all)}`);
  }
  const misses = results.filter((row) => row.rank === 0);
  console.log(`\nNot in the top 10 (${misses.length}):`);
  for (const row of misses) console.log(`  ${JSON.stringify(row.q)} (${row.kind}): total ${row.total}, top ${JSON.stringify(row.top)}`);
  const low = results.filter((row) => row.rank > 1);
  console.log(`\nFound below rank 1 (${low.length}):`);
  for (const row of low) console.log(`  ${JSON.stringify(row.q)} (${row.kind}): rank ${row.rank}, top ${JSON.stringify(row.top)}`);
} finally {
  api.kill('SIGTERM');
  await waitExit(api);
}
