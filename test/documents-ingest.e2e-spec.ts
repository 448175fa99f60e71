import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@elastic/elasticsearch';
import { elasticsearchUrl } from './support/archive-harness';
import { DOCUMENT_FIXTURES, ingestDocuments } from './support/documents-harness';

const ALIAS = 'e2e-documents-ingest';
const ROOT = join(__dirname, '..');
let client: Client;

async function liveIndex(): Promise<string> {
  return Object.keys(await client.indices.getAlias({ name: ALIAS }))[0];
}

async function ownedIndices(): Promise<string[]> {
  return Object.keys(await client.indices.get({ index: `${ALIAS}-*` })).sort();
}

/** A copy of the fixture corpus with `broken` files that break the format. */
function corpusWithBrokenFiles(broken: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'uap-documents-'));
  cpSync(DOCUMENT_FIXTURES, dir, { recursive: true });
  for (let i = 1; i <= broken; i++)
    writeFileSync(join(dir, 'FBI-Vault-UFO', 'pdfs', `broken-${i}.txt`), `{"schema": "ufo-files-archive-ocr/v1", "pages": 1}\n`);
  return dir;
}

beforeAll(async () => {
  client = new Client({ node: elasticsearchUrl() });
  const leftovers = Object.keys(await client.indices.get({ index: `${ALIAS}-*` }));
  if (leftovers.length) await client.indices.delete({ index: leftovers.join(',') });
});

afterAll(async () => {
  await client.close();
});

describe('ingest documents', () => {
  it('indexes one Elasticsearch document per page behind the alias, with the metadata and the citing cases beside each page', async () => {
    const outcome = await ingestDocuments(ALIAS, DOCUMENT_FIXTURES);
    expect(outcome).toMatchObject({ status: 'indexed', files: 8, documents: 8, pages: 10, problems: [], dropped: [] });
    const index = await liveIndex();
    expect(await client.count({ index: ALIAS })).toMatchObject({ count: 10 });
    const page = await client.get({ index: ALIAS, id: 'nara-28900001:2' });
    expect(page._source).toEqual({
      documentId: 'nara-28900001',
      page: 2,
      kind: 'document',
      title: 'Project Blue Book record card: 25 August 1951, Lubbock, Texas',
      collection: 'national-archives-uap-bulk',
      agency: 'US Air Force (Project Blue Book)',
      date: '1951-08-25',
      pageCount: 2,
      caseIds: [],
      citationKeys: ['naid:28900001'],
      governmentUrl: 'https://catalog.archives.gov/id/28900001',
      sourceFile: 'National-Archives-UAP-Bulk/documents/597821-pdfs-1/28900001.pdf',
      sha256: 'b'.repeat(64),
      bytes: 5000,
      textMethod: 'ocr',
      engine: 'fixture-ocr',
      note: 'page OCR timed out',
      chars: 89,
      text: 'The professors at the college watched the lights cross the sky in a semicircle formation.',
    });
    const mapping = await client.indices.getMapping({ index });
    expect(mapping[index].mappings._meta).toMatchObject({ documentCount: 8, pageCount: 10 });
  });

  it('links a document to the cases whose sources cite it', async () => {
    const cases = join(mkdtempSync(join(tmpdir(), 'uap-cases-')), 'cases.json');
    writeFileSync(
      cases,
      JSON.stringify([
        {
          id: 'gulf-sphere',
          sources: [{ label: 'DOW-UAP-D007', url: 'https://www.war.gov/medialink/ufo/release_1/dow-uap-d7-mission-report-arabian-gulf-2020.pdf' }],
        },
        { id: 'lubbock-lights', sources: [{ label: 'Blue Book card', url: 'https://catalog.archives.gov/id/28900001' }] },
      ]),
    );
    const outcome = await ingestDocuments(ALIAS, DOCUMENT_FIXTURES, { casesPath: cases });
    expect(outcome).toMatchObject({ status: 'indexed', linked: 2 });
    expect((await client.get<{ caseIds: string[] }>({ index: ALIAS, id: 'dow-uap-d7-mission-report-arabian-gulf-2020:2' }))._source?.caseIds).toEqual(
      ['gulf-sphere'],
    );
    expect((await client.get<{ caseIds: string[] }>({ index: ALIAS, id: 'nara-28900001:1' }))._source?.caseIds).toEqual(['lubbock-lights']);
    // The swap dropped the index the alias left.
    expect(await ownedIndices()).toEqual([await liveIndex()]);
  });

  it('links a document to the cases whose page citations (document-pages.csv beside the cases) name it, with the pages', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'uap-cases-'));
    const cases = join(folder, 'cases.json');
    writeFileSync(
      cases,
      JSON.stringify([{ id: 'lubbock-lights', sources: [{ label: 'Blue Book card', url: 'https://catalog.archives.gov/id/28900001' }] }]),
    );
    writeFileSync(
      join(folder, 'document-pages.csv'),
      'case_id,document_id,pages,key_words\n' +
        'gulf-sphere,dow-uap-d7-mission-report-arabian-gulf-2020,2;1,Arabian Gulf\n' +
        'lubbock-lights,nara-28900001,2,lights\n',
    );
    const outcome = await ingestDocuments(ALIAS, DOCUMENT_FIXTURES, { casesPath: cases, ifChanged: true });
    expect(outcome).toMatchObject({ status: 'indexed', linked: 2 });
    const page = async (id: string) => (await client.get<{ caseIds: string[]; casePages?: unknown }>({ index: ALIAS, id }))._source;
    expect(await page('dow-uap-d7-mission-report-arabian-gulf-2020:1')).toMatchObject({
      caseIds: ['gulf-sphere'],
      casePages: [{ caseId: 'gulf-sphere', pages: [1, 2] }],
    });
    expect(await page('nara-28900001:2')).toMatchObject({ caseIds: ['lubbock-lights'], casePages: [{ caseId: 'lubbock-lights', pages: [2] }] });
    expect((await page('nara-28900002:1'))?.casePages).toBeUndefined();
    // The page citations are part of what --if-changed compares.
    expect(await ingestDocuments(ALIAS, DOCUMENT_FIXTURES, { casesPath: cases, ifChanged: true })).toMatchObject({ status: 'unchanged' });
    writeFileSync(join(folder, 'other.csv'), 'case_id,document_id,pages\ngulf-sphere,dow-uap-d7-mission-report-arabian-gulf-2020,2\n');
    expect(
      await ingestDocuments(ALIAS, DOCUMENT_FIXTURES, { casesPath: cases, pageCitationsPath: join(folder, 'other.csv'), ifChanged: true }),
    ).toMatchObject({ status: 'indexed', linked: 2 });
    expect((await page('dow-uap-d7-mission-report-arabian-gulf-2020:2'))?.casePages).toEqual([{ caseId: 'gulf-sphere', pages: [2] }]);
    // A broken file is an error naming it, before anything is indexed.
    writeFileSync(join(folder, 'broken.csv'), 'case_id,document_id,pages\ngulf-sphere,dow-uap-d7-mission-report-arabian-gulf-2020,two\n');
    await expect(ingestDocuments(ALIAS, DOCUMENT_FIXTURES, { casesPath: cases, pageCitationsPath: join(folder, 'broken.csv') })).rejects.toThrow(
      `${join(folder, 'broken.csv')}: page citations line 2: "two" is not a list of pages such as 2;5`,
    );
  });

  it('skips a broken file, naming it, and indexes the rest', async () => {
    const outcome = await ingestDocuments(ALIAS, corpusWithBrokenFiles(1), { maxBadShare: 0.2 });
    expect(outcome).toMatchObject({
      status: 'indexed',
      files: 9,
      documents: 8,
      pages: 10,
      problems: [{ file: 'FBI-Vault-UFO/pdfs/broken-1.txt', message: 'the header has no source_file' }],
    });
  });

  it('leaves the live index untouched when more than the allowed share of files is broken', async () => {
    const before = await liveIndex();
    const outcome = await ingestDocuments(ALIAS, corpusWithBrokenFiles(3), { maxBadShare: 0.2 });
    expect(outcome).toMatchObject({ status: 'too-many-bad', files: 11 });
    expect(outcome.status === 'too-many-bad' && outcome.problems).toHaveLength(3);
    expect(await liveIndex()).toBe(before);
    expect(await ownedIndices()).toEqual([before]);
  });

  it('does nothing with --if-changed when the live index holds this corpus', async () => {
    // The live index holds the corpus with a broken file (above), so this one is new to it.
    expect(await ingestDocuments(ALIAS, DOCUMENT_FIXTURES, { ifChanged: true })).toMatchObject({ status: 'indexed' });
    const live = await liveIndex();
    expect(await ingestDocuments(ALIAS, DOCUMENT_FIXTURES, { ifChanged: true })).toEqual({ status: 'unchanged', index: live });
    expect(await liveIndex()).toBe(live);
  });

  it('runs as `ingest documents <dir>`, printing what it skipped, and fails with too many bad files', () => {
    const run = (dir: string, ...flags: string[]) =>
      spawnSync(
        process.execPath,
        [
          '-r',
          'ts-node/register/transpile-only',
          '-r',
          'tsconfig-paths/register',
          'apps/ingest/src/main.ts',
          'documents',
          dir,
          '--cases',
          'test/fixtures/cases.json',
          ...flags,
        ],
        {
          cwd: ROOT,
          encoding: 'utf8',
          env: { ...process.env, ELASTICSEARCH_URL: elasticsearchUrl(), DOCUMENTS_ALIAS: ALIAS, TS_NODE_PROJECT: 'tsconfig.json' },
          timeout: 120_000,
        },
      );
    const good = run(DOCUMENT_FIXTURES);
    expect(good.status).toBe(0);
    expect(good.stdout).toContain('Indexed 10 pages of 8 documents');
    expect(good.stdout).toContain('skipped 0 unreadable file(s)');
    // --if-changed is the root command's flag too; the subcommand still reads it.
    const again = run(DOCUMENT_FIXTURES, '--if-changed');
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('already serves this corpus');
    const bad = run(corpusWithBrokenFiles(1));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('1 of 9 files are unreadable, more than the allowed share; nothing was indexed and the live index is untouched:');
    expect(bad.stderr).toContain('FBI-Vault-UFO/pdfs/broken-1.txt: the header has no source_file');
  });
});
