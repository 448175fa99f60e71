import type { estypes } from '@elastic/elasticsearch';
import type { ArchiveGenerationTracker } from './archive-generation';
import type { ArchiveIndexService } from './archive-index.service';
import { NOTHING_MISSPELT } from './spelling-lookup.query';
import { SpellingLookup } from './spelling-lookup';

/** What the suggester proposes for a word the archive lacks as typed. */
const NEAREST: Record<string, string> = { rosswell: 'roswell', lights: 'light' };

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
      const suggest = request.suggest as Record<string, { text: string }>;
      const answer: Record<string, unknown[]> = {};
      for (const [name, { text }] of Object.entries(suggest)) {
        sent.push(text);
        answer[name] = [...text.matchAll(/\S+/g)].map((m) => ({
          text: m[0].toLowerCase(),
          offset: m.index,
          length: m[0].length,
          options: NEAREST[m[0].toLowerCase()] ? [{ text: NEAREST[m[0].toLowerCase()] }] : [],
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
