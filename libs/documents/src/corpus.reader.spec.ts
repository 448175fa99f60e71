import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CorpusEntry } from './corpus.reader';
import { listCorpusFiles, readCorpus } from './corpus.reader';
import { ManifestIndex, readReleaseManifest } from './release-manifest';

const FIXTURES = join(__dirname, '../../../test/fixtures/documents');
const SOURCES = join(__dirname, '../../../data/sources');
const manifest = new ManifestIndex(
  ['pursue-manifest-releases-01-04.csv', 'pursue-manifest-releases-05-06.csv'].flatMap((file) =>
    readReleaseManifest(readFileSync(join(SOURCES, file), 'utf8')),
  ),
);

async function readAll(root: string): Promise<CorpusEntry[]> {
  const entries: CorpusEntry[] = [];
  for await (const entry of readCorpus(root, manifest)) entries.push(entry);
  return entries;
}

describe('readCorpus on the fixture corpus', () => {
  it('lists the document files in path order', async () => {
    expect(await listCorpusFiles(FIXTURES)).toEqual([
      'FBI-Vault-UFO/pdfs/ufo-part-01.txt',
      'National-Archives-UAP-Bulk/documents/597821-pdfs-1/28900001.txt',
      'National-Archives-UAP-Bulk/documents/597821-pdfs-1/28900002.txt',
      'National-Archives-UAP-Bulk/documents/733667/733667-001-001.txt',
      'War-Gov-PURSUE/release-01/documents/dow-uap-d7-mission-report-arabian-gulf-2020.txt',
      'War-Gov-PURSUE/release-01/videos/dod-100000001.tsv',
      'War-Gov-PURSUE/release-02/documents/doe-uap-d001-pantex-image.txt',
      'War-Gov-PURSUE/release-06/documents/dow-uap-d104-final-personnel-record-for-newhouse-delbert-c-us-navy-1957.txt',
    ]);
  });

  it('describes every file exactly', async () => {
    const documents = (await readAll(FIXTURES)).map((entry) => entry.document);
    const byId = Object.fromEntries(documents.map((document) => [document?.id, document]));
    expect(Object.keys(byId)).toEqual([
      'fbi-vault-ufo-ufo-part-01',
      'nara-28900001',
      'nara-28900002',
      'national-archives-uap-bulk-733667-001-001',
      'dow-uap-d7-mission-report-arabian-gulf-2020',
      'dod-100000001',
      'doe-uap-d001-pantex-image',
      'dow-uap-d104-final-personnel-record-for-newhouse-delbert-c-us-navy-1957',
    ]);
    expect(byId['dow-uap-d7-mission-report-arabian-gulf-2020']).toEqual({
      id: 'dow-uap-d7-mission-report-arabian-gulf-2020',
      kind: 'document',
      collection: 'war-gov-pursue',
      release: 1,
      title: 'DOW-UAP-D007, Mission Report, Arabian Gulf, 2020',
      agency: 'Department of War',
      date: '2020',
      governmentUrl: 'https://www.war.gov/medialink/ufo/release_1/dow-uap-d7-mission-report-arabian-gulf-2020.pdf',
      citationKeys: ['file:dow-uap-d7-mission-report-arabian-gulf-2020', 'fileid:dow-uap-d7'],
      pageCount: 2,
      sourceFile: 'War-Gov-PURSUE/release-01/documents/dow-uap-d7-mission-report-arabian-gulf-2020.pdf',
      sha256: 'a'.repeat(64),
      bytes: 1000,
      textMethod: 'ocr',
      engine: 'fixture-ocr',
      pages: [
        {
          page: 1,
          text: 'MISSION REPORT\nThe aircrew observed a white spherical object holding position over the Arabian Gulf.\nThe object showed no visible means of propulsion.',
        },
        { page: 2, text: 'The crew recorded infrared video of the sphere for eleven minutes before it departed north.' },
      ],
    });
    expect(byId['dod-100000001']).toEqual({
      id: 'dod-100000001',
      kind: 'transcript',
      collection: 'war-gov-pursue',
      release: 1,
      title: 'Video transcript dod-100000001',
      agency: 'Department of War',
      governmentUrl: 'https://www.war.gov/UFO/',
      citationKeys: ['file:dod-100000001'],
      pageCount: 1,
      sourceFile: 'War-Gov-PURSUE/release-01/videos/dod-100000001.mp4',
      bytes: 2048,
      textMethod: 'speech-to-text',
      engine: 'whisper large-v3 (mlx)',
      pages: [
        {
          page: 1,
          startMs: 0,
          text: 'This is a fixture narration over the range.\nTracking the contact, it is moving against the wind at high speed.',
        },
      ],
    });
    expect(byId['nara-28900001']).toMatchObject({
      title: 'Project Blue Book record card: 25 August 1951, Lubbock, Texas',
      agency: 'US Air Force (Project Blue Book)',
      date: '1951-08-25',
      governmentUrl: 'https://catalog.archives.gov/id/28900001',
      citationKeys: ['naid:28900001'],
      pageCount: 2,
    });
    expect(byId['nara-28900002']).toMatchObject({ title: 'Project Blue Book file 28900002', citationKeys: ['naid:28900002'] });
    expect(byId['national-archives-uap-bulk-733667-001-001']).toMatchObject({
      title: 'National Archives: 733667 001 001',
      governmentUrl: 'https://catalog.archives.gov/id/733667',
      citationKeys: [],
      textMethod: 'embedded-text',
      pageCount: 1,
    });
    expect(byId['dow-uap-d104-final-personnel-record-for-newhouse-delbert-c-us-navy-1957']).toMatchObject({
      release: 6,
      title: 'DOW-UAP-D104, Final Personnel Record for Newhouse, Delbert C., U.S. Navy, 1957',
      governmentUrl: 'https://www.war.gov/UFO/',
      pageCount: 1,
    });
    expect(byId['fbi-vault-ufo-ufo-part-01']).toMatchObject({
      title: 'FBI Vault, UFO: Ufo part 01',
      agency: 'Federal Bureau of Investigation',
      governmentUrl: 'https://vault.fbi.gov/UFO',
    });
  });

  it('names a broken file and goes on with the others', async () => {
    const root = mkdtempSync(join(tmpdir(), 'corpus-'));
    mkdirSync(join(root, 'NSA-UFO-FOIA/pdfs'), { recursive: true });
    writeFileSync(join(root, 'NSA-UFO-FOIA/pdfs/a-broken.txt'), 'not a header\n');
    writeFileSync(
      join(root, 'NSA-UFO-FOIA/pdfs/b-good.txt'),
      '{"schema": "ufo-files-archive-ocr/v1", "source_file": "b.pdf", "pages": 0}\nSome text.\n',
    );
    const entries = await readAll(root);
    expect(entries.map((entry) => entry.problem ?? entry.document?.id)).toEqual([
      { file: 'NSA-UFO-FOIA/pdfs/a-broken.txt', message: 'line 1 is not a JSON header' },
      'nsa-ufo-foia-b-good',
    ]);
  });
});
