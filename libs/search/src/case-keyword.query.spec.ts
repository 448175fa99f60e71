import { keywordClauses, keywordWords, matchedAllWords, NOTHING_MISSPELT, readSpelling, spellingLookupRequest } from './case-keyword.query';

const SPEC = ['title.en^3', 'title.zh^3', 'location.name.en^2', 'location.name.zh^2', 'summary.en', 'summary.zh'];
const DEEP = ['deep.en', 'deep.zh'];
const FUZZY = ['title.en^3', 'location.name.en^2', 'summary.en', 'detail.en^0.5'];
const PREFIX = ['title.en.prefix^3', 'location.name.en.prefix^2'];
const fuzzy = (query: string, boost: number) => ({
  multi_match: { query, fields: FUZZY, analyzer: 'case_text_en', fuzziness: 'AUTO:4,8', prefix_length: 1, max_expansions: 10, boost },
});
const asTyped = (query: string) => ({
  multi_match: { query, fields: [...SPEC, ...DEEP.map((field) => `${field}^0.3`)], type: 'cross_fields', operator: 'and', zero_terms_query: 'all' },
});

describe('keywordClauses', () => {
  it('lists a case matching any layer, and orders by all words, words in order, then every word anywhere', () => {
    expect(keywordClauses('Kecksberg  7 crash')).toEqual({
      must: [
        {
          bool: {
            should: [
              { multi_match: { query: 'Kecksberg  7 crash', fields: SPEC, type: 'cross_fields', operator: 'or', minimum_should_match: '1' } },
              { multi_match: { query: 'Kecksberg  7 crash', fields: DEEP, type: 'cross_fields', operator: 'or', boost: 0.3 } },
              // Only the Latin words are forgiven misspellings: never the digit.
              fuzzy('Kecksberg crash', 1),
              // The last word may be the start of a longer one.
              { multi_match: { query: 'crash', fields: PREFIX, boost: 0.3 } },
            ],
          },
        },
      ],
      should: [
        { multi_match: { query: 'Kecksberg  7 crash', fields: SPEC, type: 'cross_fields', operator: 'and', boost: 10 } },
        { multi_match: { query: 'Kecksberg  7 crash', fields: SPEC, type: 'phrase', slop: 3, boost: 2 } },
        {
          bool: {
            _name: 'all',
            boost: 3,
            must: [
              { bool: { should: [asTyped('Kecksberg'), fuzzy('Kecksberg', 1)] } },
              asTyped('7'),
              { bool: { should: [asTyped('crash'), fuzzy('crash', 1), { multi_match: { query: 'crash', fields: PREFIX, boost: 1 } }] } },
            ],
          },
        },
      ],
    });
  });

  it('lets the layers themselves be the all-words query for a one-word query', () => {
    const { must, should } = keywordClauses('Rendle');
    expect(must).toEqual([
      {
        bool: {
          _name: 'all',
          should: [
            { multi_match: { query: 'Rendle', fields: SPEC, type: 'cross_fields', operator: 'or', minimum_should_match: '1' } },
            { multi_match: { query: 'Rendle', fields: DEEP, type: 'cross_fields', operator: 'or', boost: 0.3 } },
            fuzzy('Rendle', 1),
            { multi_match: { query: 'Rendle', fields: PREFIX, boost: 0.3 } },
          ],
        },
      },
    ]);
    expect(should).toHaveLength(2);
  });

  it('forgives no misspelling and no prefix in Chinese or in a word with digits', () => {
    const { must, should } = keywordClauses('凯克斯堡 F-89');
    expect(JSON.stringify(must)).not.toContain('fuzziness');
    expect(JSON.stringify(must)).not.toContain('.prefix');
    expect(should).toContainEqual({ bool: { _name: 'all', boost: 3, must: [asTyped('凯克斯堡'), asTyped('F-89')] } });
  });

  it('splits the query into words on any whitespace', () => {
    expect(keywordWords(' Rendlesham\tForest  lights ')).toEqual(['Rendlesham', 'Forest', 'lights']);
  });
});

describe('matchedAllWords', () => {
  it('reads the all-words query among a hit’s matched queries, in either form Elasticsearch gives them', () => {
    expect(matchedAllWords(['all'])).toBe(true);
    expect(matchedAllWords({ all: 1.5 })).toBe(true);
    expect(matchedAllWords([])).toBe(false);
    expect(matchedAllWords(undefined)).toBe(false);
  });
});

describe('the spelling lookup', () => {
  it('asks the term suggester, and nothing else, for the words the archive lacks as typed', () => {
    expect(spellingLookupRequest('cases', 'Rosswell crash')).toEqual({
      index: 'cases',
      size: 0,
      track_total_hits: false,
      filter_path: ['suggest.*.offset', 'suggest.*.length', 'suggest.*.options.text'],
      suggest: {
        text: 'Rosswell crash',
        missing: { term: { field: 'spelling', suggest_mode: 'missing', min_word_length: 4, prefix_length: 1, max_edits: 2, size: 1 } },
      },
    });
  });

  it('is not asked for a query with no Latin word of 4 letters or more', () => {
    expect(spellingLookupRequest('cases', '罗斯威尔 坠毁')).toBeUndefined();
    expect(spellingLookupRequest('cases', '1952 华盛顿 UFO')).toBeUndefined();
  });

  it('reads each misspelt word with its correction, and the corrected query', () => {
    const suggest = {
      missing: [
        { text: 'rosswell', offset: 0, length: 8, options: [{ text: 'roswell', score: 0.8, freq: 12 }] },
        { text: 'ufo', offset: 9, length: 3, options: [] },
        { text: 'crahs', offset: 14, length: 5, options: [{ text: 'crash', score: 0.6, freq: 40 }] },
      ],
    };
    expect(readSpelling('Rosswell UFO  Crahs', suggest as never)).toEqual({
      corrections: { Rosswell: 'roswell', Crahs: 'crash' },
      suggestion: 'roswell ufo  crash',
    });
  });

  it('finds nothing misspelt when no word has a correction', () => {
    expect(readSpelling('Roswell', { missing: [{ text: 'roswell', offset: 0, length: 7, options: [] }] } as never)).toEqual(NOTHING_MISSPELT);
    expect(readSpelling('Roswell', undefined)).toEqual(NOTHING_MISSPELT);
  });

  it('runs no fuzzy query: the misspelt words are replaced by their corrections, in the layer and in the every-word test', () => {
    const spelling = { corrections: { Rosswell: 'roswell' }, suggestion: 'roswell ufo crash' };
    expect(keywordClauses('Rosswell UFO crash', spelling)).toEqual({
      must: [
        {
          bool: {
            should: [
              { multi_match: { query: 'Rosswell UFO crash', fields: SPEC, type: 'cross_fields', operator: 'or', minimum_should_match: '1' } },
              { multi_match: { query: 'Rosswell UFO crash', fields: DEEP, type: 'cross_fields', operator: 'or', boost: 0.3 } },
              // The misspellings layer's fields and weights, with the word the lookup named: no fuzzy rewrite.
              { multi_match: { query: 'roswell UFO crash', fields: FUZZY, analyzer: 'case_text_en', boost: 1 } },
              { multi_match: { query: 'crash', fields: PREFIX, boost: 0.3 } },
            ],
          },
        },
      ],
      should: [
        { multi_match: { query: 'Rosswell UFO crash', fields: SPEC, type: 'cross_fields', operator: 'and', boost: 10 } },
        { multi_match: { query: 'Rosswell UFO crash', fields: SPEC, type: 'phrase', slop: 3, boost: 2 } },
        {
          bool: {
            _name: 'all',
            boost: 3,
            must: [
              { bool: { should: [asTyped('Rosswell'), asTyped('roswell')] } },
              asTyped('UFO'),
              { bool: { should: [asTyped('crash'), { multi_match: { query: 'crash', fields: PREFIX, boost: 1 } }] } },
            ],
          },
        },
      ],
    });
  });

  it('runs no fuzzy query when nothing is misspelt', () => {
    expect(JSON.stringify(keywordClauses('Roswell crash', NOTHING_MISSPELT))).not.toContain('fuzziness');
  });
});
