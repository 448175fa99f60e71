import { collapsedPageRequest, foldCopies, rankedDocumentsRequest, readRankedDocuments, type RankedDocument } from './copy-collapse';
import { documentSearchRequest, type DocumentSearchParams } from './document-search.query';

const params: DocumentSearchParams = { q: 'discs', collection: ['fbi-vault-ufo'], limit: 2, offset: 4, facets: true, collapseCopies: true };
const copy = (documentId: string, page: number) => ({ documentId, page, title: documentId, similarity: 0.9 });
const ranked = (documentId: string, page: number, copies: { documentId: string; page: number }[] = []): RankedDocument => ({
  documentId,
  title: `Title ${documentId}`,
  page,
  copies: copies.map(({ documentId: id, page: p }) => copy(id, p)),
});

describe('foldCopies', () => {
  it('folds a document whose best page copies a page of one listed above it, under the first such one', () => {
    const { listed } = foldCopies([
      ranked('a', 3, [{ documentId: 'c', page: 1 }]),
      ranked('b', 7),
      ranked('c', 1, [
        { documentId: 'b', page: 2 },
        { documentId: 'a', page: 3 },
      ]),
      ranked('d', 5, [{ documentId: 'z', page: 1 }]),
    ]);
    expect(listed).toEqual([
      { documentId: 'a', otherCopies: [{ id: 'c', title: 'Title c', page: 1, copyOf: 3 }] },
      { documentId: 'b', otherCopies: [] },
      { documentId: 'd', otherCopies: [] },
    ]);
  });

  it('does not fold under a document that was itself folded', () => {
    const { listed } = foldCopies([
      ranked('a', 1, [{ documentId: 'b', page: 1 }]),
      ranked('b', 1, [
        { documentId: 'a', page: 1 },
        { documentId: 'c', page: 1 },
      ]),
      ranked('c', 1, [{ documentId: 'b', page: 1 }]),
    ]);
    expect(listed.map((entry) => entry.documentId)).toEqual(['a', 'c']);
  });
});

describe('copy walk requests', () => {
  it("reads a batch of the ranked list: the search's query and order, best pages' copies only", () => {
    const list = documentSearchRequest(params);
    expect(rankedDocumentsRequest(params, 1000, 1000)).toEqual({
      from: 1000,
      size: 1000,
      track_total_hits: false,
      query: list.query,
      _source: ['documentId', 'title', 'page', 'copies'],
      collapse: { field: 'documentId' },
      sort: list.sort,
    });
  });

  it("keeps a page's hits to its documents, leaving the counts and facets the search's", () => {
    const request = collapsedPageRequest(params, ['a', 'b']);
    expect(request.post_filter).toEqual({ terms: { documentId: ['a', 'b'] } });
    expect(request.from).toBe(0);
    expect(request.size).toBe(2);
    expect(request.query).toEqual(documentSearchRequest(params).query);
    expect(Object.keys(request.aggs ?? {})).toEqual(Object.keys(documentSearchRequest(params).aggs ?? {}));
  });

  it('reads the hits as ranked documents, a page with no copies as none', () => {
    expect(
      readRankedDocuments({
        took: 1,
        timed_out: false,
        _shards: { total: 1, successful: 1, failed: 0 },
        hits: {
          hits: [
            { _index: 'i', _id: 'a:2', _source: { documentId: 'a', title: 'A', page: 2, copies: [copy('b', 1)] } },
            { _index: 'i', _id: 'b:1', _source: { documentId: 'b', title: 'B', page: 1 } },
          ],
        },
      }),
    ).toEqual([
      { documentId: 'a', title: 'A', page: 2, copies: [copy('b', 1)] },
      { documentId: 'b', title: 'B', page: 1, copies: [] },
    ]);
  });
});
