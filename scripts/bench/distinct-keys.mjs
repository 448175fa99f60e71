// Questions asked fresh each time: a faceted list, a map-box (bbox) query, the statistics and a
// page deep in a cursor walk, from the api with its response cache on and every request a new
// cache key, against the same searches sent straight to Elasticsearch (built by the api's own
// code, libs/search and toCaseListParams). These are the rows of BENCH_ONLY=query and the ones
// a million cases (BENCH_1M=1) are measured by.
import { searchAfterPage, searchBody } from './elasticsearch.mjs';
import { compare, farDay, nextKey } from './runs.mjs';
import {
  BENCH_CURSOR_KEY,
  buildStatsRequest,
  CASE_FACETS,
  encodeCursor,
  filterFingerprint,
  log,
  toCaseFilterParams,
  toCaseListParams,
} from './settings.mjs';
import { attempt, errorsNote, row } from './table.mjs';

const ALL_FACETS = CASE_FACETS.join(',');
/** A west edge a millionth of a degree further east each time: the same cases, a new cache key. */
const westEdge = (i) => (-130 + (i % 1_000_000) / 1e6).toFixed(6);

/**
 * Questions whose every request is new to the cache: [row name, i -> the api's query string and
 * the Elasticsearch request (body and path) it sends]. `deep` (the cursor's sort values and
 * offset) is found once per run; see deepCursorPoint().
 */
function distinctKeyQueries(deep) {
  const list = (params) => searchBody(params);
  const queries = [
    [
      'faceted list, distinct keys',
      (i) => ({ query: `facets=${ALL_FACETS}&dateTo=${farDay(i)}`, es: list({ facets: ALL_FACETS.split(','), dateTo: farDay(i) }) }),
    ],
    [
      'bbox query, distinct keys',
      (i) => ({
        query: `bbox=${westEdge(i)},20,-60,55`,
        es: list({ bbox: { minLng: Number(westEdge(i)), minLat: 20, maxLng: -60, maxLat: 55 } }),
      }),
    ],
    [
      'stats, distinct keys',
      (i) => ({
        query: `dateTo=${farDay(i)}`,
        path: '/api/stats',
        es: searchBody({}, (alias) => buildStatsRequest(alias, toCaseFilterParams({ dateTo: farDay(i) }))),
      }),
    ],
  ];
  if (deep) {
    queries.push([
      `cursor page at offset ${deep.offset.toLocaleString('en')}, distinct keys`,
      (i) => {
        // A cursor the api itself would have issued for these filters (signed with the key the bench gave it).
        const params = toCaseListParams({ dateTo: farDay(i) });
        const cursor = encodeCursor({ after: deep.after, offset: deep.offset, filters: filterFingerprint(params) }, Buffer.from(BENCH_CURSOR_KEY));
        return {
          query: `dateTo=${farDay(i)}&cursor=${encodeURIComponent(cursor)}`,
          es: list({ ...params, searchAfter: deep.after, offset: deep.offset }),
        };
      },
    ]);
  }
  return queries;
}

/** The sort values of the case halfway down the newest-first order (the list's default), and its offset. */
async function deepCursorPoint(esUrl, total) {
  const offset = Math.floor(total / 2);
  if (offset < 1) return undefined;
  const after = await searchAfterPage(esUrl, offset);
  return after && { after, offset };
}

/** A load whose every request is made fresh by `next` (path, method, body, headers) against `url`. */
function varying(url, next, pids) {
  return { url, pids, requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }] };
}

/**
 * The api (`base`, process `pid`), its cache on, pays the whole path (validation, a cache miss,
 * the search) on every request, as Elasticsearch does on the same searches sent to it directly.
 */
export async function distinctKeyRows(size, esUrl, { base, pid }, { total, esPid } = {}) {
  let deep;
  if (total) {
    log(`${size}: finding the sort values halfway down (${Math.floor(total / 2)} cases) for the deep cursor page`);
    deep = await deepCursorPoint(esUrl, total).catch((error) => log(`no deep cursor page: ${error.message}`));
  }
  for (const [what, distinct] of distinctKeyQueries(deep)) {
    await attempt(size, `${what} req/s`, async () => {
      const apiPath = (question) => `${question.path ?? '/api/cases'}?${question.query}`;
      const { direct, api } = await compare({
        direct: varying(
          esUrl.split(',')[0],
          () => {
            const { body, path } = distinct(nextKey()).es;
            return { method: 'POST', path, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
          },
          { es: esPid },
        ),
        api: varying(base, () => ({ method: 'GET', path: apiPath(distinct(nextKey())) }), { api: pid, es: esPid }),
      });
      const check = await fetch(`${base}${apiPath(distinct(nextKey()))}`);
      const note = !check.ok
        ? `a new key answered ${check.status}`
        : check.headers.get('x-cache') === 'MISS'
          ? errorsNote(api, direct)
          : `a new key answered ${check.headers.get('x-cache')}`;
      row(size, `${what} req/s`, api.rps, direct.rps, 'req/s', '>= 0.9x', note, api.cpu);
      row(
        size,
        `${what} p99`,
        api.p99,
        direct.p99,
        'ms',
        '<= 1.2x',
        'baseline: the same searches sent to Elasticsearch; CPU: of that direct run',
        direct.cpu,
      );
    });
  }
}
