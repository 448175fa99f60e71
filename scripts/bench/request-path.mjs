#!/usr/bin/env node
// `node scripts/bench/request-path.mjs [ROOT]`: which of the project's own files one list request
// with `q` runs code in on a cache miss, and the hooks on its route. The api of ROOT (this
// checkout by default, or another commit's, e.g. from `git archive`) is built from its sources
// through ts-node and listens on a free port; after a few warm-up misses, V8's precise coverage
// counts the functions that ran while one more miss was answered: each file of apps/ or libs/
// with one is a file that request crosses (a library's index.ts, which only hands names on, aside).
// The same is counted for a cached hit of that URL, which crosses the duties every request pays
// (request id, CORS, quota, log line, metrics...); the miss's files are then given in two parts:
// those a hit crosses too, and those only a miss crosses (the list's own path). The hooks are those
// Fastify lists for the route (printRoutes with includeHooks).
// Needs ELASTICSEARCH_URL and CASES_ALIAS naming an indexed archive.
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(process.argv[2] ?? join(fileURLToPath(import.meta.url), '..', '..', '..'));
const require = createRequire(join(root, 'package.json'));
require(join(root, 'scripts', 'support', 'load-typescript.cjs'));

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });

const { createApiApp } = require(join(root, 'apps', 'api', 'src', 'create-api-app.ts'));
const app = await createApiApp({ logger: false, env: { QUOTA_REQUESTS: '1000000' } });
await app.listen(0, '127.0.0.1');
const base = await app.getUrl();
const miss = (day) => fetch(`${base}/api/cases?q=radar&dateTo=3000-01-${String(day).padStart(2, '0')}`);
for (let day = 1; day <= 5; day += 1) await (await miss(day)).arrayBuffer();

/** The project's own files (apps/, libs/) in which a function ran while `request` was answered. */
async function filesCrossed(request) {
  await session.post('Profiler.takePreciseCoverage'); // resets the counts
  const response = await request();
  await response.arrayBuffer();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const files = result
    .filter(({ url }) => url.startsWith('file://') && !url.includes('/node_modules/'))
    .map(({ url, functions }) => ({ file: relative(root, fileURLToPath(url)), ran: functions.filter((fn) => fn.ranges[0].count > 0).length }))
    .filter(({ file, ran }) => ran > 0 && /^(apps|libs)\//.test(file) && !file.endsWith('/index.ts'))
    .sort((a, b) => a.file.localeCompare(b.file));
  return { response, files };
}

const { response, files } = await filesCrossed(() => miss(6));
// The same URL again: now a cached hit.
const hit = await filesCrossed(() => miss(6));
const crossedByHit = new Set(hit.files.map(({ file }) => file));
const missOnly = files.filter(({ file }) => !crossedByHit.has(file));
const shared = files.filter(({ file }) => crossedByHit.has(file));

const routes = app.getHttpAdapter().getInstance().printRoutes({ includeHooks: true, commonPrefix: false });
const hookNames = ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend', 'onResponse'];
const casesRoute = routes.split('\n').findIndex((line) => /\bapi\/cases \(GET/.test(line));
const hooks = [];
if (casesRoute >= 0)
  for (const line of routes.split('\n').slice(casesRoute + 1)) {
    const match = /• \((\w+)\) \[(.*)\]/.exec(line);
    if (!match) break;
    if (hookNames.includes(match[1])) hooks.push(`${match[1]}: ${match[2]}`);
  }

const list = (entries) => entries.map(({ file, ran }) => `    ${file} (${ran} functions)`);
process.stdout.write(
  [
    `root ${root}: GET /api/cases?q=radar on a cache miss answered ${response.status} ${response.headers.get('x-cache')}`,
    `files crossed: ${files.length}`,
    `  also crossed by a cached hit of the same URL (${hit.response.headers.get('x-cache')}): ${shared.length}`,
    ...list(shared),
    `  crossed only on the miss: ${missOnly.length}`,
    ...list(missOnly),
    `Fastify hooks on the route: ${hooks.reduce((sum, line) => sum + line.split(',').length, 0)}`,
    ...hooks.map((line) => `  ${line}`),
  ].join('\n') + '\n',
);
await session.post('Profiler.stopPreciseCoverage');
await app.close();
