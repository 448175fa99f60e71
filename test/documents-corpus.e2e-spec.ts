// The whole government-document corpus (DOCUMENTS_DIR; .ci/run sets it to ../shared/documents),
// indexed once by the real ingest and searched through the real api. Without DOCUMENTS_DIR the
// document tests use only their hand-written fixture corpus (documents-api, documents-ingest).
import { loadEnvironment } from '@app/config';
import { ingest, request, RunningApi, startApi } from './support/archive-harness';
import { SOURCES } from './support/documents-harness';
import { runIngestCliWatchingMemory } from './support/ingest-cli';
import { join } from 'node:path';

const DOCUMENTS_DIR = loadEnvironment().DOCUMENTS_DIR;
const ALIAS = 'e2e-documents-corpus';
const CASES_DIR = join(__dirname, '..', 'data', 'cases');
const CASES = 'e2e-documents-corpus-cases';
/** The ingest's memory budget (issue 34): its heap, and the peak RSS the whole corpus may take. */
const HEAP_MB = 512;
const describeCorpus = DOCUMENTS_DIR ? describe : describe.skip;

describeCorpus(`the whole corpus in ${DOCUMENTS_DIR || '(DOCUMENTS_DIR not set)'}`, () => {
  let api: RunningApi;
  let indexed: { documents: number; pages: number; linked: number; copyPairs: number; copyGroups: number; skipped: number; peakMb: number };

  beforeAll(async () => {
    // Indexed once, by the CLI an operator runs, under the ingest's 512 MB heap, its memory watched.
    const { status, output, peakKb } = await runIngestCliWatchingMemory(
      ['documents', DOCUMENTS_DIR, '--cases', CASES_DIR, '--sources', SOURCES],
      { DOCUMENTS_ALIAS: ALIAS },
      [`--max-old-space-size=${HEAP_MB}`],
    );
    const done =
      /Indexed (\d+) pages of (\d+) documents into \S+ \((\d+) cited by cases; (\d+) pairs of copied pages in (\d+) groups\); skipped (\d+) unreadable/.exec(
        output,
      );
    if (status !== 0 || !done) throw new Error(`the corpus did not index (exit ${status}):\n${output.slice(-2000)}`);
    indexed = {
      pages: Number(done[1]),
      documents: Number(done[2]),
      linked: Number(done[3]),
      copyPairs: Number(done[4]),
      copyGroups: Number(done[5]),
      skipped: Number(done[6]),
      peakMb: peakKb / 1024,
    };
    api = await startApi({ DOCUMENTS_ALIAS: ALIAS });
  }, 300_000);

  afterAll(async () => {
    await api?.close();
  });

  it('serves every document and page it indexed, with no file skipped', async () => {
    expect(indexed.skipped).toBe(0);
    expect(indexed.documents).toBeGreaterThan(3000);
    expect(indexed.pages).toBeGreaterThan(15000);
    const { body } = await request(api.baseUrl, '/api/documents?facets=collection,kind,release&limit=1');
    expect(body.total).toBe(indexed.documents);
    expect(body.totalPages).toBe(indexed.pages);
    expect(Object.keys(body.facets.collection).sort()).toEqual([
      'aaro-uap-records',
      'doe-nnsa-uap-ufo',
      'fbi-vault-ufo',
      'national-archives-uap-bulk',
      'nsa-ufo-foia',
      'war-gov-pursue',
    ]);
    expect(body.facets.kind.transcript).toBe(133);
    expect(Object.keys(body.facets.release).sort()).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it(`indexes it within the ingest's ${HEAP_MB} MB`, () => {
    console.log(`ingest documents of the whole corpus: ${indexed.pages} pages, peak RSS ${indexed.peakMb.toFixed(0)} MB`);
    expect(indexed.peakMb).toBeLessThan(HEAP_MB);
  });

  it('links documents to the cases that cite them, both ways', async () => {
    expect(indexed.linked).toBeGreaterThan(100);
    const { body } = await request(api.baseUrl, '/api/documents?caseId=1947-fbi-62-hq-83894-flying-discs-file&limit=50');
    expect(body.documents.map((document: { id: string }) => document.id)).toContain('65-hs1-834228961-62-hq-83894-section-6');
  });

  it("gives a case's full record the documents its page citations (data/document-pages.csv) name, with those pages", async () => {
    expect((await ingest(CASES, CASES_DIR)).status).toBe('indexed');
    const cases = await startApi({ DOCUMENTS_ALIAS: ALIAS, CASES_ALIAS: CASES });
    try {
      const { status, body } = await request(cases.baseUrl, '/api/cases/1948-navy-fifth-naval-district-flying-discs-memo');
      expect(status).toBe(200);
      const memo = body.documents.find((document: { id: string }) => document.id === 'dow-uap-d086-usnavy-report-of-flying-discs-1948');
      expect(memo).toMatchObject({ pages: [2] }); // its source's label names no page; the CSV names 2
      // Roswell's NSA documents are cited only through the page citations: linked both ways.
      const roswell = await request(cases.baseUrl, '/api/cases/1947-roswell-debris-recovery');
      expect(roswell.body.documents).toContainEqual(
        expect.objectContaining({ id: 'nsa-ufo-foia-report-of-air-force-research-regarding-the-roswell-incident', pages: [13, 14] }),
      );
      const nsa = await request(api.baseUrl, '/api/documents/nsa-ufo-foia-report-of-air-force-research-regarding-the-roswell-incident');
      expect(nsa.body.document.caseIds).toContain('1947-roswell-debris-recovery');
    } finally {
      await cases.close();
    }
  }, 60_000);

  it('finds the Lubbock Lights in Blue Book and the FBI file, with their pages', async () => {
    const { body } = await request(api.baseUrl, '/api/documents?q=Lubbock%20lights&limit=20');
    expect(body.total).toBeGreaterThan(3);
    const fbi = body.documents.find((document: { id: string }) => document.id === '65-hs1-834228961-62-hq-83894-section-6');
    expect(fbi.pages.map((page: { page: number }) => page.page)).toContain(260);
    expect(body.documents.some((document: { collection: string }) => document.collection === 'national-archives-uap-bulk')).toBe(true);
  });

  it('finds the Lubbock pages of Blue Book from a Chinese query, and says what it searched for', async () => {
    const { body } = await request(api.baseUrl, `/api/documents?q=${encodeURIComponent('蓝皮书计划 卢伯克')}&limit=10`);
    expect(body.searchedFor).toBe('blue book project lubbock');
    const blueBook = body.documents.filter((document: { agency: string }) => document.agency === 'US Air Force (Project Blue Book)');
    expect(blueBook.length).toBeGreaterThan(0);
    expect(blueBook[0].pages[0].snippet.toLowerCase()).toContain('<mark>lubbock</mark>');
  });

  it('finds the same pages filed in several collections, shows them, and lists a memo once with collapse=copies', async () => {
    console.log(`copies in the whole corpus: ${indexed.copyPairs} pairs of pages in ${indexed.copyGroups} groups`);
    expect(indexed.copyPairs).toBeGreaterThan(100);
    // The ODNI's 2021 preliminary assessment stands in the DOE's folder and in the National Archives' bulk release.
    const page = await request(api.baseUrl, '/api/documents/doe-nnsa-uap-ufo-prelimary-assessment-uap-20210625/pages/4');
    expect(page.body.copies).toContainEqual(expect.objectContaining({ id: 'national-archives-uap-bulk-576uap0003', page: 4 }));
    const document = await request(api.baseUrl, '/api/documents/national-archives-uap-bulk-576uap0003');
    const duplicate = document.body.document.duplicates.find(
      (entry: { id: string }) => entry.id === 'doe-nnsa-uap-ufo-prelimary-assessment-uap-20210625',
    );
    expect(duplicate.share).toBeGreaterThanOrEqual(0.5);
    const q = 'q=%22available%20reporting%20largely%20inconclusive%22';
    const both = ['doe-nnsa-uap-ufo-prelimary-assessment-uap-20210625', 'national-archives-uap-bulk-576uap0003'];
    const plain = await request(api.baseUrl, `/api/documents?${q}&limit=50`);
    expect(plain.body.documents.map((hit: { id: string }) => hit.id)).toEqual(expect.arrayContaining(both));
    const collapsed = await request(api.baseUrl, `/api/documents?${q}&limit=50&collapse=copies`);
    const listed = collapsed.body.documents.filter((hit: { id: string }) => both.includes(hit.id));
    expect(listed).toHaveLength(1);
    expect(listed[0].otherCopies.map((copy: { id: string }) => copy.id)).toEqual(both.filter((id) => id !== listed[0].id));
    expect(collapsed.body.total).toBeLessThan(plain.body.total);
  });

  it("reads a long document's page list and a page past its end", async () => {
    const { body } = await request(api.baseUrl, '/api/documents/65-hs1-834228961-62-hq-83894-section-6');
    expect(body.document.pageCount).toBe(271);
    expect(body.document.pages).toHaveLength(271);
    const past = await request(api.baseUrl, '/api/documents/65-hs1-834228961-62-hq-83894-section-6/pages/272');
    expect(past.status).toBe(404);
    expect(past.body.error.pageCount).toBe(271);
  });
});
