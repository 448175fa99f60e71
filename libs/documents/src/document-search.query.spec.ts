import {
  conceptQuery,
  documentFilters,
  documentPagesRequest,
  documentSearchRequest,
  pageHighlightRequest,
  pageTextQuery,
  splitQuery,
} from './document-search.query';

const WORDS = (words: string) => ({
  bool: {
    should: [
      { match: { text: { query: words, minimum_should_match: '2<75%', boost: 3 } } },
      { match: { title: { query: words, minimum_should_match: '2<75%', boost: 2 } } },
      { match: { 'text.exact': { query: words, fuzziness: 'AUTO:4,8', prefix_length: 0, max_expansions: 20, minimum_should_match: '2<75%' } } },
      { match: { 'text.joined': { query: words, boost: 0.5 } } },
    ],
    minimum_should_match: 1,
  },
});

describe('splitQuery', () => {
  it('takes quoted phrases out and reads an unpaired quote as a space', () => {
    expect(splitQuery('"white sphere" Arabian  Gulf')).toEqual({ phrases: ['white sphere'], words: 'Arabian Gulf' });
    expect(splitQuery('"" lone " quote')).toEqual({ phrases: [], words: 'lone quote' });
  });
});

describe('pageTextQuery', () => {
  it('ranks loose words on the English text, the title, fuzzy exact words and joined words', () => {
    expect(pageTextQuery('Lubbock lights')).toEqual(WORDS('Lubbock lights'));
  });

  it('requires quoted phrases as phrases beside the words', () => {
    expect(pageTextQuery('"white sphere" gulf')).toEqual({
      bool: { must: [{ match_phrase: { 'text.exact': { query: 'white sphere' } } }, WORDS('gulf')] },
    });
    expect(pageTextQuery('"white sphere"')).toEqual({ match_phrase: { 'text.exact': { query: 'white sphere' } } });
    expect(pageTextQuery('""')).toEqual({ match_all: {} });
  });
});

describe('documentFilters', () => {
  it('turns every filter into a clause', () => {
    expect(
      documentFilters({
        collection: ['fbi-vault-ufo'],
        release: [1, 2],
        agency: ['FBI'],
        caseId: 'a-case',
        kind: 'transcript',
        dateFrom: '1950',
        dateTo: '1960-06',
        limit: 1,
        offset: 0,
        facets: false,
      }),
    ).toEqual([
      { terms: { collection: ['fbi-vault-ufo'] } },
      { terms: { release: [1, 2] } },
      { terms: { agency: ['FBI'] } },
      { term: { caseIds: 'a-case' } },
      { term: { kind: 'transcript' } },
      { range: { date: { gte: '1950', lte: '1960-06' } } },
    ]);
  });
});

describe('documentSearchRequest', () => {
  it('collapses matching pages on their document, with its best three pages highlighted, a document count and facets', () => {
    expect(documentSearchRequest({ q: 'lights', kind: 'document', limit: 10, offset: 20, facets: true })).toEqual({
      from: 20,
      size: 10,
      track_total_hits: true,
      query: { bool: { must: [WORDS('lights')], filter: [{ term: { kind: 'document' } }] } },
      _source: [
        'documentId',
        'kind',
        'title',
        'collection',
        'release',
        'agency',
        'date',
        'pageCount',
        'caseIds',
        'governmentUrl',
        'sourceFile',
        'sha256',
        'bytes',
        'textMethod',
        'engine',
      ],
      collapse: {
        field: 'documentId',
        inner_hits: {
          name: 'pages',
          size: 3,
          _source: ['page', 'startMs'],
          highlight: {
            pre_tags: ['<mark>'],
            post_tags: ['</mark>'],
            encoder: 'html',
            fields: {
              text: { fragment_size: 220, number_of_fragments: 1, no_match_size: 220 },
              'text.exact': { fragment_size: 220, number_of_fragments: 1 },
            },
          },
        },
      },
      sort: ['_score', { documentId: 'asc' }],
      aggs: {
        documents: { cardinality: { field: 'documentId', precision_threshold: 40000 } },
        facet_collection: {
          terms: { field: 'collection', size: 50, order: { _key: 'asc' } },
          aggs: { documents: { cardinality: { field: 'documentId', precision_threshold: 40000 } } },
        },
        facet_release: {
          terms: { field: 'release', size: 50, order: { _key: 'asc' } },
          aggs: { documents: { cardinality: { field: 'documentId', precision_threshold: 40000 } } },
        },
        facet_kind: {
          terms: { field: 'kind', size: 50, order: { _key: 'asc' } },
          aggs: { documents: { cardinality: { field: 'documentId', precision_threshold: 40000 } } },
        },
      },
    });
  });

  it('lists documents in id order without q, and without inner pages', () => {
    const request = documentSearchRequest({ limit: 5, offset: 0, facets: false });
    expect(request.query).toEqual({ bool: { must: [{ match_all: {} }], filter: [] } });
    expect(request.collapse).toEqual({ field: 'documentId' });
    expect(request.sort).toEqual([{ documentId: 'asc' }]);
    expect(Object.keys(request.aggs ?? {})).toEqual(['documents']);
  });
});

describe('page requests', () => {
  it("reads a document's page lengths in order", () => {
    expect(documentPagesRequest('nara-1', 7)).toEqual({
      size: 7,
      query: { term: { documentId: 'nara-1' } },
      _source: false,
      docvalue_fields: ['page', 'chars'],
      sort: [{ page: 'asc' }],
    });
  });

  it('marks q in the whole text of one page', () => {
    expect(pageHighlightRequest('nara-1', 2, { q: 'lights' })).toEqual({
      size: 1,
      query: { bool: { filter: [{ term: { documentId: 'nara-1' } }, { term: { page: 2 } }], should: [WORDS('lights')] } },
      _source: false,
      highlight: {
        pre_tags: ['<mark>'],
        post_tags: ['</mark>'],
        encoder: 'html',
        fields: { text: { number_of_fragments: 0 }, 'text.exact': { number_of_fragments: 0 } },
      },
    });
  });
});

describe('conceptQuery', () => {
  it('wants each concept whole, in the text or the title: up to three all, of more all but one', () => {
    const concept = (query: string) => ({
      multi_match: { query, fields: ['text^3', 'title^5', 'text.exact'], type: 'best_fields', operator: 'and' },
    });
    expect(conceptQuery(['blue book', 'project', 'lubbock'])).toEqual({
      bool: { should: [concept('blue book'), concept('project'), concept('lubbock')], minimum_should_match: 3 },
    });
    expect(conceptQuery(['a', 'b', 'c', 'd'])).toMatchObject({ bool: { minimum_should_match: 3 } });
    expect(conceptQuery(['lubbock'])).toEqual({ bool: { should: [concept('lubbock')], minimum_should_match: 1 } });
    expect(conceptQuery([])).toEqual({ match_none: {} });
  });
});
