import { Client } from '@elastic/elasticsearch';
import { DOCUMENT_INDEX_MAPPINGS, DOCUMENT_INDEX_SETTINGS } from '@app/documents';
import { elasticsearchUrl, request, RunningApi, startApi } from './support/archive-harness';
import { DOCUMENT_FIXTURES, ingestDocuments } from './support/documents-harness';

const ALIAS = 'e2e-document-paging';
const DEEP_ALIAS = 'e2e-document-paging-deep';
const DEEP_INDEX = `${DEEP_ALIAS}-synthetic`;
/** More documents than the 10,000-hit window that offset stops at. */
const DEEP_COUNT = 10_050;

let api: RunningApi;
let deepApi: RunningApi;
let client: Client;

const idsOf = (documents: { id: string }[]) => documents.map((document) => document.id);

/**
 * Follows nextCursor from the first page, repeating q and the filters, and checks each page's
 * bookkeeping; `exactTotal` false past the few thousand documents a cardinality counts exactly.
 */
async function walk(baseUrl: string, filters: string, limit: number, exactTotal = true): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let pages = 0;
  let path = `/api/documents?${filters}&limit=${limit}`;
  for (;;) {
    const { status, body } = await request(baseUrl, path);
    expect(status).toBe(200);
    expect(body.offset).toBe(ids.length);
    expect(body.count).toBe(body.documents.length);
    ids.push(...idsOf(body.documents));
    pages += 1;
    if (body.nextCursor === null) {
      if (exactTotal) expect(ids.length).toBe(body.total);
      return { ids, pages };
    }
    expect(body.count).toBe(limit);
    path = `/api/documents?${filters}&limit=${limit}&cursor=${body.nextCursor}`;
  }
}

beforeAll(async () => {
  expect((await ingestDocuments(ALIAS, DOCUMENT_FIXTURES)).status).toBe('indexed');
  api = await startApi({ DOCUMENTS_ALIAS: ALIAS });

  // One page each of more documents than the window holds; only the fields the list reads are filled in.
  client = new Client({ node: elasticsearchUrl() });
  await client.indices.delete({ index: DEEP_INDEX, ignore_unavailable: true });
  await client.indices.create({ index: DEEP_INDEX, settings: DOCUMENT_INDEX_SETTINGS, mappings: DOCUMENT_INDEX_MAPPINGS });
  const operations = Array.from({ length: DEEP_COUNT }, (_, i) => {
    const documentId = `synthetic-${String(i).padStart(5, '0')}`;
    return [
      { index: { _index: DEEP_INDEX, _id: `${documentId}:1` } },
      {
        documentId,
        page: 1,
        kind: 'document',
        title: `Synthetic ${i}`,
        collection: i % 2 ? 'nsa-ufo-foia' : 'fbi-vault-ufo',
        agency: 'Synthetic',
        pageCount: 1,
        caseIds: [],
        citationKeys: [],
        governmentUrl: 'https://example.org/',
        sourceFile: `${documentId}.pdf`,
        textMethod: 'ocr',
        chars: 4,
        text: 'page',
      },
    ];
  }).flat();
  const bulk = await client.bulk({ operations, refresh: true });
  expect(bulk.errors).toBe(false);
  await client.indices.updateAliases({ actions: [{ add: { index: DEEP_INDEX, alias: DEEP_ALIAS } }] });
  deepApi = await startApi({ DOCUMENTS_ALIAS: DEEP_ALIAS });
}, 300_000);

afterAll(async () => {
  await api?.close();
  await deepApi?.close();
  await client?.indices.delete({ index: DEEP_INDEX, ignore_unavailable: true });
  await client?.close();
});

describe('document list cursors', () => {
  it('a walk in id order equals the full list', async () => {
    const full = await request(api.baseUrl, '/api/documents?limit=50');
    expect(full.body.total).toBeGreaterThan(4);
    expect(full.body.nextCursor).toBeNull();
    const { ids, pages } = await walk(api.baseUrl, '', 2);
    expect(ids).toEqual(idsOf(full.body.documents));
    expect(pages).toBe(Math.ceil(full.body.total / 2));
  });

  it.each(['q=lights', 'q=report%20object', 'collection=national-archives-uap-bulk', 'q=report&kind=document'])(
    'a walk with %s equals the ranked list',
    async (filters) => {
      const full = await request(api.baseUrl, `/api/documents?${filters}&limit=50`);
      expect(full.body.total).toBeGreaterThan(0);
      expect((await walk(api.baseUrl, filters, 1)).ids).toEqual(idsOf(full.body.documents));
    },
  );

  it('continues a page fetched by offset', async () => {
    const full = await request(api.baseUrl, '/api/documents?limit=50');
    const first = await request(api.baseUrl, '/api/documents?offset=1&limit=2');
    const next = await request(api.baseUrl, `/api/documents?limit=2&cursor=${first.body.nextCursor}`);
    expect(next.body.offset).toBe(3);
    expect(idsOf(next.body.documents)).toEqual(idsOf(full.body.documents).slice(3, 5));
  });

  it('walks past the 10,000-hit window that offset stops at', async () => {
    expect((await request(deepApi.baseUrl, '/api/documents?offset=9990&limit=50')).status).toBe(400);
    const { ids } = await walk(deepApi.baseUrl, '', 50, false);
    expect(ids.length).toBe(DEEP_COUNT);
    expect(ids).toEqual([...ids].sort());
    expect((await walk(deepApi.baseUrl, 'collection=nsa-ufo-foia', 50, false)).ids.length).toBe(DEEP_COUNT / 2);
  });
});

describe('bad document cursors', () => {
  let cursor: string;
  beforeAll(async () => {
    cursor = (await request(api.baseUrl, '/api/documents?q=report&limit=1')).body.nextCursor;
    expect(typeof cursor).toBe('string');
  });

  it.each([
    ['with another q', () => `q=lights&cursor=${cursor}`, /issued for other filters/],
    ['with a filter added', () => `q=report&kind=document&cursor=${cursor}`, /issued for other filters/],
    ['without its q', () => `cursor=${cursor}`, /issued for other filters/],
    ['with offset', () => `q=report&offset=0&cursor=${cursor}`, /cannot be combined with offset/],
    ['garbled', () => `q=report&cursor=${cursor.slice(0, -4)}`, /not a cursor this API issued/],
    ['invented', () => 'cursor=hello', /not a cursor this API issued/],
    ['repeated', () => `q=report&cursor=${cursor}&cursor=${cursor}`, /cursor must be given once/],
  ])('a cursor %s is a 400 naming cursor', async (_what, query, message) => {
    const { status, body } = await request(api.baseUrl, `/api/documents?${query()}`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ status: 400, code: 'invalid_parameter' });
    expect(body.error.parameters).toEqual([{ parameter: 'cursor', message: expect.stringMatching(message) }]);
  });
});
