// What a `q` search costs Elasticsearch now against the keyword query before issue 16 (typo-tolerant,
// prefix-aware, deeper search): the same list request (50 summaries, relevance order) sent straight
// to Elasticsearch with each query, compared both ways round (compare()). Only the keyword part
// differs; the old one is kept here as it was (commit 4cca1e1, libs/search/src/case-list.query.ts).
// A row per query, and their geometric mean; the goal is no more than 10% slower.
//
//   ELASTICSEARCH_URL=http://127.0.0.1:9200 CASES_ALIAS=cases node scripts/bench/keyword-cost.mjs
//   (or within `npm run bench`; BENCH_ONLY=keyword runs just these rows at each size)
import { compare } from './load.mjs';
import { searchBody } from './elasticsearch.mjs';
import { ALIAS, buildCaseListRequest, CONNECTIONS, SECONDS } from './settings.mjs';
import { printTable, row } from './table.mjs';

/** People's queries of each kind: one word, a name, a misspelling, a description, Chinese, mixed. */
export const KEYWORD_COST_QUERIES = ['radar', 'Kenneth Arnold', 'Rosswell crash', 'lights over the city', '罗斯威尔 坠毁', '1952 华盛顿 UFO'];

const OLD_FIELDS = ['title.en^3', 'title.zh^3', 'location.name.en^2', 'location.name.zh^2', 'summary.en', 'summary.zh'];

/** The keyword clauses before issue 16, verbatim. */
function oldKeywordClauses(q) {
  const words = { query: q, fields: OLD_FIELDS, type: 'cross_fields' };
  return {
    must: [{ multi_match: { ...words, operator: 'or', minimum_should_match: '1' } }],
    should: [
      { multi_match: { ...words, operator: 'and', boost: 10 } },
      { multi_match: { query: q, fields: OLD_FIELDS, type: 'phrase', slop: 3, boost: 2 } },
    ],
  };
}

/** The list request before issue 16: today's request with the old keyword clauses, no suggester, no named queries to report. */
export function oldKeywordRequest(alias, params) {
  const request = buildCaseListRequest(alias, params);
  const { filter } = request.query.bool;
  return {
    ...request,
    filter_path: ['hits.total.value', 'hits.hits._source', 'hits.hits.sort', 'hits.hits.highlight'],
    query: { bool: { filter, ...oldKeywordClauses(params.q) } },
  };
}

export async function keywordCostRows(size, esUrl) {
  const node = esUrl.split(',')[0];
  const headers = { 'content-type': 'application/json' };
  const ratios = [];
  for (const q of KEYWORD_COST_QUERIES) {
    const now = searchBody({ q });
    const before = searchBody({ q }, (alias) => oldKeywordRequest(alias, { limit: 50, offset: 0, q }));
    const { current, old } = await compare({
      current: { url: `${node}${now.path}`, method: 'POST', body: JSON.stringify(now.body), headers },
      old: { url: `${node}${before.path}`, method: 'POST', body: JSON.stringify(before.body), headers },
    });
    ratios.push(current.rps / old.rps);
    const errors = current.errors + old.errors;
    row(
      size,
      `q=${q} on Elasticsearch, vs before issue 16, req/s`,
      current.rps,
      old.rps,
      'req/s',
      '>= 0.9x',
      errors ? `${errors} errors/non-2xx` : '',
    );
  }
  const mean = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
  row(size, `  geometric mean of the ${ratios.length} q ratios`, mean, 1, 'x', '>= 0.9x', 'each ratio from runs in both orders, averaged');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const esUrl = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';
  console.error(`[keyword-cost] alias ${ALIAS} on ${esUrl}, ${SECONDS}s per run, ${CONNECTIONS} connections`);
  await keywordCostRows(ALIAS, esUrl);
  printTable();
}
