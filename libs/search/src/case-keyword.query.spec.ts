import { didYouMeanRequest, didYouMeanSuggester, keywordClauses, keywordWords, matchedAllWords, readDidYouMean } from './case-keyword.query';

const SPEC = ['title.en^3', 'title.zh^3', 'location.name.en^2', 'location.name.zh^2', 'summary.en', 'summary.zh'];
const DEEP = ['detail.en', 'detail.zh', 'specs.value.en', 'specs.value.zh', 'specs.label.en', 'specs.label.zh', 'sources.label', 'sources.label.zh'];
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
        { multi_match: { query: 'Kecksberg  7 crash', fields: SPEC, type: 'cross_fields', operator: 'and', boost: 10, _name: 'typed' } },
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

describe('did you mean', () => {
  it('asks the phrase suggester to correct only words missing from the archive', () => {
    expect(didYouMeanSuggester('Rosswell crash')).toEqual({
      text: 'Rosswell crash',
      did_you_mean: {
        phrase: {
          field: 'spelling',
          size: 1,
          gram_size: 1,
          max_errors: 2,
          confidence: 1,
          direct_generator: [{ field: 'spelling', suggest_mode: 'missing', min_word_length: 4, prefix_length: 1 }],
        },
      },
    });
  });

  it('is asked in a search of its own that reads no hits', () => {
    expect(didYouMeanRequest('cases', 'Rosswell')).toEqual({
      index: 'cases',
      size: 0,
      track_total_hits: false,
      filter_path: ['suggest.*.options.text'],
      suggest: didYouMeanSuggester('Rosswell'),
    });
  });

  it('reads the first option, or nothing', () => {
    expect(readDidYouMean({ did_you_mean: [{ text: 'rosswell', offset: 0, length: 8, options: [{ text: 'roswell', score: 0.1 }] }] } as never)).toBe(
      'roswell',
    );
    expect(readDidYouMean({ did_you_mean: [{ text: 'roswell', offset: 0, length: 7, options: [] }] } as never)).toBeUndefined();
    expect(readDidYouMean(undefined)).toBeUndefined();
  });
});
