// Elasticsearch over plain HTTP: the baselines (the same search, its own search_after walk, a raw _bulk)
// and the one client that reads both walks.
import { createReadStream } from 'node:fs';
import http from 'node:http';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import {
  ALIAS,
  BULK_OPTIONS,
  buildCaseListRequest,
  buildCaseSuggestRequest,
  CASE_INDEX_MAPPINGS,
  CASE_INDEX_SETTINGS,
  keywordSpelling,
  listOrder,
  lookupWords,
  lookUpCorrections,
  NOTHING_MISSPELT,
  PAGE,
} from './settings.mjs';

export function esClient(esUrl) {
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
export function searchBody(
  params,
  build = (alias) => buildCaseListRequest(alias, { limit: 50, offset: 0, ...params, sort: listOrder(params.sort, params.q) }),
) {
  const { index, filter_path: filterPath, ...body } = build(ALIAS);
  const query = filterPath ? `?filter_path=${encodeURIComponent(filterPath.join(','))}` : '';
  return { index, body, path: `/${index}/_search${query}` };
}

/**
 * The spelling the api works out for q (libs/search/src/spelling-lookup.ts): the requests it sends
 * for q's words the first time it sees them (none when no word needs one: the term suggester, then
 * the inflection check when the suggester corrected a word), and its answer, which the api then
 * remembers, so that later searches for those words are the list request alone.
 */
export async function spellingFor(node, q) {
  const words = lookupWords(q);
  if (words.length === 0) return { spelling: NOTHING_MISSPELT, lookup: [] };
  const headers = { 'content-type': 'application/json' };
  const lookup = [];
  const send = async (step) => {
    lookup.push(step);
    return (await fetch(`${node}${step.path}`, step)).json();
  };
  // The api's own sequence of requests (lookUpCorrections), each one recorded as it is sent.
  const { corrections } = await lookUpCorrections(ALIAS, words, {
    search: (request) => {
      const { body, path } = searchBody({}, () => request);
      return send({ method: 'POST', path, body: JSON.stringify(body), headers });
    },
    analyze: async (analyzer, text) =>
      (await send({ method: 'POST', path: `/${ALIAS}/_analyze`, body: JSON.stringify({ analyzer, text }), headers })).tokens ?? [],
  });
  return { spelling: keywordSpelling(q, corrections), lookup };
}

/** An uncached api request and the Elasticsearch request it sends (list or suggest). */
export const listQuery = (what, query, params) => ({ what, apiPath: `/api/cases?${query}`, ...searchBody(params) });
export const suggestQuery = (what, query, params) => ({
  what,
  apiPath: `/api/suggest?${query}`,
  ...searchBody(params, (alias) => buildCaseSuggestRequest(alias, params)),
});

// Both walks (the api's and Elasticsearch's own) are read by this one client, as a consumer would
// read them: keep-alive, `Accept-Encoding: gzip` (what Elasticsearch itself offers), and Node
// streams. fetch() decompresses through web streams, slowly enough to measure the client instead.
const walkAgent = new http.Agent({ keepAlive: true });

/** The response body as a (decompressed) Node stream; rejects on a status >= 400. */
export function walkRequest(url, body) {
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

export const walkJson = async (url, body) => JSON.parse(await readAll(await walkRequest(url, body)));

/**
 * Elasticsearch walking every document itself: the list request (same sort, same fields) with
 * search_after from the last hit, as a consumer would walk it without the api.
 */
export async function searchAfterWalk(esUrl, alias, source) {
  const { body, path } = searchBody({ limit: PAGE });
  delete body.from;
  body.track_total_hits = false;
  if (source) {
    // Whole records, as the export reads them: from _source, not the list's doc values (Elasticsearch
    // refuses _source beside stored_fields: _none_).
    delete body.stored_fields;
    delete body.docvalue_fields;
    body._source = source;
  }
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

/**
 * The sort values of the case `offset` places into the list's default order (the last case
 * before a page at that offset: what a cursor to it carries), walked with search_after in pages of
 * 10,000 without sources; undefined when the archive is shorter.
 */
export async function searchAfterPage(esUrl, offset) {
  const { body, path } = searchBody({ limit: 10_000 });
  delete body.from;
  body.track_total_hits = false;
  body._source = false;
  let after;
  let seen = 0;
  while (seen < offset) {
    body.size = Math.min(10_000, offset - seen);
    const page = await walkJson(`${esUrl.split(',')[0]}${path}`, JSON.stringify(after ? { ...body, search_after: after } : body));
    const hits = page.hits?.hits ?? [];
    if (hits.length === 0) return undefined;
    seen += hits.length;
    after = hits.at(-1).sort;
  }
  return after;
}

/**
 * Sends a prepared `_bulk` body file raw, in chunks of the ingest's size with its concurrency, into a
 * new index with the given definition (the cases' unless told).
 */
export async function rawBulk(es, index, bulkFile, definition = { settings: CASE_INDEX_SETTINGS, mappings: CASE_INDEX_MAPPINGS }) {
  await es('PUT', `/${index}`, {
    settings: { ...definition.settings, number_of_replicas: 0, refresh_interval: '-1' },
    mappings: definition.mappings,
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
