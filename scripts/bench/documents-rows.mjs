// Issue 34's rows, on the whole document corpus (DOCUMENTS_DIR): the `ingest documents` CLI against a
// raw `_bulk` of the very pages it indexed, its peak RSS against the 512 MB budget, a documents search
// miss and a page read against the same requests sent straight to Elasticsearch. The baselines come
// from the project's own builders (documentSearchRequest, pageId), so they ask what the api asks.
import { spawn } from 'node:child_process';
import { createWriteStream, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { listenerPid } from './cpu.mjs';
import { rawBulk } from './elasticsearch.mjs';
import { runIngest, startApi, stop, waitForUrl } from './processes.mjs';
import { API_WARM_SECONDS, compare, distinct, farDay, nextKey, PLACEHOLDER_DAY, warmUp } from './runs.mjs';
import {
  DOCUMENT_INDEX_MAPPINGS,
  DOCUMENT_INDEX_SETTINGS,
  DEFAULT_DOCUMENT_LIMIT,
  DOCUMENTS_ALIAS,
  DOCUMENTS_DIR,
  documentSearchRequest,
  log,
  pageId,
  PORT_BASE,
  QUIET,
  root,
  work,
} from './settings.mjs';
import { attempt, row, skip } from './table.mjs';

const LABEL = 'document corpus';
/** Below the miss rows' ports (PORT_BASE - 10 and - 11). */
const DOCUMENTS_API_PORT = PORT_BASE - 12;
/** The api with its response cache off, for the page reads: every read then pays the whole path. */
const DOCUMENTS_UNCACHED_PORT = PORT_BASE - 13;
/** The pass-through proxy for the search miss: the floor any process in between reaches here. */
const DOCUMENTS_PROXY_PORT = PORT_BASE - 14;
/** A word on many pages of every collection: a search that ranks and highlights real work. */
const MISS_WORD = 'saucer';
/** Pages the page-read row cycles through (the result window). */
const PAGES_READ = 10_000;

/** The request the api sends for a list search (libs/documents), as a path and a JSON body. */
function searchRequest(params) {
  const { body, path } = splitRequest(documentSearchRequest(params));
  return { method: 'POST', path, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

function splitRequest({ filter_path: filterPath, ...body }) {
  const query = filterPath ? `?filter_path=${encodeURIComponent(filterPath.join(','))}` : '';
  return { body, path: `/${DOCUMENTS_ALIAS}/_search${query}` };
}

/**
 * The live documents index as a `_bulk` body file: every page document exactly as the ingest stored
 * it, read back through a point in time, so the raw baseline indexes the same pages.
 */
async function dumpLiveIndex(es) {
  const file = join(work, 'documents-bulk.ndjson');
  const out = createWriteStream(file);
  const { id } = await es('POST', `/${DOCUMENTS_ALIAS}/_pit?keep_alive=2m`);
  let after;
  let docs = 0;
  try {
    for (;;) {
      const page = await es('POST', '/_search', {
        size: 1000,
        pit: { id, keep_alive: '2m' },
        sort: [{ _shard_doc: 'asc' }],
        track_total_hits: false,
        ...(after ? { search_after: after } : {}),
      });
      const hits = page.hits.hits;
      for (const hit of hits) {
        if (!out.write(`${JSON.stringify({ index: { _id: hit._id } })}\n${JSON.stringify(hit._source)}\n`)) await once(out, 'drain');
      }
      docs += hits.length;
      if (hits.length < 1000) break;
      after = hits.at(-1).sort;
    }
  } finally {
    await es('DELETE', '/_pit', { id }).catch(() => undefined);
  }
  out.end();
  await once(out, 'finish');
  return { file, docs };
}

/** The ingest's arguments for the whole corpus, as `npm start` gives them (cases and manifests of this checkout). */
const ingestArgs = () => ['documents', DOCUMENTS_DIR, '--cases', join(root, 'data', 'cases'), '--sources', join(root, 'data', 'sources')];

/** scripts/support/proxy-distinct.mjs serving the miss's search: each request's dateTo put into the stored body. */
async function startDistinctProxy(node, missParams) {
  const request = searchRequest({ ...missParams, dateTo: PLACEHOLDER_DAY });
  const file = join(work, 'proxy-documents-routes.json');
  writeFileSync(
    file,
    JSON.stringify({
      [`/api/documents?q=${MISS_WORD}&dateTo=`]: { url: `${node}${request.path}`, body: request.body, placeholder: PLACEHOLDER_DAY },
    }),
  );
  const child = spawn(process.execPath, [join(root, 'scripts', 'support', 'proxy-distinct.mjs'), String(DOCUMENTS_PROXY_PORT), file], {
    stdio: QUIET,
  });
  await waitForUrl(`http://127.0.0.1:${DOCUMENTS_PROXY_PORT}/api/documents?q=${MISS_WORD}&dateTo=${farDay(0)}`);
  return child;
}

async function ingestRows(es, env) {
  // The CLI twice, the raw _bulk twice between and after: background merges and drift would favour
  // whichever went second. The raw body is the live index read back after the first CLI run.
  log(`${LABEL}: ingest documents ${DOCUMENTS_DIR}`);
  const first = await runIngest(env, ...ingestArgs());
  const { count: pages } = await es('GET', `/${DOCUMENTS_ALIAS}/_count`);
  const dump = await dumpLiveIndex(es);
  const definition = { settings: DOCUMENT_INDEX_SETTINGS, mappings: DOCUMENT_INDEX_MAPPINGS };
  log(`${LABEL}: raw _bulk of the same ${dump.docs} pages`);
  const rawBefore = await rawBulk(es, `${DOCUMENTS_ALIAS}-bench-raw-bulk`, dump.file, definition);
  log(`${LABEL}: ingest documents again`);
  const second = await runIngest(env, ...ingestArgs());
  const rawAfter = await rawBulk(es, `${DOCUMENTS_ALIAS}-bench-raw-bulk`, dump.file, definition);
  const cliSeconds = (first.seconds + second.seconds) / 2;
  const rawSeconds = (rawBefore.seconds + rawAfter.seconds) / 2;
  row(
    LABEL,
    'documents ingest CLI vs raw _bulk pages/s',
    pages / cliSeconds,
    dump.docs / rawSeconds,
    'pages/s',
    '>= 0.8x',
    `CLI ${first.seconds.toFixed(0)} s and ${second.seconds.toFixed(0)} s (reading, validating, linking cases, finding copies included), raw ${rawBefore.seconds.toFixed(0)} s and ${rawAfter.seconds.toFixed(0)} s; ${pages} pages`,
  );
  row(
    LABEL,
    'documents ingest peak RSS',
    Math.max(first.peakMb, second.peakMb),
    512,
    'MB',
    '< 1x',
    'baseline: the 512 MB budget; the larger of the two runs',
  );
  return pages;
}

/** Page ids of the index, in _doc order, for the page-read row's distinct keys. */
async function somePages(es) {
  const page = await es('POST', `/${DOCUMENTS_ALIAS}/_search`, { size: PAGES_READ, sort: ['_doc'], _source: ['documentId', 'page'] });
  return page.hits.hits.map((hit) => ({ id: hit._source.documentId, page: hit._source.page }));
}

async function readRows(es, esUrl, env) {
  const node = esUrl.split(',')[0];
  const esPid = listenerPid(node);
  const api = await startApi(DOCUMENTS_API_PORT, env);
  const apiBase = `http://127.0.0.1:${DOCUMENTS_API_PORT}`;
  try {
    await attempt(LABEL, `documents search miss ?q=${MISS_WORD} req/s`, async () => {
      // The api's own list parameters for `?q=saucer` (DocumentsService.list), with each request's day.
      const missParams = { q: MISS_WORD, limit: DEFAULT_DOCUMENT_LIMIT, offset: 0, facets: false };
      const proxy = await startDistinctProxy(node, missParams);
      try {
        const path = (i) => ({ method: 'GET', path: `/api/documents?q=${MISS_WORD}&dateTo=${farDay(i)}` });
        const runs = {
          api: distinct(apiBase, path, { api: api.pid, es: esPid }),
          floor: distinct(`http://127.0.0.1:${DOCUMENTS_PROXY_PORT}`, path, { api: proxy.pid, es: esPid }),
          direct: distinct(node, (i) => searchRequest({ ...missParams, dateTo: farDay(i) }), { es: esPid }),
        };
        await warmUp(runs.api, API_WARM_SECONDS);
        await warmUp(runs.floor);
        const { api: served, floor, direct } = await compare(runs);
        const check = await fetch(`${apiBase}/api/documents?q=${MISS_WORD}&dateTo=${farDay(nextKey())}`);
        const failed = Object.entries({ api: served, proxy: floor, Elasticsearch: direct })
          .filter(([, result]) => result.errors > 0)
          .map(([name, result]) => `${name} ${result.errors}`);
        const note = [
          failed.length ? `errors/non-2xx: ${failed.join(', ')}` : '',
          check.headers.get('x-cache') === 'MISS' ? '' : `a new key answered ${check.status} ${check.headers.get('x-cache')}`,
        ]
          .filter(Boolean)
          .join('; ');
        const what = `documents search miss ?q=${MISS_WORD}, new key each`;
        row(
          LABEL,
          `${what} req/s`,
          served.rps,
          direct.rps,
          'req/s',
          '>= 0.8x',
          `baseline: the same search sent to Elasticsearch${note ? `; ${note}` : ''}`,
          served.cpu,
        );
        row(LABEL, `${what} p99`, served.p99, direct.p99, 'ms', '<= 1.3x', 'baseline: the same search sent to Elasticsearch');
        row(
          LABEL,
          '  pass-through proxy req/s',
          floor.rps,
          direct.rps,
          'req/s',
          '',
          'the floor: the same searches piped untouched, against Elasticsearch',
          floor.cpu,
        );
        row(LABEL, '  pass-through proxy p99', floor.p99, direct.p99, 'ms', '', 'the floor, against Elasticsearch');
      } finally {
        await stop(proxy);
      }
    });
    await attempt(LABEL, 'page read, uncached req/s', async () => {
      // A run reads more pages than a corpus has, so new keys would soon be hits; the api without its
      // response cache pays the whole path on every read instead, as a miss does.
      const pages = await somePages(es);
      const at = (i) => pages[i % pages.length];
      const uncached = await startApi(DOCUMENTS_UNCACHED_PORT, { ...env, CACHE_TTL_SECONDS: '0' });
      try {
        const runs = {
          api: distinct(
            `http://127.0.0.1:${DOCUMENTS_UNCACHED_PORT}`,
            (i) => ({ method: 'GET', path: `/api/documents/${at(i).id}/pages/${at(i).page}` }),
            {
              api: uncached.pid,
              es: esPid,
            },
          ),
          direct: distinct(node, (i) => ({ method: 'GET', path: `/${DOCUMENTS_ALIAS}/_doc/${encodeURIComponent(pageId(at(i).id, at(i).page))}` }), {
            es: esPid,
          }),
        };
        await warmUp(runs.api);
        const { api: served, direct } = await compare(runs);
        const errors = served.errors || direct.errors ? `; errors/non-2xx: api ${served.errors}, Elasticsearch ${direct.errors}` : '';
        row(
          LABEL,
          'page read, uncached req/s',
          served.rps,
          direct.rps,
          'req/s',
          '',
          `baseline: Elasticsearch's GET of the same page document${errors}`,
          served.cpu,
        );
        row(LABEL, 'page read, uncached p99', served.p99, direct.p99, 'ms', '', "baseline: Elasticsearch's GET of the same page document");
      } finally {
        await stop(uncached);
      }
    });
  } finally {
    await stop(api);
  }
}

export async function documentRows(es, esUrl, env) {
  if (!DOCUMENTS_DIR) {
    skip(LABEL, 'documents rows', 'DOCUMENTS_DIR is not set: no corpus to index and search');
    return;
  }
  const documentsEnv = { ...env, DOCUMENTS_ALIAS };
  await attempt(LABEL, 'documents ingest CLI vs raw _bulk pages/s', () => ingestRows(es, documentsEnv));
  log(`${LABEL}: a documents search miss and a page read`);
  await readRows(es, esUrl, documentsEnv);
}
