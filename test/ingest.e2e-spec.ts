import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@elastic/elasticsearch';
import type { CaseRecord } from '@app/cases';
import { elasticsearchUrl, FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';

const ALIAS = 'e2e-ingest-cases';
const ROOT = join(__dirname, '..');
const fixture: CaseRecord[] = JSON.parse(readFileSync(FIXTURE, 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'uap-ingest-'));

let client: Client;
let api: RunningApi;

function writeDataset(name: string, records: unknown[]): string {
  const path = join(work, name);
  writeFileSync(path, JSON.stringify(records, null, 2));
  return path;
}

async function liveIndex(): Promise<string> {
  return Object.keys(await client.indices.getAlias({ name: ALIAS }))[0];
}

async function ownedIndices(): Promise<string[]> {
  return Object.keys(await client.indices.get({ index: `${ALIAS}-*` })).sort();
}

async function servedTotal(): Promise<number> {
  const { status, body } = await request(api.baseUrl, '/api/stats');
  expect(status).toBe(200);
  return body.total;
}

/** The real CLI entry point, run from source as an operator would run the built one. */
function runCli(args: string[]) {
  return spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'apps/ingest/src/main.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ELASTICSEARCH_URL: elasticsearchUrl(), CASES_ALIAS: ALIAS, TS_NODE_PROJECT: 'tsconfig.json' },
    timeout: 120_000,
  });
}

beforeAll(async () => {
  client = new Client({ node: elasticsearchUrl() });
  // Start from nothing: earlier runs against the same Elasticsearch may have left indices.
  const leftovers = Object.keys(await client.indices.get({ index: `${ALIAS}-*` }));
  if (leftovers.length > 0) await client.indices.delete({ index: leftovers.join(',') });
  // No response cache: these tests re-index and expect the next request to see it at once.
  api = await startApi({ CASES_ALIAS: ALIAS, CACHE_TTL_SECONDS: '0' });
});

afterAll(async () => {
  await api?.close();
  await client?.close();
});

describe('ingest CLI', () => {
  it('indexes a dataset behind the alias, and the api serves it', async () => {
    const outcome = await ingest(ALIAS, FIXTURE);
    expect(outcome).toMatchObject({ status: 'indexed', count: fixture.length, previous: null });
    expect(await liveIndex()).toBe(outcome.status === 'indexed' && outcome.index);
    expect(await servedTotal()).toBe(fixture.length);
  });

  it('does nothing with --if-changed when the live index already holds the dataset', async () => {
    const before = await liveIndex();
    const outcome = await ingest(ALIAS, FIXTURE, { ifChanged: true });
    expect(outcome.status).toBe('unchanged');
    expect(await liveIndex()).toBe(before);
    expect(await ownedIndices()).toEqual([before]);
  });

  it('rejects an invalid dataset, naming every problem, and leaves the live alias serving', async () => {
    const before = await liveIndex();
    const [first, second, third] = fixture;
    const broken = [
      { ...first, date: '2023-02-30' },
      { ...second, hasVideo: !second.hasVideo },
      { ...third, id: first.id, title: { en: 'Only English', zh: 'Only English' } },
      { ...fixture[3], location: { ...fixture[3].location, lat: 123, country: 'XX' } },
      { ...fixture[4], type: 'balloon', sources: [], colour: 'green' },
      { ...fixture[5], summary: { en: '' } },
      ...fixture.slice(6),
    ];
    const outcome = await ingest(ALIAS, writeDataset('broken.json', broken));
    expect(outcome.status).toBe('invalid');
    const problems = outcome.status === 'invalid' ? outcome.problems.map((p) => `${p.record} ${p.field}: ${p.message}`) : [];
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${first.id} date: 2023-02-30 is not a day that exists`)),
        expect.stringMatching(new RegExp(`^${second.id} hasVideo: `)),
        expect.stringMatching(new RegExp(`^${first.id} id: duplicates the id of record #1`)),
        expect.stringMatching(new RegExp(`^${first.id} title.zh: zh must be written in Chinese`)),
        expect.stringMatching(new RegExp(`^${fixture[3].id} location.lat: lat must be between -90 and 90`)),
        expect.stringMatching(new RegExp(`^${fixture[3].id} location.country: XX is not an ISO 3166-1 alpha-2 code`)),
        expect.stringMatching(new RegExp(`^${fixture[4].id} type: type must be one of`)),
        expect.stringMatching(new RegExp(`^${fixture[4].id} sources: sources must list at least one source`)),
        expect.stringMatching(new RegExp(`^${fixture[4].id} colour: is not a case field`)),
        expect.stringMatching(new RegExp(`^${fixture[5].id} summary.en: en must not be empty`)),
        expect.stringMatching(new RegExp(`^${fixture[5].id} summary.zh: zh must be`)),
      ]),
    );
    expect(await liveIndex()).toBe(before);
    expect(await ownedIndices()).toEqual([before]);
    expect(await servedTotal()).toBe(fixture.length);
  });

  it('exits non-zero from the command line on an invalid file, printing the problems', () => {
    const path = writeDataset('one-bad.json', [{ ...fixture[0], credibility: 'maybe' }, ...fixture.slice(1)]);
    const result = runCli([path]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('nothing was indexed');
    expect(result.stderr).toContain(`${fixture[0].id}: credibility credibility must be one of`);
  });

  it('reads NDJSON and a folder of one file per case as well as a JSON array', async () => {
    const ndjson = join(work, 'cases.ndjson');
    writeFileSync(ndjson, fixture.map((c) => JSON.stringify(c)).join('\n') + '\n');
    const folder = join(work, 'folder');
    mkdirSync(folder);
    fixture.forEach((c) => writeFileSync(join(folder, `${c.id}.json`), JSON.stringify(c)));

    const before = await liveIndex();
    // Same records as live: --if-changed recognises them whatever the file shape.
    expect((await ingest(ALIAS, ndjson, { ifChanged: true })).status).toBe('unchanged');
    expect((await ingest(ALIAS, folder, { ifChanged: true })).status).toBe('unchanged');
    expect(await liveIndex()).toBe(before);
  });

  it('keeps the previous index for rollback and drops older ones', async () => {
    const first = await liveIndex();
    const smaller = writeDataset('smaller.json', fixture.slice(0, fixture.length - 2));
    const second = await ingest(ALIAS, smaller);
    expect(second).toMatchObject({ status: 'indexed', previous: first, dropped: [] });
    expect(await servedTotal()).toBe(fixture.length - 2);

    const smallest = writeDataset('smallest.json', fixture.slice(0, 3));
    const third = await ingest(ALIAS, smallest);
    const secondIndex = second.status === 'indexed' ? second.index : '';
    expect(third).toMatchObject({ status: 'indexed', previous: secondIndex, dropped: [first] });
    expect(await ownedIndices()).toEqual([secondIndex, third.status === 'indexed' ? third.index : ''].sort());
    expect(await servedTotal()).toBe(3);
  });

  it('--rollback points the alias back at the previous index', async () => {
    const result = runCli(['--rollback']);
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toMatch(/Rolled back alias e2e-ingest-cases/);
    expect(await servedTotal()).toBe(fixture.length - 2);

    // With nothing older left, a second rollback refuses instead of guessing.
    const again = runCli(['--rollback']);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/nothing to roll back to/);
    expect(await servedTotal()).toBe(fixture.length - 2);
  });
});
