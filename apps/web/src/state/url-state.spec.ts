import { formatUrlState, languageFrom, parseUrlState } from './url-state';

describe('the explorer URL', () => {
  it('takes the language from the browser when the link names none', () => {
    expect(languageFrom(['zh-CN', 'en'])).toBe('zh');
    expect(languageFrom(['zh-Hant-TW'])).toBe('zh');
    expect(languageFrom(['en-GB', 'zh'])).toBe('zh');
    expect(languageFrom(['fr-FR'])).toBe('en');
    expect(parseUrlState('', ['zh-CN']).lang).toBe('zh');
    expect(parseUrlState('?lang=en', ['zh-CN']).lang).toBe('en');
    expect(parseUrlState('?lang=xx', ['en']).lang).toBe('en');
  });

  it('round-trips language, view, case, filters and page', () => {
    const search =
      '?lang=zh&case=1947-roswell-debris-recovery&view=map&q=%E7%BD%97%E6%96%AF%E5%A8%81%E5%B0%94&tranche=PURSUE-1&hasVideo=true&offset=40&cursor=abc';
    const state = parseUrlState(search, ['en']);
    expect(state).toEqual({
      lang: 'zh',
      view: 'map',
      caseId: '1947-roswell-debris-recovery',
      filters: { q: '罗斯威尔', tranche: 'PURSUE-1', hasVideo: 'true' },
      offset: 40,
      cursor: 'abc',
    });
    expect(formatUrlState(state)).toBe(search);
  });

  it('leaves defaults and empty filters out, and ignores a bad view or offset', () => {
    const state = parseUrlState('?lang=en&view=nope&offset=-3&type=&year=1952', ['en']);
    expect(state).toMatchObject({ view: 'search', offset: 0, filters: { year: '1952' } });
    expect(formatUrlState(state)).toBe('?lang=en&year=1952');
  });
});
