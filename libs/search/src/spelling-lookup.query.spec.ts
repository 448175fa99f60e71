import { keywordWords } from './case-keyword.query';
import {
  correctedQuery,
  inflectionCheckText,
  lookupWords,
  readWordCorrections,
  spellingLookupRequest,
  withoutInflections,
} from './spelling-lookup.query';

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

  it('is not asked for a query with no Latin word of 4 letters or more', () => {
    expect(spellingLookupRequest('cases', keywordWords('罗斯威尔 坠毁'))).toBeUndefined();
    expect(spellingLookupRequest('cases', keywordWords('1952 华盛顿 UFO'))).toBeUndefined();
  });

  it('looks up only Latin words of 4 letters or more', () => {
    expect(lookupWords('Rosswell UFO 1952 crash 罗斯威尔')).toEqual(['Rosswell', 'crash']);
  });

  it('reads each misspelt word with its correction, tokens within a word included, and the corrected query', () => {
    const suggest = {
      near: [{ text: 'crahs', offset: 0, length: 5, options: [{ text: 'crash', score: 0.6, freq: 40 }] }],
      far: [
        { text: 'rosswell', offset: 0, length: 8, options: [{ text: 'roswell', score: 0.8, freq: 12 }] },
        { text: 'mount', offset: 9, length: 5, options: [] },
        { text: 'rainer', offset: 15, length: 6, options: [{ text: 'rainier', score: 0.8, freq: 3 }] },
      ],
    };
    const corrections = readWordCorrections(['Rosswell', 'Mount-Rainer', 'Crahs'], suggest as never);
    expect(corrections).toEqual({ Rosswell: 'roswell', 'Mount-Rainer': 'Mount-rainier', Crahs: 'crash' });
    expect(correctedQuery('Rosswell UFO  Crahs', corrections)).toBe('roswell ufo  crash');
  });

  it('finds nothing misspelt when no word has a correction', () => {
    expect(readWordCorrections(['Roswell'], { near: [{ text: 'roswell', offset: 0, length: 7, options: [] }] } as never)).toEqual({});
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
