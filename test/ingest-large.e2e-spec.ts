import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@elastic/elasticsearch';
import { elasticsearchUrl } from './support/archive-harness';
import { runIngestCliWatchingMemory } from './support/ingest-cli';

// Large enough that holding the dataset would show: the old in-memory ingest needed about
// 29 MB of RSS per 1,000 of these cases (2.9 GB for 100k), so 25k would have passed 700 MB.
const CASES = 25_000;
const LIMIT_MB = 512;
const ALIAS = 'e2e-large-ingest';
const ROOT = join(__dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'uap-large-ingest-'));
const dataset = join(work, 'synthetic.ndjson');

let client: Client;

async function dropOwnIndices(): Promise<void> {
  const indices = Object.keys(await client.indices.get({ index: `${ALIAS}-*` }));
  if (indices.length > 0) await client.indices.delete({ index: indices.join(',') });
}

beforeAll(async () => {
  client = new Client({ node: elasticsearchUrl().split(',')[0] });
  await dropOwnIndices();
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'generate-cases.mjs'), '--count', String(CASES), '--out', dataset]);
});

afterAll(async () => {
  await dropOwnIndices();
  await client?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('ingest CLI on a large dataset', () => {
  it(`indexes ${CASES} generated cases with its peak RSS under ${LIMIT_MB} MB`, async () => {
    const sizeMb = statSync(dataset).size / 1e6;
    const { status, output, peakKb } = await runIngestCliWatchingMemory([dataset], { CASES_ALIAS: ALIAS });
    expect(output).toMatch(new RegExp(`Indexed ${CASES} cases into ${ALIAS}-`));
    expect(status).toBe(0);
    expect(peakKb).toBeGreaterThan(0);

    console.log(`ingest of ${CASES} cases (${sizeMb.toFixed(0)} MB of NDJSON): peak RSS ${(peakKb / 1024).toFixed(0)} MB`);
    expect(peakKb / 1024).toBeLessThan(LIMIT_MB);
    const { count } = await client.count({ index: ALIAS });
    expect(count).toBe(CASES);
    // Read-only until the next ingest: merged into one segment, which every search walks once.
    const { indices } = await client.indices.segments({ index: ALIAS });
    const shards = Object.values(indices).flatMap((index) => Object.values(index.shards).flat());
    expect(shards.map((copy) => copy.num_search_segments)).toEqual([1]);
  }, 600_000);

  it('still rejects the whole file, touching nothing, when one record deep inside it is bad', async () => {
    const before = Object.keys(await client.indices.getAlias({ name: ALIAS }));
    const broken = join(work, 'broken.ndjson');
    const lines = readFileSync(dataset, 'utf8').split('\n');
    // The last case loses its sources, 25k records in: the validating pass reads to the end.
    const last = JSON.parse(lines[CASES - 1]);
    lines[CASES - 1] = JSON.stringify({ ...last, sources: [] });
    writeFileSync(broken, lines.join('\n'));
    const { status, output } = await runIngestCliWatchingMemory([broken], { CASES_ALIAS: ALIAS });
    expect(status).toBe(1);
    expect(output).toContain(`${last.id}: sources sources must list at least one source`);
    expect(output).toContain('nothing was indexed');
    expect(Object.keys(await client.indices.getAlias({ name: ALIAS }))).toEqual(before);
    expect(Object.keys(await client.indices.get({ index: `${ALIAS}-*` }))).toEqual(before);
  }, 300_000);
});
