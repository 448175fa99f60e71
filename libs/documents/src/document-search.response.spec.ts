import type { estypes } from '@elastic/elasticsearch';
import { readDocumentSearch } from './document-search.response';

const FACTS = {
  documentId: 'dod-1',
  kind: 'transcript',
  title: 'Video transcript dod-1',
  collection: 'war-gov-pursue',
  release: 1,
  agency: 'Department of War',
  pageCount: 4,
  caseIds: ['a-case'],
  governmentUrl: 'https://www.war.gov/UFO/',
  sourceFile: 'x.mp4',
  textMethod: 'speech-to-text',
};

describe('readDocumentSearch', () => {
  it('reads documents, their best pages and snippets, the counts and the facets', () => {
    const response = {
      hits: {
        total: { value: 5, relation: 'eq' },
        hits: [
          {
            _index: 'i',
            _source: FACTS,
            inner_hits: {
              pages: {
                hits: {
                  hits: [
                    { _index: 'i', _source: { page: 2, startMs: 60000 }, highlight: { text: ['the <mark>lights</mark>'] } },
                    {
                      _index: 'i',
                      _source: { page: 3, startMs: 90000 },
                      highlight: { text: ['no match here'], 'text.exact': ['<mark>lihgts</mark>'] },
                    },
                  ],
                },
              },
            },
          },
        ],
      },
      aggregations: {
        documents: { value: 1 },
        facet_collection: { buckets: [{ key: 'war-gov-pursue', doc_count: 5, documents: { value: 1 } }] },
        facet_release: { buckets: [{ key: 1, doc_count: 5, documents: { value: 1 } }] },
        facet_kind: { buckets: [{ key: 'transcript', doc_count: 5, documents: { value: 1 } }] },
      },
    } as unknown as estypes.SearchResponse<Record<string, unknown>>;
    expect(readDocumentSearch(response)).toEqual({
      documents: [
        {
          id: 'dod-1',
          kind: 'transcript',
          title: 'Video transcript dod-1',
          collection: 'war-gov-pursue',
          release: 1,
          agency: 'Department of War',
          pageCount: 4,
          caseIds: ['a-case'],
          governmentUrl: 'https://www.war.gov/UFO/',
          sourceFile: 'x.mp4',
          textMethod: 'speech-to-text',
          pages: [
            { page: 2, snippet: 'the <mark>lights</mark>', startMs: 60000 },
            { page: 3, snippet: '<mark>lihgts</mark>', startMs: 90000 },
          ],
        },
      ],
      total: 1,
      totalPages: 5,
      facets: { collection: { 'war-gov-pursue': 1 }, release: { '1': 1 }, kind: { transcript: 1 } },
    });
  });
});
