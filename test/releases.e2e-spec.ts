// What a consumer who follows the releases sees: addedAt/updatedAt/revisions, the updatedSince
// filter with the other filters, the Atom feed, and the archive's last update in stats.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { CaseRecord } from '@app/cases';
import { FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';
import { parseCoverage } from '../apps/ingest/src/manifest/coverage';
import { runManifestDiff } from '../apps/ingest/src/manifest/manifest-diff.command';
import { reviseDataset } from '../apps/ingest/src/revisions/dataset-revisions';
import { CACHE_CONTROL } from '../apps/api/src/response/cache-control';

const ALIAS = 'e2e-releases-cases';
const fixture: CaseRecord[] = JSON.parse(readFileSync(FIXTURE, 'utf8'));
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (name) => ['entry', 'link', 'span', 'p'].includes(name),
});

/** The feed's order: latest change first, then id. */
const byLatestChange = (a: CaseRecord, b: CaseRecord) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id);
const chronological = (a: CaseRecord, b: CaseRecord) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id);
const ids = (cases: { id: string }[]) => cases.map((c) => c.id);

let api: RunningApi;
let publicApi: RunningApi;
const get = (path: string, init?: RequestInit) => request(api.baseUrl, path, init);

async function feed(base: string, path: string) {
  const response = await fetch(`${base}${path}`);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, feed: response.ok ? parser.parse(text).feed : undefined };
}

beforeAll(async () => {
  expect((await ingest(ALIAS, FIXTURE)).status).toBe('indexed');
  api = await startApi({ CASES_ALIAS: ALIAS, OPERATOR_NAME: 'Test Operator', OPERATOR_SITE: 'https://ops.test' });
  publicApi = await startApi({ CASES_ALIAS: ALIAS, PUBLIC_BASE_URL: 'https://api.archive.test/' });
});

afterAll(async () => {
  await api?.close();
  await publicApi?.close();
});

describe('case history fields', () => {
  it('lists addedAt and updatedAt in summaries, and the revisions in the full record', async () => {
    const { body } = await get('/api/cases?limit=500');
    for (const summary of body.cases) {
      const source = fixture.find((c) => c.id === summary.id)!;
      expect({ addedAt: summary.addedAt, updatedAt: summary.updatedAt }).toEqual({ addedAt: source.addedAt, updatedAt: source.updatedAt });
      expect(summary.revisions).toBeUndefined();
    }
    const full = await get('/api/cases/2020-air-force-infrared-reticle-lock-58-seconds');
    expect(full.body.case.revisions).toEqual([
      {
        date: '2026-11-21',
        reason: { en: 'Location conflict between the file title and the location column stated', zh: '注明文件标题与地点栏之间的地点矛盾' },
      },
      { date: '2026-05-10', reason: { en: 'Added to the archive', zh: '收入档案' } },
    ]);
  });
});

describe('GET /api/cases?updatedSince=', () => {
  it.each([
    ['updatedSince=2026-11-22', (c: CaseRecord) => c.updatedAt >= '2026-11-22'],
    ['updatedSince=2026-10-01', (c: CaseRecord) => c.updatedAt >= '2026-10-01'],
    ['updatedSince=2026-06-01&tranche=PURSUE-6', (c: CaseRecord) => c.updatedAt >= '2026-06-01' && c.tranche === 'PURSUE-6'],
    [
      'updatedSince=2026-06-01&type=crash&country=US',
      (c: CaseRecord) => c.updatedAt >= '2026-06-01' && c.type === 'crash' && c.location.country === 'US',
    ],
    ['updatedSince=2026-01-01&year=1952&hasVideo=false', (c: CaseRecord) => c.date.startsWith('1952') && !c.hasVideo],
    ['updatedSince=2026-11-21&credibility=official', (c: CaseRecord) => c.updatedAt >= '2026-11-21' && c.credibility === 'official'],
    // 23:30 in New York on the 21st is already the 22nd in UTC.
    ['updatedSince=2026-11-21T23:30:00-05:00', (c: CaseRecord) => c.updatedAt >= '2026-11-22'],
    ['updatedSince=2026-11-21T08:00:00Z', (c: CaseRecord) => c.updatedAt >= '2026-11-21'],
  ])('%s returns exactly the matching cases', async (query, keep) => {
    const { status, body } = await get(`/api/cases?${query}&limit=500`);
    expect(status).toBe(200);
    const expected = fixture.filter(keep).sort(chronological);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.total).toBe(expected.length);
    expect(ids(body.cases)).toEqual(ids(expected));
  });

  it('combines with a keyword', async () => {
    const { body } = await get('/api/cases?q=Roswell&updatedSince=2026-11-22');
    expect(ids(body.cases)).toEqual(['1947-roswell-debris-recovery']);
    expect((await get('/api/cases?q=Roswell&updatedSince=2026-11-23')).body.total).toBe(0);
  });

  it.each(['yesterday', '2026-02-30', '2026-11-21T08:00:00', '21/11/2026', '2026-11-21T25:00:00Z'])(
    'rejects updatedSince=%s with a 400 naming it',
    async (value) => {
      const { status, body } = await get(`/api/cases?updatedSince=${encodeURIComponent(value)}`);
      expect(status).toBe(400);
      expect(body.error.code).toBe('invalid_parameter');
      expect(body.error.parameters).toEqual([
        { parameter: 'updatedSince', message: expect.stringContaining('updatedSince must be a date YYYY-MM-DD') },
      ]);
    },
  );
});

describe('GET /api/feed.atom', () => {
  it('is a valid Atom feed of every case, newest change first, served as application/atom+xml', async () => {
    const { status, headers, text, feed: atom } = await feed(api.baseUrl, '/api/feed.atom');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(headers.get('cache-control')).toBe(CACHE_CONTROL);
    expect(XMLValidator.validate(text)).toBe(true);
    expect(atom['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    // RFC 4287 4.1.1: id, title, updated, and an author (here at feed level).
    expect(atom.id).toBe(`${api.baseUrl}/api/feed.atom`);
    expect(atom.title).toBe('Test Operator: case changes');
    expect(atom.updated).toBe('2026-11-22T00:00:00Z');
    expect(atom.author).toEqual({ name: 'Test Operator', uri: 'https://ops.test' });
    expect(ids(atom.entry.map((e: { id: string }) => ({ id: e.id.split('/').pop() })))).toEqual(ids([...fixture].sort(byLatestChange)));
    for (const entry of atom.entry) {
      expect(entry.id).toEqual(expect.any(String));
      expect(entry.title).toBeDefined();
      expect(entry.updated).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
      expect(entry.link.some((l: Record<string, string>) => l['@_rel'] === 'alternate')).toBe(true);
    }
  });

  it("links each entry to the case's JSON and carries both languages", async () => {
    const { feed: atom } = await feed(api.baseUrl, '/api/feed.atom?limit=1');
    expect(atom.entry).toHaveLength(1);
    const [entry] = atom.entry;
    const roswell = fixture.find((c) => c.id === '1947-roswell-debris-recovery')!;
    expect(entry.link[0]['@_href']).toBe(`${api.baseUrl}/api/cases/1947-roswell-debris-recovery`);
    expect(entry.updated).toBe('2026-11-22T00:00:00Z');
    expect(entry.title.div.span.filter((s: Record<string, string>) => s['@_xml:lang']).map((s: Record<string, string>) => s['#text'])).toEqual([
      roswell.title.en,
      roswell.title.zh,
    ]);
    expect(entry.summary.div.p.map((p: Record<string, string>) => p['@_xml:lang'])).toEqual(['en', 'zh-Hans']);
    const linked = await request('', entry.link[0]['@_href']);
    expect(linked.status).toBe(200);
    expect(linked.body.case.updatedAt).toBe('2026-11-22');
  });

  it.each([
    ['tranche=PURSUE-6', (c: CaseRecord) => c.tranche === 'PURSUE-6'],
    ['tranche=PURSUE-7', () => false],
    ['country=US&type=radar', (c: CaseRecord) => c.location.country === 'US' && c.type === 'radar'],
    ['updatedSince=2026-10-01', (c: CaseRecord) => c.updatedAt >= '2026-10-01'],
    ['hasVideo=true&credibility=official', (c: CaseRecord) => c.hasVideo && c.credibility === 'official'],
  ])('takes the list filters: %s', async (query, keep) => {
    const { status, feed: atom } = await feed(api.baseUrl, `/api/feed.atom?${query}`);
    expect(status).toBe(200);
    const got = (atom.entry ?? []).map((e: { id: string }) => e.id.split('/').pop());
    expect(got).toEqual(ids(fixture.filter(keep).sort(byLatestChange)));
    expect(atom.id).toBe(`${api.baseUrl}/api/feed.atom?${query}`);
    // An empty feed is still dated, by the archive's last change.
    expect(atom.updated).toMatch(/^2026-\d{2}-\d{2}T00:00:00Z$/);
  });

  it('uses PUBLIC_BASE_URL for ids and links when set', async () => {
    const { feed: atom } = await feed(publicApi.baseUrl, '/api/feed.atom?type=crash');
    expect(atom.id).toBe('https://api.archive.test/api/feed.atom?type=crash');
    expect(atom.entry[0].link[0]['@_href']).toBe('https://api.archive.test/api/cases/1947-roswell-debris-recovery');
  });

  it('answers a bad filter with the JSON error, and a write with 405', async () => {
    const bad = await get('/api/feed.atom?type=ufo&updatedSince=soon');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(bad.body.error.parameters.map((p: { parameter: string }) => p.parameter).sort()).toEqual(['type', 'updatedSince']);
    const head = await fetch(`${api.baseUrl}/api/feed.atom`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const post = await get('/api/feed.atom', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.body.error.code).toBe('method_not_allowed');
  });
});

describe('GET /api/feed.atom before the archive is indexed', () => {
  it('answers 503 in the JSON envelope, like the rest of the api', async () => {
    const empty = await startApi({ CASES_ALIAS: 'e2e-releases-never-indexed' });
    try {
      const { status, headers, body } = await request(empty.baseUrl, '/api/feed.atom');
      expect(status).toBe(503);
      expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(body.error.code).toBe('service_unavailable');
    } finally {
      await empty.close();
    }
  });
});

describe('GET /api/stats', () => {
  it("gives the archive's last change and each release's date", async () => {
    const { body } = await get('/api/stats');
    expect(body.lastUpdated).toBe(
      fixture
        .map((c) => c.updatedAt)
        .sort()
        .at(-1),
    );
    expect(body.releases).toEqual({
      'PURSUE-1': '2026-05-08',
      'PURSUE-2': '2026-05-22',
      'PURSUE-3': '2026-06-12',
      'PURSUE-4': '2026-07-10',
      'PURSUE-5': '2026-08-07',
      'PURSUE-6': '2026-09-18',
    });
  });
});

describe("docs/reindexing.md's walkthrough: a new release, from the catalogue to a feed entry", () => {
  const ROOT = join(__dirname, '..');
  const WALK_ALIAS = 'e2e-releases-walkthrough';
  let walkApi: RunningApi | undefined;
  afterAll(async () => walkApi?.close());

  it('diffs, records pending files, takes a case, stamps it, re-indexes, and serves it in the feed', async () => {
    // An archive that stops at Release 04 (test/fixtures/manifests/archive) with two stamped cases.
    const data = mkdtempSync(join(tmpdir(), 'walkthrough-'));
    cpSync(join(ROOT, 'test', 'fixtures', 'manifests', 'archive'), data, { recursive: true });
    mkdirSync(join(data, 'cases'));
    for (const record of fixture.filter((c) => ['1947-roswell-debris-recovery', '1952-washington-dc-radar-sightings'].includes(c.id))) {
      writeFileSync(join(data, 'cases', `${record.id}.json`), JSON.stringify(record, null, 2));
    }
    reviseDataset({ dataDir: data, date: '2026-11-21' });

    // Steps 2-3: the catalogue brings Release 05; --write records its files as pending.
    const { diff, written } = runManifestDiff(join(ROOT, 'test', 'fixtures', 'manifests', 'added-release.csv'), {
      dataDir: data,
      write: true,
      date: '2026-12-01',
    });
    expect(diff.pending).toBe(true);
    expect(written).toContain('releases.json (+ release 5)');

    // Step 4: a case for two of the files (the archive's real one), a reason for the third.
    const {
      addedAt: _addedAt,
      updatedAt: _updatedAt,
      revisions: _revisions,
      ...gyatt
    } = JSON.parse(readFileSync(join(ROOT, 'data', 'cases', '1964-puerto-rico-uss-gyatt-delta-object.json'), 'utf8'));
    writeFileSync(join(data, 'cases', `${gyatt.id}.json`), JSON.stringify(gyatt, null, 2));
    const coverage = readFileSync(join(data, 'coverage.csv'), 'utf8')
      .replace(/^5,(CIA-UAP-D02[23]),,,pending$/gm, `5,$1,,${gyatt.id},`)
      .replace(/^5,DOW-UAP-PR117,1017793,,pending$/m, '5,DOW-UAP-PR117,1017793,,left for a later pass in this test');
    writeFileSync(join(data, 'coverage.csv'), coverage);
    expect(parseCoverage(coverage).filter((row) => row.reason === 'pending')).toEqual([]);

    // Step 5: stamp. Step 7: re-index.
    expect(reviseDataset({ dataDir: data, date: '2026-12-01' })).toMatchObject({ added: [gyatt.id], changed: [] });
    expect((await ingest(WALK_ALIAS, join(data, 'cases'))).status).toBe('indexed');
    walkApi = await startApi({ CASES_ALIAS: WALK_ALIAS });

    // Step 8: the new case heads the feed, has its tranche's feed, and is all that changed since.
    const all = await feed(walkApi.baseUrl, '/api/feed.atom');
    expect(all.feed.entry[0].id).toBe(`${walkApi.baseUrl}/api/cases/${gyatt.id}`);
    expect(all.feed.entry[0].published).toBe('2026-12-01T00:00:00Z');
    const tranche = await feed(walkApi.baseUrl, '/api/feed.atom?tranche=PURSUE-5');
    expect(tranche.feed.entry.map((e: { id: string }) => e.id.split('/').pop())).toEqual([gyatt.id]);
    expect(ids((await request(walkApi.baseUrl, '/api/cases?updatedSince=2026-12-01')).body.cases)).toEqual([gyatt.id]);
    expect((await request(walkApi.baseUrl, '/api/stats')).body.lastUpdated).toBe('2026-12-01');
  });
});
