// What a `q` search costs Elasticsearch now against the keyword query before issue 16 (typo-tolerant,
// prefix-aware, deeper search): the same list request (50 summaries, relevance order) sent straight
// to Elasticsearch with each query, compared both ways round (compare()). Only the keyword part
// differs; the old one is kept here as it was (commit 4cca1e1, libs/search/src/case-list.query.ts).
// Today a q search is two requests when its query has a Latin word of 4 letters or more: the
// spelling lookup (a suggester-only search), then the list search built from its answer; each
// connection sends the pair in turn, and a row counts pairs (whole q searches) per second.
// A row per query, and their geometric mean; the goal is no more than 10% slower.
//
//   ELASTICSEARCH_URL=http://127.0.0.1:9200 CASES_ALIAS=cases node scripts/bench/keyword-cost.mjs
//   (or within `npm run bench`; BENCH_ONLY=keyword runs just these rows at each size)
import { compare } from './load.mjs';
import { searchBody } from './elasticsearch.mjs';
import { ALIAS, buildCaseListRequest, CONNECTIONS, NOTHING_MISSPELT, readSpelling, SECONDS, spellingLookupRequest } from './settings.mjs';
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
    // The api's requests for this q: the lookup (if any), then the search built from its answer.
    const steps = [];
    let spelling = NOTHING_MISSPELT;
    const lookup = searchBody({ q }, (alias) => spellingLookupRequest(alias, q) ?? { index: alias });
    if (lookup.body.suggest) {
      const response = await fetch(`${node}${lookup.path}`, { method: 'POST', body: JSON.stringify(lookup.body), headers });
      spelling = readSpelling(q, (await response.json()).suggest);
      steps.push({ method: 'POST', path: lookup.path, body: JSON.stringify(lookup.body), headers });
    }
    const now = searchBody({ q, spelling });
    steps.push({ method: 'POST', path: now.path, body: JSON.stringify(now.body), headers });
    const before = searchBody({ q }, (alias) => oldKeywordRequest(alias, { limit: 50, offset: 0, q }));
    const { current, old } = await compare({
      current: { url: node, requests: steps },
      old: { url: `${node}${before.path}`, method: 'POST', body: JSON.stringify(before.body), headers },
    });
    const searches = current.rps / steps.length;
    ratios.push(searches / old.rps);
    const errors = current.errors + old.errors;
    const notes = [steps.length > 1 ? 'lookup + search' : 'no lookup', ...(errors ? [`${errors} errors/non-2xx`] : [])];
    row(size, `q=${q} on Elasticsearch, vs before issue 16, searches/s`, searches, old.rps, 'req/s', '>= 0.9x', notes.join('; '));
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
