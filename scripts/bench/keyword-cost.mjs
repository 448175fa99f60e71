// What a `q` search costs Elasticsearch now against the keyword query before issue 16 (typo-tolerant,
// prefix-aware, deeper search): the same list request (50 summaries, relevance order) sent straight
// to Elasticsearch with each query, compared both ways round (compare()). The request before is
// the one the api sent then, verbatim: its keyword clauses (kept here as they were, commit 4cca1e1,
// libs/search/src/case-list.query.ts) and its summaries filtered from `_source` (each case's
// listing, read from doc values, came later and saves a page much of its fetch). Set
// KEYWORD_BEFORE=clauses to send the old clauses with today's fetch instead: the keyword part alone.
// The api remembers the spelling lookup's answer word by word until the next re-index
// (libs/search/src/spelling-lookup.ts), so a q search whose words were seen before is one request:
// each query's row sends that search. The last row is a q search whose words are new: the lookup
// (the term suggester, then the inflection check when it corrected a word) and the search in turn,
// counted as one.
// Each row's ratio is Elasticsearch's CPU time per search before issue 16 over today's (read from
// /proc over the load, both orders averaged): it says how many of today's searches a core serves
// for each one it served before, and it barely moves with the machine's other load, which req/s
// (in the note) does.
// A row per query, and their geometric mean; the goal is no more than 10% slower.
//
//   ELASTICSEARCH_URL=http://127.0.0.1:9200 CASES_ALIAS=cases node scripts/bench/keyword-cost.mjs
//   (or within `npm run bench`; BENCH_ONLY=keyword runs just these rows at each size)
import { compare } from './runs.mjs';
import { searchBody, spellingFor } from './elasticsearch.mjs';
import { listenerPid } from './cpu.mjs';
import { ALIAS, buildCaseListRequest, CONNECTIONS, listOrder, SECONDS, withSummariesFromSource } from './settings.mjs';
import { printTable, row, skip } from './table.mjs';

/** People's queries of each kind: one word, a name, a misspelling, a description, Chinese, mixed. */
export const KEYWORD_COST_QUERIES = ['radar', 'Kenneth Arnold', 'Rosswell crash', 'lights over the city', '罗斯威尔 坠毁', '1952 华盛顿 UFO'];

const OLD_FILTER_PATH = ['hits.total.value', 'hits.hits._source', 'hits.hits.sort', 'hits.hits.highlight'];
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

/**
 * The list request before issue 16: the old keyword clauses (no suggester, no named queries to
 * report) and summaries from `_source`; with KEYWORD_BEFORE=clauses, today's fetch (listings).
 */
export function oldKeywordRequest(alias, params) {
  const today = buildCaseListRequest(alias, { ...params, sort: listOrder(params.sort, params.q) });
  const request = process.env.KEYWORD_BEFORE === 'clauses' ? today : withSummariesFromSource(today);
  const { filter } = request.query.bool;
  return {
    ...request,
    filter_path: request === today ? today.filter_path.filter((path) => path !== 'hits.hits.matched_queries') : OLD_FILTER_PATH,
    query: { bool: { filter, ...oldKeywordClauses(params.q) } },
  };
}

const HEADERS = { 'content-type': 'application/json' };

/** Today's search (after the `lookup` requests, if any) against the one before issue 16, on Elasticsearch's CPU per search. */
async function costRow(size, node, pids, what, q, spelling, lookup = []) {
  const now = searchBody({ q, spelling });
  const search = { method: 'POST', path: now.path, body: JSON.stringify(now.body), headers: HEADERS };
  const steps = [...lookup, search];
  const before = searchBody({ q }, (alias) => oldKeywordRequest(alias, { limit: 50, offset: 0, q }));
  const { current, old } = await compare({
    current: { url: node, requests: steps, pids },
    old: { url: `${node}${before.path}`, method: 'POST', body: JSON.stringify(before.body), headers: HEADERS, pids },
  });
  // Per whole q search: the lookup's requests and the search together when they are all sent.
  const cpuNow = current.cpu.es * steps.length;
  const rps = current.rps / steps.length;
  const errors = current.errors + old.errors;
  const notes = [`req/s ${(rps / old.rps).toFixed(2)}x`, ...(errors ? [`${errors} errors/non-2xx`] : [])];
  row(size, what, 1e6 / cpuNow, 1e6 / old.cpu.es, 'searches/CPU-s', '>= 0.9x', notes.join('; '), { api: null, es: cpuNow });
  return old.cpu.es / cpuNow;
}

export async function keywordCostRows(size, esUrl) {
  const node = esUrl.split(',')[0];
  const pids = { es: listenerPid(node) };
  if (!pids.es) return skip(size, 'q cost on Elasticsearch', "Elasticsearch's pid is unknown (set BENCH_ES_PID): its CPU per search cannot be read");
  const ratios = [];
  for (const q of KEYWORD_COST_QUERIES) {
    const { spelling } = await spellingFor(node, q);
    ratios.push(await costRow(size, node, pids, `q=${q} on Elasticsearch, vs before issue 16`, q, spelling));
  }
  const mean = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
  row(size, `  geometric mean of the ${ratios.length} q ratios`, mean, 1, 'x', '>= 0.9x', 'words seen before: one search each');
  const { spelling, lookup } = await spellingFor(node, FIRST_SEEN);
  await costRow(size, node, pids, `q=${FIRST_SEEN}, its words not seen yet: lookup + search`, FIRST_SEEN, spelling, lookup);
}

/** A query whose words the api has not looked up yet: it sends the lookup before the search. */
const FIRST_SEEN = 'Rosswell crash';

if (import.meta.url === `file://${process.argv[1]}`) {
  const esUrl = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';
  console.error(`[keyword-cost] alias ${ALIAS} on ${esUrl}, ${SECONDS}s per run, ${CONNECTIONS} connections`);
  await keywordCostRows(ALIAS, esUrl);
  printTable();
}
