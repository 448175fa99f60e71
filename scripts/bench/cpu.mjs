// CPU time per request: each process's user+system time, read from /proc/<pid>/stat before and
// after a load run, divided by the requests the run completed. The api's (or the proxy's, or bare
// Fastify's) and Elasticsearch's are kept apart, so a reader can size api replicas on their own.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** A process's CPU time so far in microseconds (user + system, its threads included); null if unreadable. */
export function cpuMicros(pid) {
  if (!pid) return null;
  try {
    // The command name (field 2) may hold spaces: count fields from after its closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS;
  } catch {
    return null;
  }
}

/**
 * The pid of the process listening on the URL's port (Elasticsearch's, from ELASTICSEARCH_URL),
 * via `ss`, or BENCH_ES_PID when set; null when neither is available (another host, no `ss`).
 */
export function listenerPid(url) {
  if (process.env.BENCH_ES_PID) return Number(process.env.BENCH_ES_PID);
  try {
    const { hostname, port } = new URL(url);
    if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(hostname)) return null;
    const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
    return Number(/pid=(\d+)/.exec(out)?.[1]) || null;
  } catch {
    return null;
  }
}

/** Starts a CPU reading of these processes ({ name: pid }); `per(requests)` gives each one's µs per request. */
export function cpuMeter(pids) {
  const start = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMicros(pid)]));
  return {
    per(requests) {
      return Object.fromEntries(
        Object.entries(pids).map(([name, pid]) => {
          const end = cpuMicros(pid);
          return [name, start[name] === null || end === null || !requests ? null : (end - start[name]) / requests];
        }),
      );
    },
  };
}
