import { keywordWords } from './case-keyword.query';
import {
  correctedQuery,
  inflectionCheckText,
  keywordSpelling,
  lookupWords,
  readWideCorrections,
  readWordCorrections,
  soundsAlike,
  spellingLookupRequest,
  suggestionCheckRequest,
  suggestionHelps,
  wideLookupRequest,
  withoutInflections,
  wordsToWiden,
} from './spelling-lookup.query';
import { NOTHING_MISSPELT } from './keyword-query';

describe('the spelling lookup', () => {
  it('asks the term suggester, and nothing else, for the words the archive lacks as typed, within the edits each word’s length allows', () => {
    const term = { field: 'spelling', suggest_mode: 'missing', min_word_length: 4, prefix_length: 1, size: 1 };
    expect(spellingLookupRequest('cases', ['Rosswell', 'crash', 'UFO'])).toEqual({
      index: 'cases',
      size: 0,
      track_total_hits: false,
      filter_path: ['suggest.*.offset', 'suggest.*.length', 'suggest.*.options.text'],
      suggest: {
        near: { text: 'crash', term: { ...term, max_edits: 1 } },
        far: { text: 'Rosswell', term: { ...term, max_edits: 2 } },
      },
    });
  });

  it('reads the wider lookup’s corrections for the words the usual one could not correct, a word before its doubled-letters form', () => {
    const words = ['Rosswel', 'Kennneth', 'crahs', 'Fooo'];
    // Words of 5-7 letters within two edits, and each word of 5 or more with its doubled letters once; three candidates each.
    expect(wideLookupRequest('cases', words)).toEqual({
      index: 'cases',
      size: 0,
      track_total_hits: false,
      filter_path: ['suggest.*.offset', 'suggest.*.length', 'suggest.*.options.text'],
      suggest: {
        wide: {
          text: 'Rosswel Roswel Keneth crahs',
          term: { field: 'spelling', suggest_mode: 'missing', min_word_length: 4, prefix_length: 1, max_edits: 2, size: 3 },
        },
      },
    });
    expect(wideLookupRequest('cases', ['Fooo', 'UFO'])).toBeUndefined();
    expect(wordsToWiden('Rosswel Kennneth crahs Fooo', { corrections: { crahs: 'crash' } })).toEqual(['Rosswel', 'Kennneth']);
    const suggest = {
      wide: [
        { offset: 0, length: 7, options: [{ text: 'roswell' }] },
        { offset: 8, length: 6, options: [{ text: 'rosewell' }] },
        { offset: 15, length: 6, options: [{ text: 'kenmore' }, { text: 'kenneth' }] },
        { offset: 22, length: 5, options: [{ text: 'crash' }] },
      ],
    };
    expect(readWideCorrections(words, suggest as never, { crahs: 'crash' })).toEqual({ Rosswel: 'roswell', Kennneth: 'kenneth' });
  });

  it('takes a wider correction only for a mistake of sound or doubled letters: one edit apart once doubles are written once, or the same consonants', () => {
    expect(soundsAlike('Rosswel', 'roswell')).toBe(true);
    expect(soundsAlike('Kenith', 'kenneth')).toBe(true);
    expect(soundsAlike('Sokoro', 'socorro')).toBe(true);
    expect(soundsAlike('Rendelsham', 'rendlesham')).toBe(true);
    expect(soundsAlike('Teheren', 'tehran')).toBe(true);
    expect(soundsAlike('Vargena', 'varginha')).toBe(true);
    expect(soundsAlike('Westal', 'wescam')).toBe(false);
    expect(soundsAlike('Kekburg', 'kecksburg')).toBe(false);
    expect(soundsAlike('Marble', 'mantle')).toBe(false);
  });

  it('gives the bolder suggestion beside the usual one, correcting every word it can', () => {
    expect(keywordSpelling('Rosswel crahs', { crahs: 'crash' }, { Rosswel: 'roswell' })).toEqual({
      corrections: { crahs: 'crash' },
      suggestion: 'rosswel crash',
      wider: 'roswell crash',
    });
    expect(keywordSpelling('Rosswel', {}, { Rosswel: 'roswell' })).toEqual({ corrections: {}, wider: 'roswell' });
    expect(keywordSpelling('Roswell', {}, {})).toBe(NOTHING_MISSPELT);
  });

  it('checks in one search, with the list’s filters, whether the bolder suggestion finds a case with every word and the typed words none', () => {
    const spelling = { corrections: {}, wider: 'roswell crash' };
    const anywhere = (query: string) => ({
      multi_match: {
        query,
        fields: ['title.en^6', 'location.name.en^4', 'summary.en^2', 'deep.en^0.8'],
        type: 'cross_fields',
        operator: 'and',
        zero_terms_query: 'all',
      },
    });
    const prefix = (query: string) => ({ multi_match: { query, fields: ['title.en.prefix^3', 'location.name.en.prefix^2'], boost: 1 } });
    const typed = { bool: { filter: [{ bool: { should: [anywhere('Rosswel')] } }, { bool: { should: [anywhere('crash'), prefix('crash')] } }] } };
    // Only the words the wider lookup changed, the last one a prefix as in any query.
    const corrected = { bool: { filter: [{ bool: { should: [anywhere('roswell'), prefix('roswell')] } }] } };
    expect(suggestionCheckRequest('cases', { q: 'Rosswel crash', spelling, type: ['military'] }, 'roswell crash')).toEqual({
      index: 'cases',
      size: 0,
      track_total_hits: false,
      filter_path: ['aggregations.found.buckets.*.doc_count'],
      query: { bool: { filter: [{ terms: { type: ['military'] } }, { bool: { should: [typed, corrected] } }] } },
      aggs: { found: { filters: { filters: { typed, corrected } } } },
    });
    const answer = (typedCount: number, correctedCount: number) => ({
      aggregations: { found: { buckets: { typed: { doc_count: typedCount }, corrected: { doc_count: correctedCount } } } },
    });
    expect(suggestionHelps(answer(0, 3))).toBe(true);
    expect(suggestionHelps(answer(2, 3))).toBe(false);
    expect(suggestionHelps(answer(0, 0))).toBe(false);
    // filter_path drops the aggregation when nothing matched either query.
    expect(suggestionHelps({})).toBe(false);
  });

  it('is not asked for a query with no Latin word of 4 letters or more', () => {
    expect(spellingLookupRequest('cases', keywordWords('罗斯威尔 坠毁'))).toBeUndefined();
    expect(spellingLookupRequest('cases', keywordWords('1952 华盛顿 UFO'))).toBeUndefined();
  });

  it('looks up only Latin words of 4 letters or more', () => {
    expect(lookupWords('Rosswell UFO 1952 crash 罗斯威尔')).toEqual(['Rosswell', 'crash']);
  });

  it('reads each misspelt word with its correction, tokens within a word included, and the corrected query', () => {
    const suggest = {
      near: [{ offset: 0, length: 5, options: [{ text: 'crash', score: 0.6, freq: 40 }] }],
      far: [
        { offset: 0, length: 8, options: [{ text: 'roswell', score: 0.8, freq: 12 }] },
        { offset: 9, length: 5, options: [] },
        { offset: 15, length: 6, options: [{ text: 'rainier', score: 0.8, freq: 3 }] },
      ],
    };
    const corrections = readWordCorrections(['Rosswell', 'Mount-Rainer', 'Crahs'], suggest as never);
    expect(corrections).toEqual({ Rosswell: 'roswell', 'Mount-Rainer': 'Mount-rainier', Crahs: 'crash' });
    expect(correctedQuery('Rosswell UFO  Crahs', corrections)).toBe('roswell ufo  crash');
  });

  it('finds nothing misspelt when no word has a correction', () => {
    expect(readWordCorrections(['Roswell'], { near: [{ offset: 0, length: 7, options: [] }] } as never)).toEqual({});
    expect(readWordCorrections(['Roswell'], undefined)).toEqual({});
  });
});

describe('withoutInflections', () => {
  const corrections = { Rosswell: 'roswell', "Roswell's": 'roswell', lights: 'light', 'x-rayz': 'x-ray' };
  const text = inflectionCheckText(corrections);
  /** What the English analyzer makes of `text`: stems and offsets as Elasticsearch gives them. */
  const tokens = [...text.matchAll(/[\p{L}]+/gu)]
    .map((m) => ({ token: m[0].toLowerCase().replace(/(ll|s)$/, (end) => (end === 'll' ? 'l' : '')), start_offset: m.index }))
    .filter(({ token }) => token !== '');

  it('drops a correction the analyzer stems as it stems the typed word, and keeps real misspellings', () => {
    expect(text).toBe("Rosswell roswell Roswell's roswell lights light x-rayz x-ray");
    expect(withoutInflections(corrections, tokens)).toEqual({ Rosswell: 'roswell', 'x-rayz': 'x-ray' });
  });

  it('keeps a correction when the typed word makes no tokens to compare', () => {
    expect(withoutInflections({ abcd: 'abcde' }, [{ token: 'abcde', start_offset: 5 }])).toEqual({ abcd: 'abcde' });
  });
});
