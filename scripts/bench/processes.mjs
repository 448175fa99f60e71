// The processes a run starts and measures: the built api and ingest CLI, the pass-through proxy,
// the duty-free api and bare Fastify.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runApp, waitExit } from '../local-stack.mjs';
import { BARE_PORT, BENCH_CURSOR_KEY, DUTY_FREE_PORT, PROXY_PORT, QUIET, root, work } from './settings.mjs';

export function peakRssMb(pid) {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    return null;
  }
}

export async function waitForUrl(url, tries = 100) {
  for (let i = 0; i < tries; i += 1) {
    if (
      await fetch(url).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

export async function startApi(port, env) {
  // The bench is one client hammering the api on purpose: lift its quota so it measures serving, not 429s.
  // A known cursor key, so the bench can sign a cursor deep into the archive as the api would have.
  const child = runApp('api', [], { ...env, PORT: String(port), HOST: '127.0.0.1', QUOTA_REQUESTS: '1000000', CURSOR_KEY: BENCH_CURSOR_KEY }, QUIET);
  try {
    // A loaded machine can take longer than the default 20 s to start it.
    await waitForUrl(`http://127.0.0.1:${port}/api/stats`, 600);
  } catch (error) {
    // Not left running (and holding its port) when it does not come up.
    await stop(child);
    throw error;
  }
  return child;
}

export async function stop(child) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await waitExit(child);
}

/** Runs the built ingest CLI with these arguments; resolves to its wall time and peak RSS (its own, printed on exit). */
export async function runIngest(env, ...args) {
  const started = process.hrtime.bigint();
  const child = spawn(
    process.execPath,
    ['-r', join(root, 'scripts', 'support', 'report-peak-rss.cjs'), join(root, 'dist', 'apps', 'ingest', 'main.js'), ...args],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const code = await waitExit(child);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (code !== 0)
    throw new Error(
      `ingest exited with ${code}: ${stderr
        .replace(/Indexing \[.*\n?/g, '')
        .trim()
        .slice(-600)}`,
    );
  return { seconds, peakMb: Number(/peak-rss-kb (\d+)/.exec(stderr)?.[1] ?? 0) / 1024 };
}

export async function startProxy(esUrl, queries) {
  const routes = Object.fromEntries(
    queries.map(({ apiPath, body, path }) => [apiPath, { url: `${esUrl.split(',')[0]}${path}`, body: JSON.stringify(body) }]),
  );
  const file = join(work, 'proxy-routes.json');
  writeFileSync(file, JSON.stringify(routes));
  const child = spawn(process.execPath, [join(root, 'scripts', 'support', 'proxy-floor.mjs'), String(PROXY_PORT), file], { stdio: QUIET });
  await waitForUrl(`http://127.0.0.1:${PROXY_PORT}${queries[0].apiPath}`);
  return child;
}

/**
 * The api with its per-request duties (quota, access log, CORS, metrics) left out, or all but the
 * `kept` ones; it loads through ts-node, so it starts slowly.
 */
export async function startDutyFree(env, port = DUTY_FREE_PORT, kept = []) {
  const child = spawn(process.execPath, [join(root, 'scripts', 'support', 'api-without-duties.cjs')], {
    stdio: QUIET,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', QUOTA_REQUESTS: '1000000', KEEP_DUTIES: kept.join(',') },
  });
  await waitForUrl(`http://127.0.0.1:${port}/api/stats`, 600);
  return child;
}

export async function startBare(capture) {
  const file = join(work, 'capture.json');
  writeFileSync(file, JSON.stringify(capture));
  const child = spawn(process.execPath, [join(root, 'scripts', 'support', 'bare-server.mjs'), String(BARE_PORT), file], { stdio: QUIET });
  await waitForUrl(`http://127.0.0.1:${BARE_PORT}/`);
  return child;
}
