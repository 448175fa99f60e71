import type { estypes } from '@elastic/elasticsearch';
import type { ArchiveGenerationTracker } from './archive-generation';
import type { ArchiveIndexService } from './archive-index.service';
import { NOTHING_MISSPELT } from './keyword-query';
import { SpellingLookup } from './spelling-lookup';

/** What the suggester proposes for a word the archive lacks as typed. */
const NEAREST: Record<string, string> = { rosswell: 'roswell', lights: 'light' };
/** What the wider lookup (two edits, doubled letters once) proposes besides. */
const WIDER: Record<string, string> = { rosswel: 'roswell', roswel: 'roswell', lights: 'flights' };

/**
 * An engine whose term suggester corrects "rosswell" to "roswell" and "lights" to "light" (its
 * archive says only "light"), and finds every other word as typed; its English analyzer lower-cases
 * and drops a plural "s", as the stemmer does.
 */
function engine() {
  const sent: string[] = [];
  const index = {
    alias: 'cases',
    search: jest.fn(async (request: estypes.SearchRequest) => {
      if (request.aggs) return checkAnswer(request);
      const suggest = request.suggest as Record<string, { text: string }>;
      const answer: Record<string, unknown[]> = {};
      for (const [name, { text }] of Object.entries(suggest)) {
        if (name !== 'wide') sent.push(text);
        const nearest = name === 'wide' ? WIDER : NEAREST;
        // As filter_path gives them: no entry text, only where it is.
        answer[name] = [...text.matchAll(/\S+/g)].map((m) => ({
          offset: m.index,
          length: m[0].length,
          options: nearest[m[0].toLowerCase()] ? [{ text: nearest[m[0].toLowerCase()] }] : [],
        }));
      }
      return { suggest: answer };
    }),
    analyze: jest.fn(async (analyzer: string, text: string) =>
      [...text.matchAll(/\S+/g)].map((m) => ({ token: m[0].toLowerCase().replace(/s$/, ''), start_offset: m.index })),
    ),
  };
  const generation = { index: 'cases-1' as string | null };
  const generations = { current: async () => ({ index: generation.index, reachable: true }) };
  const lookup = new SpellingLookup(index as unknown as ArchiveIndexService, generations as unknown as ArchiveGenerationTracker);
  return { lookup, index, sent, generation };
}

/** The suggestion check of an archive where every word but "Rosswel" is in some case, and no photo case has them. */
function checkAnswer(request: estypes.SearchRequest) {
  const { typed, corrected } = (request.aggs as { found: { filters: { filters: Record<string, object> } } }).found.filters.filters;
  const found = (query: object) =>
    (JSON.stringify(request.query).includes('"photo"') ? 0 : 1) * (JSON.stringify(query).includes('"Rosswel"') ? 0 : 1);
  return {
    aggregations: {
      found: {
        buckets: { typed: { doc_count: found(typed) }, corrected: { doc_count: found(corrected) } },
      },
    },
  };
}

describe('SpellingLookup', () => {
  it('corrects the misspelt words and gives the corrected query', async () => {
    const { lookup } = engine();
    expect(await lookup.spellingOf('Rosswell UFO crash')).toEqual({ corrections: { Rosswell: 'roswell' }, suggestion: 'roswell ufo crash' });
    expect(await lookup.spellingOf('Roswell crash')).toEqual(NOTHING_MISSPELT);
  });

  it('corrects no word whose correction is only its inflection: the stemmed fields find it as typed', async () => {
    const { lookup, index } = engine();
    expect(await lookup.spellingOf('Rosswell lights')).toEqual({ corrections: { Rosswell: 'roswell' }, suggestion: 'roswell lights' });
    expect(index.analyze).toHaveBeenCalledTimes(1);
    // Remembered as found as typed, like any other word.
    expect(await lookup.spellingOf('lights')).toEqual(NOTHING_MISSPELT);
    expect(index.analyze).toHaveBeenCalledTimes(1);
    // Nothing to check when the suggester corrected nothing.
    await lookup.spellingOf('crash');
    expect(index.analyze).toHaveBeenCalledTimes(1);
  });

  it('still answers when the inflection check is turned away, and checks the word again next time', async () => {
    const { lookup, index } = engine();
    index.analyze.mockRejectedValueOnce(new Error('429: analyze queue full'));
    expect(await lookup.spellingOf('lights')).toEqual({ corrections: { lights: 'light' }, suggestion: 'light' });
    expect(await lookup.spellingOf('lights')).toEqual(NOTHING_MISSPELT);
    expect(index.analyze).toHaveBeenCalledTimes(2);
    expect(index.search).toHaveBeenCalledTimes(2);
  });

  it('asks Elasticsearch about each word once, then answers from memory', async () => {
    const { lookup, index, sent } = engine();
    await lookup.spellingOf('Rosswell crash');
    await lookup.spellingOf('crash Rosswell');
    await lookup.spellingOf('Rosswell lights');
    expect(index.search).toHaveBeenCalledTimes(2);
    expect(sent).toEqual(['crash', 'Rosswell', 'lights']);
  });

  it('corrects more boldly, when asked and for the did-you-mean alone, a word with nothing within the usual edits', async () => {
    const { lookup, index, sent } = engine();
    const spelling = await lookup.spellingOf('Rosswel crash');
    expect(spelling).toEqual(NOTHING_MISSPELT);
    // The usual lookup asks nothing wider: the wider lookup walks far more of the dictionary.
    expect(index.search).toHaveBeenCalledTimes(1);
    expect(await lookup.widerOf('Rosswel crash', spelling)).toBe('roswell crash');
    expect(await lookup.widerOf('Rosswel crash', spelling)).toBe('roswell crash');
    expect(index.search).toHaveBeenCalledTimes(2);
    expect(sent).toEqual(['Rosswel crash']);
    // A word the usual lookup corrected is not corrected again.
    const corrected = await lookup.spellingOf('Rosswell lights');
    expect(await lookup.widerOf('Rosswell lights', corrected)).toBeUndefined();
  });

  it('offers the bolder suggestion only where it finds a case with every word that the typed words did not', async () => {
    const { lookup, index } = engine();
    const q = 'Rosswel crash';
    expect(await lookup.suggestionFor({ q, spelling: await lookup.spellingOf(q) }, false)).toBe('roswell crash');
    // Not when a case of the page has every word already (found in a deeper field, say).
    expect(await lookup.suggestionFor({ q, spelling: await lookup.spellingOf(q) }, true)).toBeUndefined();
    // Nor when no case within the filters has the corrected words.
    expect(await lookup.suggestionFor({ q, type: ['photo'], spelling: await lookup.spellingOf(q) }, false)).toBeUndefined();
    // The usual suggestion needs no check: its corrections are in the search, whose page says whether a case has every word.
    const spelling = await lookup.spellingOf('Rosswell crash');
    const searches = index.search.mock.calls.length;
    expect(await lookup.suggestionFor({ q: 'Rosswell crash', spelling }, true)).toBe('roswell crash');
    expect(await lookup.suggestionFor({ q: 'Rosswell crash', spelling }, false)).toBeUndefined();
    expect(index.search).toHaveBeenCalledTimes(searches);
  });

  it('asks nothing for a query with no Latin word of 4 letters or more', async () => {
    const { lookup, index } = engine();
    expect(await lookup.spellingOf('罗斯威尔 UFO 1947')).toEqual(NOTHING_MISSPELT);
    expect(index.search).not.toHaveBeenCalled();
  });

  it('asks again after a re-index moves the alias, whose words may differ', async () => {
    const { lookup, index, generation } = engine();
    await lookup.spellingOf('Rosswell');
    generation.index = 'cases-2';
    await lookup.spellingOf('Rosswell');
    expect(index.search).toHaveBeenCalledTimes(2);
  });

  it('adds the answer to search parameters with q, and leaves the others alone', async () => {
    const { lookup, index } = engine();
    expect(await lookup.resolve<{ q?: string; type?: string[] }>({ type: ['military'] })).toEqual({ type: ['military'] });
    expect(await lookup.resolve({ q: 'Rosswell' })).toEqual({
      q: 'Rosswell',
      spelling: { corrections: { Rosswell: 'roswell' }, suggestion: 'roswell' },
    });
    expect(index.search).toHaveBeenCalledTimes(1);
  });
});
