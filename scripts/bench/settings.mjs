// The bench's settings (from the environment) and the project code it loads, shared by its modules.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

require('../support/load-typescript.cjs');
// The project's own code (through ts-node): the baselines send exactly what the api and the ingest send.
export const {
  buildCaseListRequest,
  buildCaseSuggestRequest,
  buildStatsRequest,
  CASE_FACETS,
  CASE_INDEX_SETTINGS,
  CASE_INDEX_MAPPINGS,
  encodeCursor,
  filterFingerprint,
  listOrder,
  withSummariesFromSource,
} = require('@app/search');
// The api's own reading of a query, so a cursor the bench signs carries the fingerprint the api expects.
export const { toCaseFilterParams, toCaseListParams } = require(join(root, 'apps', 'api', 'src', 'cases', 'case-list-params.ts'));
const { MAX_LIMIT } = require('@app/cases');
// The documents' own builders, index definition and page ids: the documents rows' baselines send what the api and the ingest send.
export const { DEFAULT_DOCUMENT_LIMIT, documentSearchRequest, DOCUMENT_INDEX_SETTINGS, DOCUMENT_INDEX_MAPPINGS, pageId } = require('@app/documents');
export const { BULK_OPTIONS } = require(join(root, 'apps', 'ingest', 'src', 'indexing', 'case-indexer.ts'));
// The spelling lookup the api asks about a q's words it has not seen yet (its sequence of requests,
// lookUpCorrections, and what the api makes of the answers).
export const { keywordSpelling, lookupWords } = require(join(root, 'libs', 'search', 'src', 'spelling-lookup.query.ts'));
export const { NOTHING_MISSPELT } = require(join(root, 'libs', 'search', 'src', 'keyword-query.ts'));
export const { lookUpCorrections } = require(join(root, 'libs', 'search', 'src', 'spelling-lookup.ts'));

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
export const ALIAS = process.env.CASES_ALIAS || 'cases';
export const DOCUMENTS_ALIAS = process.env.DOCUMENTS_ALIAS || 'documents';
/** The corpus the documents rows index and search; without it they are skipped and say so. */
export const DOCUMENTS_DIR = process.env.DOCUMENTS_DIR ?? '';
export const SIZES = (process.env.BENCH_SIZES ?? 'bundled,100000').split(',').concat(process.env.BENCH_1M ? ['1000000'] : []);
export const ONLY = process.env.BENCH_ONLY ?? '';
export const WALK_SECONDS = 2; // how long a short walk is repeated (see steady())
export const PAGE = MAX_LIMIT; // the api's largest page, so the cursor walk and its baseline fetch alike
/** The bench's processes listen on ports counting down from this one (BENCH_PORT_BASE, 3999), so two benches on one machine need not collide. */
export const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3999);
export const API_PORT = PORT_BASE;
export const API_UNCACHED_PORT = PORT_BASE - 1;
export const BARE_PORT = PORT_BASE - 2;
export const PROXY_PORT = PORT_BASE - 3;
export const DUTY_FREE_PORT = PORT_BASE - 4;
/** The CURSOR_KEY the bench starts the api with, so it can sign cursors deep into the archive (the deep cursor page). */
export const BENCH_CURSOR_KEY = 'bench-cursor-key-for-load-runs-only-0123456789';
/** The request the cached-hit and 304 rows repeat. */
export const HIT_PATH = '/api/cases?type=military';
export const QUIET = ['ignore', 'ignore', 'inherit'];
export const BUNDLED = join(root, 'data', 'cases');
export const work = process.env.BENCH_WORKDIR ?? mkdtempSync(join(tmpdir(), 'uap-bench-'));
mkdirSync(work, { recursive: true });

export function log(message) {
  process.stderr.write(`[bench] ${message}\n`);
}
