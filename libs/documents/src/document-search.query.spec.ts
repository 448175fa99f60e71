import {
  conceptQuery,
  documentFilters,
  documentPagesRequest,
  documentSearchRequest,
  pageHighlightRequest,
  pageTextQuery,
  significantWords,
  snippetQueries,
  splitQuery,
  wordQuery,
} from './document-search.query';

const MISREAD = (word: string) => ({ query: word, fuzziness: 1, prefix_length: 0, max_expansions: 20 });
/** A word of four letters or more, letters alone: also found misread by one letter. */
const WORD = (word: string, titleBoost = 2) => ({
  dis_max: {
    queries: [
      { match: { text: { query: word, operator: 'and', boost: 3 } } },
      { match: { title: { query: word, operator: 'and', boost: titleBoost } } },
      { match: { 'text.exact': MISREAD(word) } },
      { match: { 'title.exact': MISREAD(word) } },
      { match: { 'text.joined': { query: word, boost: 0.5 } } },
    ],
    tie_breaker: 0.3,
  },
});
const WORDS = (...words: string[]) => ({ bool: { should: words.map((word) => WORD(word)), minimum_should_match: 1 } });

describe('splitQuery', () => {
  it('takes quoted phrases out and reads an unpaired quote as a space', () => {
    expect(splitQuery('"white sphere" Arabian  Gulf')).toEqual({ phrases: ['white sphere'], words: 'Arabian Gulf' });
    expect(splitQuery('"" lone " quote')).toEqual({ phrases: [], words: 'lone quote' });
  });
});

describe('significantWords', () => {
  it('drops edge punctuation, stop words and repeats in any case', () => {
    expect(significantWords('the Mantell,  chasing a "Skyhook" balloon mantell')).toEqual(['Mantell', 'chasing', 'Skyhook', 'balloon']);
    expect(significantWords("O'Hare DC-4 -- to")).toEqual(["O'Hare", 'DC-4']);
    expect(significantWords('to be or not')).toEqual([]);
  });
});

describe('wordQuery', () => {
  it('takes the best of the text, the title, a one-letter misread in either and a word broken in two', () => {
    expect(wordQuery('Iowa')).toEqual(WORD('Iowa'));
    expect(wordQuery('Lubbock', 3)).toEqual(WORD('Lubbock', 3));
  });

  it('matches short words and words with a digit as written', () => {
    const asWritten = (word: string) => ({
      dis_max: {
        queries: [
          { match: { text: { query: word, operator: 'and', boost: 3 } } },
          { match: { title: { query: word, operator: 'and', boost: 2 } } },
          { match: { 'text.joined': { query: word, boost: 0.5 } } },
        ],
        tie_breaker: 0.3,
      },
    });
    expect(wordQuery('UFO')).toEqual(asWritten('UFO'));
    expect(wordQuery('1850')).toEqual(asWritten('1850'));
    expect(wordQuery('REP0RT')).toEqual(asWritten('REP0RT'));
  });
});

describe('wordQuery on dates', () => {
  it('also finds a month as military papers abbreviate it, and back, and a year in two digits (weaker)', () => {
    const july = WORD('July');
    july.dis_max.queries.push({ match: { text: { query: 'jul', boost: 3 } } } as never);
    expect(wordQuery('July')).toEqual(july);
    expect((wordQuery('Sept') as { dis_max: { queries: unknown[] } }).dis_max.queries).toContainEqual({
      match: { text: { query: 'september', boost: 3 } },
    });
    expect((wordQuery('1947') as { dis_max: { queries: unknown[] } }).dis_max.queries).toEqual([
      { match: { text: { query: '1947', operator: 'and', boost: 3 } } },
      { match: { title: { query: '1947', operator: 'and', boost: 2 } } },
      { match: { 'text.joined': { query: '1947', boost: 0.5 } } },
      { match: { text: { query: '47', boost: 1 } } },
    ]);
    expect((wordQuery('1850') as { dis_max: { queries: unknown[] } }).dis_max.queries).toHaveLength(3);
  });
});

describe('pageTextQuery', () => {
  it('wants any one loose word, each as wordQuery finds it, neighbouring words near each other counting more', () => {
    expect(pageTextQuery('Lubbock lights')).toEqual({
      bool: {
        should: [WORD('Lubbock'), WORD('lights'), { match_phrase: { text: { query: 'Lubbock lights', slop: 2 } } }],
        minimum_should_match: 1,
      },
    });
  });

  it('rewards all of three or more words within a short passage, stop words aside', () => {
    expect(pageTextQuery('lights over the Lubbock sky')).toEqual({
      bool: {
        should: [
          WORD('lights'),
          WORD('over'),
          WORD('Lubbock'),
          {
            dis_max: {
              queries: [
                { match: { text: { query: 'sky', operator: 'and', boost: 3 } } },
                { match: { title: { query: 'sky', operator: 'and', boost: 2 } } },
                { match: { 'text.joined': { query: 'sky', boost: 0.5 } } },
              ],
              tie_breaker: 0.3,
            },
          },
          { match_phrase: { text: { query: 'lights over', slop: 2 } } },
          { match_phrase: { text: { query: 'over Lubbock', slop: 2 } } },
          { match_phrase: { text: { query: 'Lubbock sky', slop: 2 } } },
          { match_phrase: { text: { query: 'lights over Lubbock sky', slop: 12 } } },
        ],
        minimum_should_match: 1,
      },
    });
  });

  it('matches a q of stop words alone as written', () => {
    expect(pageTextQuery('to be or not to be')).toEqual({ match: { 'text.exact': { query: 'to be or not to be', minimum_should_match: '2<75%' } } });
  });

  it('requires quoted phrases as phrases beside the words', () => {
    expect(pageTextQuery('"white sphere" gulf')).toEqual({
      bool: { must: [{ match_phrase: { 'text.exact': { query: 'white sphere' } } }, WORDS('gulf')] },
    });
    expect(pageTextQuery('"white sphere"')).toEqual({ match_phrase: { 'text.exact': { query: 'white sphere' } } });
    expect(pageTextQuery('""')).toEqual({ match_all: {} });
  });
});

describe('snippetQueries', () => {
  it('marks the words alone on text; quoted phrases, words as written and one-letter misreads on text.exact', () => {
    expect(snippetQueries({ q: '"white sphere" the UFO over Iowa' })).toEqual({
      text: { highlight_query: { match: { text: { query: 'UFO over Iowa' } } } },
      exact: {
        highlight_query: {
          bool: {
            should: [
              { match_phrase: { 'text.exact': { query: 'white sphere' } } },
              { match: { 'text.exact': { query: 'UFO' } } },
              { match: { 'text.exact': MISREAD('over') } },
              { match: { 'text.exact': MISREAD('Iowa') } },
            ],
          },
        },
      },
    });
  });

  it("reads a translation's concepts as its words, marks nothing on text for phrases alone, and leaves stop words to the search", () => {
    expect(snippetQueries({ q: '蓝皮书', concepts: ['blue book', '7'] })?.text).toEqual({
      highlight_query: { match: { text: { query: 'blue book 7' } } },
    });
    expect(snippetQueries({ q: '"white sphere"' })?.text).toEqual({ highlight_query: { match_none: {} } });
    expect(snippetQueries({ q: 'to be' })).toBeUndefined();
    expect(snippetQueries({})).toBeUndefined();
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
              text: { fragment_size: 220, number_of_fragments: 1, no_match_size: 220, highlight_query: { match: { text: { query: 'lights' } } } },
              'text.exact': {
                fragment_size: 220,
                number_of_fragments: 1,
                highlight_query: { bool: { should: [{ match: { 'text.exact': MISREAD('lights') } }] } },
              },
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

  it('continues an id-order walk after the last id instead of skipping', () => {
    const request = documentSearchRequest({ limit: 5, offset: 10_000, searchAfter: ['nara-1'], facets: false });
    expect(request.search_after).toEqual(['nara-1']);
    expect(request).not.toHaveProperty('from');
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
  it('wants each concept whole, every word of it, the title weighing more: up to three all, of more all but one', () => {
    expect(conceptQuery(['blue book', 'project', 'lubbock'])).toEqual({
      bool: {
        should: [
          { bool: { must: [WORD('blue', 3), WORD('book', 3)], should: [{ match_phrase: { text: { query: 'blue book', slop: 2 } } }] } },
          WORD('project', 3),
          WORD('lubbock', 3),
        ],
        minimum_should_match: 3,
      },
    });
    expect(conceptQuery(['a1', 'b1', 'c1', 'd1'])).toMatchObject({ bool: { minimum_should_match: 3 } });
    expect(conceptQuery(['lubbock'])).toEqual({ bool: { should: [WORD('lubbock', 3)], minimum_should_match: 1 } });
    expect(conceptQuery(['the'])).toEqual({ bool: { should: [{ match: { 'text.exact': { query: 'the' } } }], minimum_should_match: 1 } });
    expect(conceptQuery([])).toEqual({ match_none: {} });
  });
});
