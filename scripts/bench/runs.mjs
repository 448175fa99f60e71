// Load runs: one autocannon run (with each process's CPU per request), an unmeasured warm-up, and
// runs compared with each other in both orders. Every module that makes rows from loads uses these.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { cpuMeter } from './cpu.mjs';
import { CONNECTIONS, SECONDS } from './settings.mjs';

/**
 * One load run. A second of warm-up first, so neither side is measured with cold caches or JIT.
 * With `pids` ({ api, es }: the process in between, if any, and Elasticsearch), the warm-up runs
 * apart and each process's CPU time over the measured run is divided by its requests (`cpu`, µs).
 */
async function load({ pids, ...options }) {
  if (!pids) {
    const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, warmup: { connections: CONNECTIONS, duration: 1 }, ...options });
    return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx, cpu: null };
  }
  await autocannon({ connections: CONNECTIONS, duration: 1, ...options });
  const meter = cpuMeter(pids);
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const cpu = meter.per(result.requests.total);
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx, cpu };
}

/**
 * An unmeasured load of `seconds` against a process that has just started: its first seconds run
 * code V8 has not optimized yet, and fill caches, which a long-running api is long past. Compare()'s
 * own warm-up second is enough for Elasticsearch and the small proxy, not for the api.
 */
export async function warmUp({ pids: _pids, ...options }, seconds = 3) {
  await autocannon({ connections: CONNECTIONS, duration: seconds, ...options });
}

/**
 * A fresh api's response cache fills over its first seconds of new keys, and until then its heap
 * grows with collections a long-running api no longer makes: its CPU per miss is several times
 * what it is once the cache is full. The miss rows warm it this long first.
 */
export const API_WARM_SECONDS = 20;

/** A day far past any incident or document: as a dateTo it changes no answer, only the cache key. */
export const farDay = (i) => new Date(Date.UTC(3000, 0, 1) + (i % 2_500_000) * 86_400_000).toISOString().slice(0, 10);
/** The day a stored search carries in place of each request's own (never one farDay() gives). */
export const PLACEHOLDER_DAY = '2999-12-31';

let distinctKey = 0;
/** A number no request of this run has used: with farDay(), a cache key never asked before. */
export const nextKey = () => distinctKey++;

/** A load whose every request is a new key: `next(i)` gives request i's path (and method, body, headers). */
export function distinct(url, next, pids) {
  return { url, pids, requests: [{ setupRequest: (request) => ({ ...request, ...next(nextKey()) }) }] };
}

/** Half of `value` added to `sum` (a mean of the two orders); null when either side is unknown. */
const addHalf = (sum, value) => (sum === null || value === null || value === undefined ? null : sum + value / 2);

/**
 * Load runs that are compared with each other, each measured twice: in the given order, then in
 * reverse. Whichever runs first meets Elasticsearch's and the JIT's coldest state, and drift in the
 * machine over a run favours one end; measuring both ways and averaging cancels most of that.
 * Resolves to each run's mean req/s and p99, and its errors, by name.
 */
export async function compare(runs) {
  const names = Object.keys(runs);
  const results = Object.fromEntries(names.map((name) => [name, { rps: 0, p99: 0, errors: 0, cpu: { api: 0, es: 0 } }]));
  for (const order of [names, [...names].reverse()]) {
    for (const name of order) {
      const { rps, p99, errors, cpu } = await load(runs[name]);
      results[name].rps += rps / 2;
      results[name].p99 += p99 / 2;
      results[name].errors += errors;
      results[name].cpu = { api: addHalf(results[name].cpu.api, cpu?.api), es: addHalf(results[name].cpu.es, cpu?.es) };
    }
  }
  return results;
}

const run = promisify(execFile);
const AUTOCANNON_CLI = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const CPUS = availableParallelism();

/** Whether `taskset` (util-linux) can pin processes here; without it, same-window runs go unpinned. */
const CAN_PIN = await run('taskset', ['-p', String(process.pid)]).then(
  () => CPUS >= 2,
  () => false,
);

/** Pins a running process's main thread to one core, or back to all of them (`core` null). */
async function pin(pid, core) {
  if (!CAN_PIN || !pid) return;
  await run('taskset', ['-pc', core === null ? `0-${CPUS - 1}` : String(core), String(pid)]).catch(() => undefined);
}

/**
 * One load run by an autocannon process of its own (on `core` when pinning), resolving to its JSON
 * result. Loads that run at the same time each need their own generator: one event loop driving
 * two servers is slower than either and would hold both rates down to its own.
 */
async function loadInChild({ url, headers = {} }, connections, duration, core) {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const command = [process.execPath, AUTOCANNON_CLI, '-j', '-c', String(connections), '-d', String(duration), ...headerArgs, url];
  const [file, ...args] = CAN_PIN && core !== null ? ['taskset', '-c', String(core), ...command] : command;
  const { stdout } = await run(file, args, { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout);
}

/** How many rounds sameWindow() runs, each of SECONDS. */
const SAME_WINDOW_ROUNDS = 4;
/** How sameWindow() measured, for a row's note. */
export const SAME_WINDOW_METHOD = `same window, ${SAME_WINDOW_ROUNDS} rounds${CAN_PIN ? ', each with its load generator on one core, cores swapped each round' : ''}`;

/**
 * Two runs loaded at the same time, in short rounds. For two servers doing the same kind of work
 * (the api with and without its per-request duties) this cancels what compare() cannot: this
 * shared VM's speed changes from one second to the next, by up to half, so two runs a few seconds
 * apart meet different machines, while two runs in the same window meet the same one. Where
 * `taskset` is available each server and its own load generator share one core, and the two swap
 * cores every round: unpinned, the scheduler's placement of four busy processes on two cores
 * moved one server's CPU per request by half between rounds. Resolves, by name, to the mean req/s
 * and p99 over the rounds, the errors, and the CPU per request over all rounds.
 */
export async function sameWindow(runs, rounds = SAME_WINDOW_ROUNDS) {
  const names = Object.keys(runs);
  if (names.length !== 2) throw new Error('sameWindow compares two runs');
  const connections = Math.max(1, Math.floor(CONNECTIONS / 2));
  const loadAll = async (duration, round) => {
    const cores = names.map((_, i) => (CAN_PIN ? (i + round) % 2 : null));
    await Promise.all(names.map((name, i) => pin(runs[name].pids?.api, cores[i])));
    return Promise.all(names.map((name, i) => loadInChild(runs[name], connections, duration, cores[i])));
  };
  const results = Object.fromEntries(names.map((name) => [name, { rps: 0, p99: 0, errors: 0, cpu: null, requests: 0 }]));
  try {
    // Each on both cores once before measuring.
    await loadAll(1, 0);
    await loadAll(1, 1);
    const meters = Object.fromEntries(names.map((name) => [name, runs[name].pids ? cpuMeter(runs[name].pids) : null]));
    for (let round = 0; round < rounds; round += 1) {
      const outcomes = await loadAll(SECONDS, round);
      names.forEach((name, i) => {
        const result = outcomes[i];
        const sums = results[name];
        sums.rps += result.requests.average / rounds;
        sums.p99 += result.latency.p99 / rounds;
        sums.errors += result.errors + result.timeouts + result.non2xx;
        sums.requests += result.requests.total;
      });
    }
    for (const name of names) results[name].cpu = meters[name]?.per(results[name].requests) ?? null;
  } finally {
    await Promise.all(names.map((name) => pin(runs[name].pids?.api, null)));
  }
  return results;
}
