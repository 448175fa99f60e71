// GET /api/cases/{id}/cite and /api/documents/{id}/cite on the real server and Elasticsearch: each
// format read back by citation-js (the library a reference manager's import would resemble), and
// compared with what the JSON endpoints say about the same case or document.
import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';
import { DOCUMENT_FIXTURES, ingestDocuments } from './support/documents-harness';

const CASES = 'e2e-citations-cases';
const DOCUMENTS = 'e2e-citations-documents';
const CASE_ID = '1947-roswell-debris-recovery';
/** A war.gov file whose government URL is longer than a RIS line of 70 characters. */
const DOCUMENT_ID = 'dow-uap-d7-mission-report-arabian-gulf-2020';
const PUBLIC_BASE_URL = 'https://archive.test';

let api: RunningApi;
let published: RunningApi;

beforeAll(async () => {
  expect((await ingest(CASES, FIXTURE)).status).toBe('indexed');
  expect((await ingestDocuments(DOCUMENTS, DOCUMENT_FIXTURES)).status).toBe('indexed');
  api = await startApi({ CASES_ALIAS: CASES, DOCUMENTS_ALIAS: DOCUMENTS });
  published = await startApi({ CASES_ALIAS: CASES, DOCUMENTS_ALIAS: DOCUMENTS, PUBLIC_BASE_URL });
});

afterAll(async () => {
  await api?.close();
  await published?.close();
});

/** The day in UTC, as CSL's date-parts; read around the request so a test crossing midnight still agrees. */
const today = () => {
  const now = new Date();
  return [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()];
};
const iso = (parts: number[]) => parts.map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0')).join('-');

async function cite(baseUrl: string, path: string): Promise<{ status: number; type: string | null; text: string; etag: string | null }> {
  const response = await fetch(`${baseUrl}${path}`);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text(), etag: response.headers.get('etag') };
}

/** The one item citation-js reads from a body, without its own bookkeeping. */
function readBack(text: string): Record<string, unknown> {
  const items = new Cite(text).data;
  expect(items).toHaveLength(1);
  const { _graph, ...item } = items[0];
  void _graph;
  return item;
}

const authorName = (item: Record<string, unknown>) => {
  const [author] = item.author as { literal?: string; family?: string }[];
  return author.literal ?? author.family;
};

describe('GET /api/cases/{id}/cite', () => {
  let record: { title: { en: string }; sources: { url: string }[]; specs: { label: { en: string }; value: { en: string } }[] };
  let agency: string;

  beforeAll(async () => {
    record = (await request(api.baseUrl, `/api/cases/${CASE_ID}`)).body.case;
    agency = record.specs.find((spec) => spec.label.en === 'Agency')!.value.en;
  });

  it('answers CSL-JSON by default: the agency, the title, the archive URL from the request host, the sources and today', async () => {
    const before = today();
    const { status, type, text, etag } = await cite(api.baseUrl, `/api/cases/${CASE_ID}/cite`);
    expect(status).toBe(200);
    expect(type).toBe('application/vnd.citationstyles.csl+json; charset=utf-8');
    expect(etag).toBeTruthy();
    const [item] = JSON.parse(text);
    expect(item).toMatchObject({
      id: CASE_ID,
      type: 'document',
      title: record.title.en,
      author: [{ literal: agency }],
      URL: `${api.baseUrl}/api/cases/${CASE_ID}`,
    });
    expect([before, today()]).toContainEqual(item.accessed['date-parts'][0]);
    for (const source of record.sources) expect(item.note).toContain(source.url);
    expect(readBack(text)).toMatchObject({ title: record.title.en, URL: `${api.baseUrl}/api/cases/${CASE_ID}` });
  });

  it('answers BibTeX that citation-js reads back to the same title, agency, URL, sources and date retrieved', async () => {
    const { status, type, text } = await cite(api.baseUrl, `/api/cases/${CASE_ID}/cite?format=bibtex`);
    expect(status).toBe(200);
    expect(type).toBe('application/x-bibtex; charset=utf-8');
    expect(text).toMatch(/^@misc\{/);
    const item = readBack(text);
    expect(item).toMatchObject({ title: record.title.en, URL: `${api.baseUrl}/api/cases/${CASE_ID}` });
    expect(authorName(item)).toBe(agency);
    for (const source of record.sources) expect(item.note).toContain(source.url);
    expect(item.note).toContain(`Accessed ${iso(today())}`);
  });

  it('answers RIS that citation-js reads back, the date retrieved as Y2', async () => {
    const { status, type, text } = await cite(api.baseUrl, `/api/cases/${CASE_ID}/cite?format=ris`);
    expect(status).toBe(200);
    expect(type).toBe('application/x-research-info-systems; charset=utf-8');
    expect(text).toMatch(/^TY {2}- GEN\n[\s\S]*\nER {2}- \n$/);
    const item = readBack(text);
    expect(item).toMatchObject({ title: record.title.en, URL: `${api.baseUrl}/api/cases/${CASE_ID}`, accessed: { 'date-parts': [today()] } });
    expect(authorName(item)).toBe(agency);
  });

  it('builds the archive URL from PUBLIC_BASE_URL when the operator sets one', async () => {
    const [item] = JSON.parse((await cite(published.baseUrl, `/api/cases/${CASE_ID}/cite`)).text);
    expect(item.URL).toBe(`${PUBLIC_BASE_URL}/api/cases/${CASE_ID}`);
  });

  it('answers 304 to the ETag it gave', async () => {
    const first = await cite(api.baseUrl, `/api/cases/${CASE_ID}/cite?format=ris`);
    const again = await fetch(`${api.baseUrl}/api/cases/${CASE_ID}/cite?format=ris`, { headers: { 'if-none-match': first.etag! } });
    expect(again.status).toBe(304);
  });

  it('is a 404 naming an unknown case, and a 400 naming format and its values', async () => {
    const missing = await request(api.baseUrl, '/api/cases/no-such-case/cite');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'case_not_found', id: 'no-such-case' });
    const bad = await request(api.baseUrl, `/api/cases/${CASE_ID}/cite?format=endnote`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.parameters).toEqual([{ parameter: 'format', message: 'format must be one of bibtex, csl-json, ris' }]);
  });
});

describe('GET /api/documents/{id}/cite', () => {
  let facts: { title: string; agency: string; governmentUrl: string; pageCount: number; date?: string };

  beforeAll(async () => {
    facts = (await request(api.baseUrl, `/api/documents/${DOCUMENT_ID}`)).body.document;
  });

  it('cites one page: the agency, the file, the page, the government URL, the page URL and today', async () => {
    const { status, type, text } = await cite(api.baseUrl, `/api/documents/${DOCUMENT_ID}/cite?page=2`);
    expect(status).toBe(200);
    expect(type).toBe('application/vnd.citationstyles.csl+json; charset=utf-8');
    const [item] = JSON.parse(text);
    expect(item).toMatchObject({
      id: `${DOCUMENT_ID}-page-2`,
      title: facts.title,
      author: [{ literal: facts.agency }],
      page: '2',
      URL: `${api.baseUrl}/api/documents/${DOCUMENT_ID}/pages/2`,
      accessed: { 'date-parts': [today()] },
    });
    expect(item.note).toContain(facts.governmentUrl);
  });

  it('cites the whole document without page, with its page count', async () => {
    const [item] = JSON.parse((await cite(api.baseUrl, `/api/documents/${DOCUMENT_ID}/cite`)).text);
    expect(item).toMatchObject({ id: DOCUMENT_ID, URL: `${api.baseUrl}/api/documents/${DOCUMENT_ID}`, 'number-of-pages': String(facts.pageCount) });
    expect(item.page).toBeUndefined();
  });

  it.each(['bibtex', 'ris'])('reads back from %s with the page, the agency and the government URL whole', async (format) => {
    const { status, text } = await cite(api.baseUrl, `/api/documents/${DOCUMENT_ID}/cite?page=1&format=${format}`);
    expect(status).toBe(200);
    const item = readBack(text);
    expect(item).toMatchObject({ title: facts.title, page: '1', URL: `${api.baseUrl}/api/documents/${DOCUMENT_ID}/pages/1` });
    expect(authorName(item)).toBe(facts.agency);
    expect(facts.governmentUrl.length).toBeGreaterThan(70);
    expect(item.note).toContain(facts.governmentUrl);
  });

  it('is a 404 with the page count past the last page, a 404 naming an unknown document, a 400 naming page', async () => {
    const past = await request(api.baseUrl, `/api/documents/${DOCUMENT_ID}/cite?page=${facts.pageCount + 1}`);
    expect(past.status).toBe(404);
    expect(past.body.error).toMatchObject({ code: 'page_not_found', id: DOCUMENT_ID, pageCount: facts.pageCount });
    const missing = await request(api.baseUrl, '/api/documents/no-such-document/cite');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'document_not_found', id: 'no-such-document' });
    for (const page of ['0', 'two', '1.5', '-1']) {
      const bad = await request(api.baseUrl, `/api/documents/${DOCUMENT_ID}/cite?page=${page}`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.parameters).toEqual([{ parameter: 'page', message: 'page must be a page number: a positive integer' }]);
    }
    const format = await request(api.baseUrl, `/api/documents/${DOCUMENT_ID}/cite?format=xml`);
    expect(format.status).toBe(400);
    expect(format.body.error.parameters[0]).toMatchObject({ parameter: 'format' });
  });
});
