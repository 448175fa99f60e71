import { allWordsMatcher, keywordClauses, keywordWords } from './case-keyword.query';
import { NOTHING_MISSPELT } from './keyword-query';

const SPEC = ['title.en^3', 'title.zh^3', 'location.name.en^2', 'location.name.zh^2', 'summary.en', 'summary.zh'];
const DEEP = ['deep.en', 'deep.zh'];
const FUZZY = ['title.en^3', 'location.name.en^2', 'summary.en', 'detail.en^0.5'];
const PREFIX = ['title.en.prefix^3', 'location.name.en.prefix^2'];
const fuzzy = (query: string, boost: number) => ({
  multi_match: { query, fields: FUZZY, analyzer: 'case_text_en', fuzziness: 'AUTO:4,8', prefix_length: 1, max_expansions: 10, boost },
});
const anywhere = (query: string, fields: string[]) => ({
  multi_match: { query, fields, type: 'cross_fields', operator: 'and', zero_terms_query: 'all' },
});
const EN_ANYWHERE = ['title.en^6', 'location.name.en^4', 'summary.en^2', 'deep.en^0.8'];
const ZH_ANYWHERE = ['title.zh^3', 'location.name.zh^2', 'summary.zh', 'deep.zh^0.3'];
const ALL_ANYWHERE = [...SPEC, 'deep.en^0.3', 'deep.zh^0.3'];

describe('keywordClauses', () => {
  it('without a spelling lookup, lists a case matching any layer, and orders by all words, words in order, then most words anywhere', () => {
    expect(keywordClauses('Kecksberg  7 crash')).toEqual({
      must: [
        {
          bool: {
            should: [
              { multi_match: { query: 'Kecksberg  7 crash', fields: SPEC, type: 'cross_fields', operator: 'or', minimum_should_match: '1' } },
              {
                multi_match: {
                  query: 'Kecksberg  7 crash',
                  fields: DEEP,
                  type: 'cross_fields',
                  operator: 'or',
                  minimum_should_match: '1<-1',
                  boost: 0.3,
                },
              },
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
            boost: 3,
            minimum_should_match: 3,
            should: [
              { bool: { _name: 'word 0', should: [anywhere('Kecksberg', EN_ANYWHERE), fuzzy('Kecksberg', 1)] } },
              { bool: { _name: 'word 1', should: [anywhere('7', ALL_ANYWHERE)] } },
              {
                bool: {
                  _name: 'word 2',
                  should: [anywhere('crash', EN_ANYWHERE), fuzzy('crash', 1), { multi_match: { query: 'crash', fields: PREFIX, boost: 1 } }],
                },
              },
            ],
          },
        },
      ],
    });
  });

  it('lifts a case with all but one word of a longer query', () => {
    const { should } = keywordClauses('general Roger Ramey weather balloon', NOTHING_MISSPELT);
    expect((should as object[])[2]).toMatchObject({ bool: { minimum_should_match: 4 } });
  });

  it('leaves English stop words out of the most-words lift and out of match', () => {
    const { should } = keywordClauses('lights over the city', NOTHING_MISSPELT);
    const lift = (should as { bool: { minimum_should_match: number; should: { bool: { _name: string } }[] } }[])[2].bool;
    // "over" is not among Lucene's English stop words; "the" is.
    expect(lift.minimum_should_match).toBe(3);
    expect(lift.should.map((clause) => clause.bool._name)).toEqual(['word 0', 'word 1', 'word 3']);
    expect(allWordsMatcher('lights over the city')(['word 0', 'word 1', 'word 3'])).toBe(true);
    expect(allWordsMatcher('lights over the city')(['word 0'])).toBe(false);
  });

  it('gives a one-word query no every-word clause and no named query, weighing its spec-field match as both did', () => {
    const { must, should } = keywordClauses('Rendle', NOTHING_MISSPELT);
    expect(must).toEqual([
      {
        bool: {
          should: [
            { multi_match: { query: 'Rendle', fields: SPEC, type: 'cross_fields', operator: 'or', minimum_should_match: '1', boost: 11 } },
            { multi_match: { query: 'Rendle', fields: DEEP, type: 'cross_fields', operator: 'or', minimum_should_match: '1<-1', boost: 0.3 } },
            { multi_match: { query: 'Rendle', fields: PREFIX, boost: 0.3 } },
          ],
        },
      },
    ]);
    expect(should).toEqual([{ multi_match: { query: 'Rendle', fields: SPEC, type: 'phrase', slop: 3, boost: 2 } }]);
  });

  it('keeps the every-word clause for one word of several tokens (Chinese character pairs, digits, hyphens)', () => {
    for (const word of ['阿波羅11號太空人', 'F-89', 'B-52']) {
      const { should } = keywordClauses(word, NOTHING_MISSPELT);
      expect(should).toContainEqual({ multi_match: { query: word, fields: SPEC, type: 'cross_fields', operator: 'and', boost: 10 } });
    }
  });

  it('forgives no misspelling and no prefix in Chinese or in a word with digits, and reads a Chinese word in the Chinese fields', () => {
    const { must, should } = keywordClauses('凯克斯堡 F-89');
    expect(JSON.stringify(must)).not.toContain('fuzziness');
    expect(JSON.stringify(must)).not.toContain('.prefix');
    expect(should).toContainEqual({
      bool: {
        boost: 3,
        minimum_should_match: 2,
        should: [
          { bool: { _name: 'word 0', should: [anywhere('凯克斯堡', ZH_ANYWHERE)] } },
          { bool: { _name: 'word 1', should: [anywhere('F-89', ALL_ANYWHERE)] } },
        ],
      },
    });
  });

  it('splits the query into words on any whitespace', () => {
    expect(keywordWords(' Rendlesham\tForest  lights ')).toEqual(['Rendlesham', 'Forest', 'lights']);
  });
});

describe('allWordsMatcher', () => {
  it('says a hit matched every word when each word’s query is among its matched queries, in either form Elasticsearch gives them', () => {
    expect(allWordsMatcher('Roswell crash')({ 'word 0': 1.5, 'word 1': 0.2 })).toBe(true);
    expect(allWordsMatcher('Roswell crash')(['word 0', 'word 1'])).toBe(true);
    expect(allWordsMatcher('Roswell crash')(['word 0'])).toBe(false);
    expect(allWordsMatcher('Roswell crash')(undefined)).toBe(false);
  });

  it('says every hit of a one-word query matched every word: it is listed only for that word', () => {
    expect(allWordsMatcher('Roswell')(undefined)).toBe(true);
  });
});

describe('the keyword query with the spelling lookup’s answer', () => {
  it('runs no fuzzy query: only the misspelt words are looked for, as their corrections, in the layer and in the every-word test', () => {
    const spelling = { corrections: { Rosswell: 'roswell' }, suggestion: 'roswell ufo crash' };
    const { must, should } = keywordClauses('Rosswell UFO crash', spelling);
    expect(JSON.stringify({ must, should })).not.toContain('fuzziness');
    expect((must as { bool: { should: unknown[] } }[])[0].bool.should).toContainEqual({
      multi_match: { query: 'roswell', fields: FUZZY, analyzer: 'case_text_en', boost: 1 },
    });
    expect((should as object[])[2]).toMatchObject({
      bool: { should: [{ bool: { _name: 'word 0', should: [anywhere('Rosswell', EN_ANYWHERE), anywhere('roswell', EN_ANYWHERE)] } }, {}, {}] },
    });
  });

  it('runs no fuzzy query when nothing is misspelt', () => {
    expect(JSON.stringify(keywordClauses('Roswell crash', NOTHING_MISSPELT))).not.toContain('fuzziness');
  });
});

describe('what q means: dates, Chinese words and aliases', () => {
  const prefix = (query: string) => ({ multi_match: { query, fields: PREFIX, boost: 1 } });
  const socorroDay = { range: { incidentDate: { gte: '1964-04-24', lte: '1964-04-24' } } };

  it('looks for a date alone in the incident date, and nowhere in the text', () => {
    expect(keywordClauses('4/24/64', NOTHING_MISSPELT)).toEqual({
      must: [{ bool: { should: [{ bool: { _name: 'date', boost: 1000, should: [socorroDay] } }] } }],
      should: [],
    });
    expect(allWordsMatcher('4/24/64')(undefined)).toBe(true);
  });

  it('lists the cases of a date beside other words first, and names the date and the word for match', () => {
    expect(keywordClauses('landing 4/24/64', NOTHING_MISSPELT)).toEqual({
      must: [
        {
          bool: {
            should: [
              { multi_match: { query: 'landing', fields: SPEC, type: 'cross_fields', operator: 'or', minimum_should_match: '1', boost: 11 } },
              { multi_match: { query: 'landing', fields: DEEP, type: 'cross_fields', operator: 'or', minimum_should_match: '1<-1', boost: 0.3 } },
              { multi_match: { query: 'landing', fields: PREFIX, boost: 0.3 } },
              { bool: { _name: 'date', boost: 1000, should: [socorroDay] } },
            ],
          },
        },
      ],
      should: [
        { multi_match: { query: 'landing', fields: SPEC, type: 'phrase', slop: 3, boost: 2 } },
        // One typed word: named for match, lifting nothing.
        {
          bool: {
            boost: 0,
            minimum_should_match: 1,
            should: [{ bool: { _name: 'word 0', should: [anywhere('landing', EN_ANYWHERE), prefix('landing')] } }],
          },
        },
      ],
    });
    const matched = allWordsMatcher('landing 4/24/64');
    expect(matched(['word 0', 'date'])).toBe(true);
    expect(matched(['date'])).toBe(false);
    expect(matched(['word 0'])).toBe(false);
  });

  it('names each word of a run of Chinese characters, so that a case with only some of its character pairs is not a full match', () => {
    const { should } = keywordClauses('尼斯湖水怪', NOTHING_MISSPELT);
    expect((should as object[])[2]).toEqual({
      bool: {
        boost: 0,
        minimum_should_match: 2,
        should: [
          { bool: { _name: 'word 0', should: [anywhere('尼斯湖', ZH_ANYWHERE)] } },
          { bool: { _name: 'word 1', should: [anywhere('水怪', ZH_ANYWHERE)] } },
        ],
      },
    });
    expect(allWordsMatcher('尼斯湖水怪')(['word 0'])).toBe(false);
    expect(allWordsMatcher('尼斯湖水怪')(['word 0', 'word 1'])).toBe(true);
    // One character pair is one token: every case listed has it.
    expect(allWordsMatcher('飞碟')(undefined)).toBe(true);
  });

  it('lists and lifts the case an alias names, and counts the alias’s words as found in it', () => {
    const named = { terms: { id: ['1942-battle-of-los-angeles'] } };
    const { must, should } = keywordClauses('Battle of LA', NOTHING_MISSPELT);
    expect((must as { bool: { should: object[] } }[])[0].bool.should.at(-1)).toEqual({ constant_score: { filter: named, boost: 20 } });
    expect((should as object[])[2]).toEqual({
      bool: {
        boost: 3,
        minimum_should_match: 2,
        should: [
          { bool: { _name: 'word 0', should: [anywhere('Battle', EN_ANYWHERE), named] } },
          { bool: { _name: 'word 2', should: [anywhere('LA', EN_ANYWHERE), prefix('LA'), named] } },
        ],
      },
    });
  });
});
