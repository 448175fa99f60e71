// Load runs: one autocannon run (with each process's CPU per request), an unmeasured warm-up, and
// runs compared with each other in both orders. Every module that makes rows from loads uses these.
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
