import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, RunningApi, startApi } from './support/archive-harness';
import { DOCUMENT_FIXTURES, ingestDocuments } from './support/documents-harness';

const ALIAS = 'e2e-document-copies';
/** Three files holding one memo (the FBI file's page 2, read cleanly; the NSA file and the Blue Book file's page 2, read with OCR misreads), beside the usual fixtures. */
const COPIES = join(__dirname, 'fixtures', 'document-copies');
const FBI = 'fbi-vault-ufo-ufo-part-02';
const NSA = 'nsa-ufo-foia-flying-discs-memo';
const NARA = 'nara-28900003';
const MEMO_PAGES: Record<string, number> = { [FBI]: 2, [NSA]: 1, [NARA]: 2 };
const Q = 'q=discs%20river%20valley%20ridge';

let api: RunningApi;
const ids = (documents: { id: string }[]) => documents.map((document) => document.id);

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'uap-document-copies-'));
  cpSync(DOCUMENT_FIXTURES, dir, { recursive: true });
  cpSync(COPIES, dir, { recursive: true });
  const outcome = await ingestDocuments(ALIAS, dir);
  // Three pages, one memo: each pair of them is a copy, in one group.
  expect(outcome).toMatchObject({ status: 'indexed', copyPairs: 3, copyGroups: 1 });
  api = await startApi({ DOCUMENTS_ALIAS: ALIAS });
});

afterAll(async () => {
  await api?.close();
});

describe('other copies of a page', () => {
  it("shows a page's copies in other documents, with their titles and pages", async () => {
    const { status, body } = await request(api.baseUrl, `/api/documents/${FBI}/pages/2`);
    expect(status).toBe(200);
    expect(body.copies.map((copy: { id: string; page: number }) => [copy.id, copy.page]).sort()).toEqual([
      [NARA, 2],
      [NSA, 1],
    ]);
    for (const copy of body.copies) {
      expect(copy.similarity).toBeGreaterThanOrEqual(0.7);
      expect(copy.url).toBe(`/api/documents/${copy.id}/pages/${copy.page}`);
      expect(copy.title).toBe((await request(api.baseUrl, `/api/documents/${copy.id}`)).body.document.title);
    }
    const nsa = await request(api.baseUrl, `/api/documents/${NSA}/pages/1`);
    expect(ids(nsa.body.copies).sort()).toEqual([FBI, NARA]);
  });

  it('shows none for pages of the same files that say something else', async () => {
    for (const [id, page] of [
      [FBI, 1],
      [FBI, 3],
      [NARA, 1],
    ] as const) {
      expect((await request(api.baseUrl, `/api/documents/${id}/pages/${page}`)).body.copies).toEqual([]);
    }
  });

  it('lists the documents a document largely duplicates, with the share of its pages that are copies', async () => {
    const nsa = await request(api.baseUrl, `/api/documents/${NSA}`);
    expect(nsa.body.document.duplicates).toEqual([
      { id: FBI, title: expect.any(String), pages: 1, share: 1, url: `/api/documents/${FBI}` },
      { id: NARA, title: expect.any(String), pages: 1, share: 1, url: `/api/documents/${NARA}` },
    ]);
    const nara = await request(api.baseUrl, `/api/documents/${NARA}`);
    expect(nara.body.document.duplicates.map((entry: { id: string; share: number }) => [entry.id, entry.share])).toEqual([
      [FBI, 0.5],
      [NSA, 0.5],
    ]);
    // One page in three is a copy: the FBI file is not largely anyone's duplicate.
    expect((await request(api.baseUrl, `/api/documents/${FBI}`)).body.document.duplicates).toEqual([]);
  });
});

describe('GET /api/documents?collapse=copies', () => {
  it('lists a memo found in three files once, naming the other two under it', async () => {
    const plain = await request(api.baseUrl, `/api/documents?${Q}`);
    const found = ids(plain.body.documents);
    expect(found).toEqual(expect.arrayContaining([FBI, NSA, NARA]));
    const first = found.find((id) => id in MEMO_PAGES)!;

    const collapsed = await request(api.baseUrl, `/api/documents?${Q}&collapse=copies`);
    expect(collapsed.status).toBe(200);
    // The others keep their order; the two later copies are left out.
    expect(ids(collapsed.body.documents)).toEqual(found.filter((id) => id === first || !(id in MEMO_PAGES)));
    expect(collapsed.body.total).toBe(plain.body.total - 2);
    const listed = collapsed.body.documents.find((document: { id: string }) => document.id === first);
    expect(listed.otherCopies.map((copy: { id: string }) => copy.id).sort()).toEqual(
      Object.keys(MEMO_PAGES)
        .filter((id) => id !== first)
        .sort(),
    );
    for (const copy of listed.otherCopies) expect(copy).toMatchObject({ page: MEMO_PAGES[copy.id], copyOf: MEMO_PAGES[first] });
    expect(listed.pages.map((page: { page: number }) => page.page)).toContain(MEMO_PAGES[first]);
    for (const other of collapsed.body.documents.filter((document: { id: string }) => document.id !== first)) expect(other.otherCopies).toEqual([]);
  });

  it('walks the collapsed list by cursor', async () => {
    const full = await request(api.baseUrl, `/api/documents?${Q}&collapse=copies&limit=50`);
    const walked: string[] = [];
    let path = `/api/documents?${Q}&collapse=copies&limit=1`;
    for (;;) {
      const { body } = await request(api.baseUrl, path);
      walked.push(...ids(body.documents));
      if (body.nextCursor === null) break;
      path = `/api/documents?${Q}&collapse=copies&limit=1&cursor=${body.nextCursor}`;
    }
    expect(walked).toEqual(ids(full.body.documents));
    // A cursor of the plain list does not continue the collapsed one.
    const plainCursor = (await request(api.baseUrl, `/api/documents?${Q}&limit=1`)).body.nextCursor;
    const mixed = await request(api.baseUrl, `/api/documents?${Q}&collapse=copies&cursor=${plainCursor}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.parameters[0].parameter).toBe('cursor');
  });

  it('refuses collapse without q, or with another value, naming collapse', async () => {
    const withoutQ = await request(api.baseUrl, '/api/documents?collapse=copies');
    expect(withoutQ.status).toBe(400);
    expect(withoutQ.body.error.parameters).toEqual([{ parameter: 'collapse', message: expect.stringContaining('needs q') }]);
    const other = await request(api.baseUrl, `/api/documents?${Q}&collapse=pages`);
    expect(other.status).toBe(400);
    expect(other.body.error.parameters).toEqual([{ parameter: 'collapse', message: 'collapse must be copies' }]);
  });
});
