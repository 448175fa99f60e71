// A faceted list and a map-box (bbox) query asked fresh each time: the api with its response cache
// on, every request a new cache key, against the same searches sent straight to Elasticsearch.
import { searchBody } from './elasticsearch.mjs';
import { compare } from './load.mjs';
import { attempt, errorsNote, row } from './table.mjs';

const ALL_FACETS = 'type,credibility,tranche,country,precision,hasVideo,year,decade';
/** A day far past any incident: as a dateTo it changes no answer, only the cache key. */
const farDay = (i) => new Date(Date.UTC(3000, 0, 1) + (i % 2_500_000) * 86_400_000).toISOString().slice(0, 10);
/** A west edge a millionth of a degree further east each time: the same cases, a new cache key. */
const westEdge = (i) => (-130 + (i % 1_000_000) / 1e6).toFixed(6);
/** Questions whose every request is new to the cache: [row name, i -> api query string and list parameters]. */
const DISTINCT_KEY_QUERIES = [
  [
    'faceted list, distinct keys',
    (i) => ({ query: `facets=${ALL_FACETS}&dateTo=${farDay(i)}`, params: { facets: ALL_FACETS.split(','), dateTo: farDay(i) } }),
  ],
  [
    'bbox query, distinct keys',
    (i) => ({
      query: `bbox=${westEdge(i)},20,-60,55`,
      params: { bbox: { minLng: Number(westEdge(i)), minLat: 20, maxLng: -60, maxLat: 55 } },
    }),
  ],
];
let distinctKey = 0;

/** A load whose every request is made fresh by `next` (path, method, body, headers) against `url`. */
function varying(url, next) {
  return { url, requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }] };
}

/**
 * The api at `base`, its cache on, pays the whole path (validation, a cache miss, the search with
 * its facets or box) on every request, as Elasticsearch does on the same searches sent to it directly.
 */
export async function distinctKeyRows(size, esUrl, base) {
  for (const [what, distinct] of DISTINCT_KEY_QUERIES) {
    await attempt(size, `${what} req/s`, async () => {
      const { direct, api } = await compare({
        direct: varying(esUrl.split(',')[0], () => {
          const { body, path } = searchBody(distinct(distinctKey++).params);
          return { method: 'POST', path, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
        }),
        api: varying(base, () => ({ method: 'GET', path: `/api/cases?${distinct(distinctKey++).query}` })),
      });
      const check = await fetch(`${base}/api/cases?${distinct(distinctKey++).query}`);
      const note = check.headers.get('x-cache') === 'MISS' ? errorsNote(api, direct) : `a new key answered ${check.headers.get('x-cache')}`;
      row(size, `${what} req/s`, api.rps, direct.rps, 'req/s', '>= 0.9x', note);
      row(size, `${what} p99`, api.p99, direct.p99, 'ms', '<= 1.2x');
    });
  }
}
