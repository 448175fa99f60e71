import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';
import { DOCUMENT_FIXTURES, ingestDocuments } from './support/documents-harness';

const ALIAS = 'e2e-documents-api';
const NOTICE =
  "The text of these government files was made by machine (OCR, the PDF's own text layer, or speech-to-text) and may contain errors; " +
  "the government's own file, linked as governmentUrl, is the record.";
const CASES = 'e2e-documents-api-cases';
/** Page citations of the fixture cases: one cites a document no source of it cites, one adds a page to a source's link. */
const PAGE_CITATIONS = join(__dirname, 'fixtures', 'page-citations', 'document-pages.csv');
let api: RunningApi;
let empty: RunningApi;
let cases: RunningApi;

beforeAll(async () => {
  expect((await ingestDocuments(ALIAS, DOCUMENT_FIXTURES, { pageCitationsPath: PAGE_CITATIONS })).status).toBe('indexed');
  api = await startApi({ DOCUMENTS_ALIAS: ALIAS });
  empty = await startApi({ DOCUMENTS_ALIAS: 'e2e-documents-never-indexed' });
  expect((await ingest(CASES, FIXTURE)).status).toBe('indexed');
  cases = await startApi({ DOCUMENTS_ALIAS: ALIAS, CASES_ALIAS: CASES });
});

afterAll(async () => {
  await api?.close();
  await empty?.close();
  await cases?.close();
});

describe('GET /api/documents', () => {
  it('ranks documents by their best pages, with highlighted snippets, counts and facets', async () => {
    const { status, body, headers } = await request(api.baseUrl, '/api/documents?q=lights%20formation&facets=collection,kind');
    expect(status).toBe(200);
    expect(headers.get('etag')).toBeTruthy();
    expect(body).toMatchObject({ version: 1, notice: NOTICE, indexed: true, count: 1, total: 1, totalPages: 2, limit: 20, offset: 0 });
    expect(body.documents[0]).toMatchObject({
      id: 'nara-28900001',
      title: 'Project Blue Book record card: 25 August 1951, Lubbock, Texas',
      governmentUrl: 'https://catalog.archives.gov/id/28900001',
      textMethod: 'ocr',
    });
    expect(body.documents[0].pages.map((page: { page: number }) => page.page).sort()).toEqual([1, 2]);
    expect(body.documents[0].pages[0].snippet).toContain('<mark>');
    expect(body.facets).toEqual({ collection: { 'national-archives-uap-bulk': 1 }, kind: { document: 1 } });
  });

  it('answers each list of facets with those facets, whatever was asked before with the same filters', async () => {
    const kind = await request(api.baseUrl, '/api/documents?limit=1&facets=kind');
    expect(Object.keys(kind.body.facets)).toEqual(['kind']);
    const all = await request(api.baseUrl, '/api/documents?limit=1&facets=collection,release,kind');
    expect(Object.keys(all.body.facets).sort()).toEqual(['collection', 'kind', 'release']);
    expect(all.body.facets.collection['fbi-vault-ufo']).toBe(1);
  });

  it('gives a transcript page its start in the video', async () => {
    const { body } = await request(api.baseUrl, '/api/documents?q=contact%20wind&kind=transcript');
    expect(body.documents).toHaveLength(1);
    expect(body.documents[0]).toMatchObject({ id: 'dod-100000001', kind: 'transcript', textMethod: 'speech-to-text' });
    expect(body.documents[0].pages[0]).toMatchObject({ page: 1, startMs: 0 });
  });

  it('finds OCR misreads by their right spelling, and quoted phrases only as phrases', async () => {
    // Only nara-28900002 holds both words (misread: Lowa, REP0RT); pages with one of them rank below it.
    const iowa = await request(api.baseUrl, '/api/documents?q=Iowa%20report');
    expect(iowa.body.documents[0].id).toBe('nara-28900002');
    const phrase = await request(api.baseUrl, '/api/documents?q=%22white%20spherical%20object%22');
    expect(phrase.body.documents.map((document: { id: string }) => document.id)).toEqual(['dow-uap-d7-mission-report-arabian-gulf-2020']);
    const reversed = await request(api.baseUrl, '/api/documents?q=%22object%20spherical%20white%22');
    expect(reversed.body.total).toBe(0);
  });

  it('translates a Chinese query through the glossary and says what it searched for', async () => {
    const { body } = await request(api.baseUrl, `/api/documents?q=${encodeURIComponent('蓝皮书计划 卢伯克 灯光')}`);
    expect(body.searchedFor).toBe('blue book project lubbock lights');
    expect(body.documents.map((document: { id: string }) => document.id)).toEqual(['nara-28900001']);
    const page = await request(api.baseUrl, `/api/documents/nara-28900001/pages/2?q=${encodeURIComponent('灯光')}`);
    expect(page.body.highlighted).toContain('<mark>lights</mark>');
  });

  it('filters by collection, release, kind, date and agency', async () => {
    const ids = async (query: string) =>
      (await request(api.baseUrl, `/api/documents?${query}`)).body.documents.map((document: { id: string }) => document.id);
    expect(await ids('collection=fbi-vault-ufo')).toEqual(['fbi-vault-ufo-ufo-part-01']);
    expect(await ids('release=6')).toEqual(['dow-uap-d104-final-personnel-record-for-newhouse-delbert-c-us-navy-1957']);
    expect(await ids('dateFrom=1951&dateTo=1951-12-31')).toEqual(['nara-28900001']);
    expect(await ids('agency=Federal%20Bureau%20of%20Investigation')).toEqual(['fbi-vault-ufo-ufo-part-01']);
    expect(await ids('kind=transcript')).toEqual(['dod-100000001']);
  });

  it('refuses bad parameters in the error envelope', async () => {
    const { status, body } = await request(api.baseUrl, `/api/documents?q=${'a'.repeat(201)}&collection=nope`);
    expect(status).toBe(400);
    expect(body.error.parameters.map((problem: { parameter: string }) => problem.parameter).sort()).toEqual(['collection', 'q']);
    const impossible = await request(api.baseUrl, '/api/documents?dateFrom=2020-02-31&dateTo=0099');
    expect(impossible.status).toBe(400);
    expect(impossible.body.error.parameters).toEqual([{ parameter: 'dateFrom', message: 'dateFrom must be a date as YYYY, YYYY-MM or YYYY-MM-DD' }]);
    const deep = await request(api.baseUrl, '/api/documents?offset=9990&limit=50');
    expect(deep.status).toBe(400);
    expect(deep.body.error.parameters).toEqual([{ parameter: 'offset', message: 'offset + limit may not exceed 10000' }]);
  });

  it('answers an empty archive, and says so, when no documents are indexed', async () => {
    const list = await request(empty.baseUrl, '/api/documents?q=lights');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ indexed: false, total: 0, totalPages: 0, documents: [] });
    expect(list.body.notice).toContain('No government documents are indexed on this server');
    const one = await request(empty.baseUrl, '/api/documents/nara-28900001');
    expect(one.status).toBe(404);
    expect(one.body.error.message).toBe('No document has the id nara-28900001: no government documents are indexed on this server');
  });
});

describe('GET /api/documents/{id}', () => {
  it('gives the facts, the page list and the linked cases', async () => {
    const { status, body } = await request(api.baseUrl, '/api/documents/nara-28900001');
    expect(status).toBe(200);
    expect(body.notice).toBe(NOTICE);
    expect(body.document).toMatchObject({
      id: 'nara-28900001',
      pageCount: 2,
      date: '1951-08-25',
      governmentUrl: 'https://catalog.archives.gov/id/28900001',
      pages: [
        { page: 1, length: 175, hasText: true },
        { page: 2, length: 89, hasText: true },
      ],
      cases: [],
    });
  });

  it('is a 404 naming an unknown id', async () => {
    const { status, body } = await request(api.baseUrl, '/api/documents/nara-1');
    expect(status).toBe(404);
    expect(body.error).toEqual({ status: 404, code: 'document_not_found', message: 'No document has the id nara-1', id: 'nara-1' });
  });
});

describe('cases and documents', () => {
  it('lists the cases citing a document, and the documents a case cites', async () => {
    const document = await request(api.baseUrl, '/api/documents/doe-uap-d001-pantex-image');
    expect(document.body.document).toMatchObject({
      title: 'DOE-UAP-D001, Enhanced PANTEX Imagery',
      caseIds: ['2015-pantex-plant-unidentified-object'],
      cases: [{ id: '2015-pantex-plant-unidentified-object', url: '/api/cases/2015-pantex-plant-unidentified-object' }],
    });
    const filtered = await request(api.baseUrl, '/api/documents?caseId=2015-pantex-plant-unidentified-object');
    expect(filtered.body.documents.map((hit: { id: string }) => hit.id)).toEqual(['doe-uap-d001-pantex-image']);
    const record = await request(cases.baseUrl, '/api/cases/2015-pantex-plant-unidentified-object');
    expect(record.status).toBe(200);
    // Its sources name no page; the page citations give page 1.
    expect(record.body.documents).toEqual([{ id: 'doe-uap-d001-pantex-image', title: 'DOE-UAP-D001, Enhanced PANTEX Imagery', pages: [1] }]);
    const none = await request(cases.baseUrl, '/api/cases/1967-shag-harbour');
    expect(none.body.documents).toEqual([]);
  });

  it('links a case to a document its page citations name, both ways, with the cited pages', async () => {
    // No source of 2020-centcom-uap-august-8 cites the mission report; the page citations do (page 2).
    const record = await request(cases.baseUrl, '/api/cases/2020-centcom-uap-august-8');
    expect(record.status).toBe(200);
    expect(record.body.documents).toEqual([
      {
        id: 'dow-uap-d7-mission-report-arabian-gulf-2020',
        title: 'DOW-UAP-D007, Mission Report, Arabian Gulf, 2020',
        pages: [2],
      },
    ]);
    const document = await request(api.baseUrl, '/api/documents/dow-uap-d7-mission-report-arabian-gulf-2020');
    expect(document.body.document).toMatchObject({
      caseIds: ['2020-centcom-uap-august-8'],
      cases: [{ id: '2020-centcom-uap-august-8', url: '/api/cases/2020-centcom-uap-august-8' }],
    });
    const filtered = await request(api.baseUrl, '/api/documents?caseId=2020-centcom-uap-august-8');
    expect(filtered.body.documents.map((hit: { id: string }) => hit.id)).toEqual(['dow-uap-d7-mission-report-arabian-gulf-2020']);
  });
});

describe('GET /api/documents/{id}/pages/{n}', () => {
  it('gives the page text, its neighbours and, with q, the marked text', async () => {
    const { status, body } = await request(api.baseUrl, '/api/documents/dow-uap-d7-mission-report-arabian-gulf-2020/pages/1?q=spherical');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      notice: NOTICE,
      document: {
        id: 'dow-uap-d7-mission-report-arabian-gulf-2020',
        pageCount: 2,
        governmentUrl: 'https://www.war.gov/medialink/ufo/release_1/dow-uap-d7-mission-report-arabian-gulf-2020.pdf',
      },
      page: 1,
      previous: null,
      next: 2,
    });
    expect(body.text.startsWith('MISSION REPORT\nThe aircrew observed')).toBe(true);
    expect(body.highlighted).toContain('<mark>spherical</mark>');
  });

  it('says how many pages there are for a page past the end, and refuses a page that is not a positive integer', async () => {
    const past = await request(api.baseUrl, '/api/documents/dow-uap-d7-mission-report-arabian-gulf-2020/pages/3');
    expect(past.status).toBe(404);
    expect(past.body.error).toMatchObject({ code: 'page_not_found', pageCount: 2 });
    for (const n of ['0', '-1', '1.5', 'x', '01']) {
      const bad = await request(api.baseUrl, `/api/documents/dow-uap-d7-mission-report-arabian-gulf-2020/pages/${n}`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.parameters).toEqual([{ parameter: 'n', message: 'n must be a page number: a positive integer' }]);
    }
    const unknown = await request(api.baseUrl, '/api/documents/nara-1/pages/1');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('document_not_found');
  });
});

describe('OCR misreads', () => {
  const MISREAD_ALIAS = 'e2e-documents-api-misread';
  let misread: RunningApi;

  beforeAll(async () => {
    // The fixture corpus plus a clean page saying what nara-28900002 says through OCR errors (Lowa, REP0RT).
    const dir = mkdtempSync(join(tmpdir(), 'uap-documents-clean-'));
    cpSync(DOCUMENT_FIXTURES, dir, { recursive: true });
    mkdirSync(join(dir, 'NSA-UFO-FOIA', 'pdfs'), { recursive: true });
    writeFileSync(
      join(dir, 'NSA-UFO-FOIA', 'pdfs', 'clean-report.txt'),
      '{"schema": "ufo-files-archive-ocr/v1", "source_file": "NSA-UFO-FOIA/pdfs/clean-report.pdf", "pages": 1}\n' +
        '===== PAGE 1 =====\n{"page": 1, "method": "embedded-text"}\nSIGHTING REPORT\nA farmer near Des Moines, Iowa reported a glowing disc above his barn.\n',
    );
    expect((await ingestDocuments(MISREAD_ALIAS, dir)).status).toBe('indexed');
    misread = await startApi({ DOCUMENTS_ALIAS: MISREAD_ALIAS });
  });

  afterAll(async () => {
    await misread?.close();
  });

  it('finds a misread page by the right spelling, ranked below the clean one', async () => {
    const { body } = await request(misread.baseUrl, '/api/documents?q=Iowa%20farmer%20glowing%20disc');
    // Both hold all four words, the clean page as written; pages holding fewer of them rank below.
    expect(body.documents.slice(0, 2).map((document: { id: string }) => document.id)).toEqual(['nsa-ufo-foia-clean-report', 'nara-28900002']);
  });
});
