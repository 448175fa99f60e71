// The rows a run collects, and the table it prints at the end.
import { ALIAS, CONNECTIONS, SECONDS } from './settings.mjs';

const rows = [];
/** `cpu`, when measured: { api, es }, the CPU µs per request of the process in between (api, proxy, bare Fastify) and of Elasticsearch over that row's load. */
export const row = (size, what, api, baseline, unit, goal, note = '', cpu = null) => rows.push({ size, what, api, baseline, unit, goal, note, cpu });
export const skip = (size, what, note) => rows.push({ size, what, api: null, baseline: null, unit: '', goal: '', note });

/** Runs one measurement; if it breaks, its row says how and the others still run. */
export async function attempt(size, what, measure) {
  try {
    await measure();
  } catch (error) {
    skip(size, what, `failed: ${error.message.slice(0, 120)}`);
  }
}

export function errorsNote(...results) {
  const errors = results.reduce((sum, r) => sum + r.errors, 0);
  return errors ? `${errors} errors/non-2xx` : '';
}

export function printTable() {
  const header = ['archive', 'measurement', 'api', 'baseline', 'ratio', 'goal', 'api CPU/req', 'ES CPU/req', 'note'];
  const micros = (value) => (value === null || value === undefined ? '-' : `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} µs`);
  const fmt = (value, unit) => (value === null ? '-' : `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${unit}`);
  const lines = rows.map((r) => [
    r.size,
    r.what,
    fmt(r.api, r.unit),
    fmt(r.baseline, r.unit),
    r.api === null || !r.baseline ? '-' : `${(r.api / r.baseline).toFixed(2)}x`,
    r.goal,
    micros(r.cpu?.api),
    micros(r.cpu?.es),
    r.note,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const render = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\nnpm run bench, ${new Date().toISOString().slice(0, 16)}Z, ${SECONDS}s per load run, ${CONNECTIONS} connections, alias ${ALIAS}\n`);
  console.log(render(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const line of lines) console.log(render(line));
}
