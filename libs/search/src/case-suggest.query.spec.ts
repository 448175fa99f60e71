import { buildCaseSuggestRequest, toCaseSuggestions } from './case-suggest.query';

describe('buildCaseSuggestRequest', () => {
  it('matches every typed word as the start of an English word, or as Chinese character pairs, in titles first, then place names', () => {
    expect(buildCaseSuggestRequest('cases', { q: 'Rendlesham Fo', limit: 5 })).toEqual({
      index: 'cases',
      filter_path: ['hits.hits._source', 'hits.hits.matched_queries'],
      size: 5,
      track_total_hits: false,
      _source: ['id', 'title', 'location.name'],
      query: {
        bool: {
          should: [
            { match: { 'title.en.prefix': { query: 'Rendlesham Fo', operator: 'and', boost: 2, _name: 'title.en' } } },
            { match: { 'title.zh': { query: 'Rendlesham Fo', operator: 'and', boost: 2, _name: 'title.zh' } } },
            { match: { 'location.name.en.prefix': { query: 'Rendlesham Fo', operator: 'and', boost: 1, _name: 'place.en' } } },
            { match: { 'location.name.zh': { query: 'Rendlesham Fo', operator: 'and', boost: 1, _name: 'place.zh' } } },
          ],
        },
      },
      sort: ['_score', { date: { order: 'desc' } }, { id: { order: 'asc' } }],
    });
  });
});

describe('toCaseSuggestions', () => {
  const hit = (id: string, matched: string[]) => ({
    _source: { id, title: { en: `Title ${id}`, zh: `标题${id}` }, location: { name: { en: `Place ${id}`, zh: `地点${id}` } } },
    matched_queries: matched,
  });
  const response = (...hits: ReturnType<typeof hit>[]) => ({ hits: { hits } }) as never;

  it('gives each case the title it matched, else its place name, with the language', () => {
    expect(toCaseSuggestions(response(hit('a', ['place.en', 'title.en']), hit('b', ['place.zh'])), 'x')).toEqual([
      { id: 'a', text: 'Title a', field: 'title', language: 'en', title: 'Title a' },
      { id: 'b', text: '地点b', field: 'place', language: 'zh', title: '标题b' },
    ]);
  });

  it('prefers the language of the typed text when both matched', () => {
    expect(toCaseSuggestions(response(hit('a', ['title.en', 'title.zh'])), 'Tic')[0].language).toBe('en');
    expect(toCaseSuggestions(response(hit('a', ['title.en', 'title.zh'])), 'Tic 视频')[0].language).toBe('zh');
  });

  it('reads an empty answer, which filter_path leaves without hits (or empty)', () => {
    expect(toCaseSuggestions({ hits: {} } as never, 'x')).toEqual([]);
    expect(toCaseSuggestions({} as never, 'x')).toEqual([]);
  });
});
