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
      documentFilters: {},
      documentId: undefined,
      page: undefined,
      offset: 40,
      cursor: 'abc',
    });
    expect(formatUrlState(state)).toBe(search);
  });

  it('leaves defaults and empty filters out, and ignores a bad view or offset', () => {
    const state = parseUrlState('?lang=en&view=nope&offset=-3&type=&dateFrom=1952', ['en']);
    expect(state).toMatchObject({ view: 'search', offset: 0, filters: { dateFrom: '1952' } });
    expect(formatUrlState(state)).toBe('?lang=en&dateFrom=1952');
  });

  it('keeps several values, a date range, a map area and an order', () => {
    const search = '?lang=en&type=military%2Cradar&dateFrom=1947&dateTo=1952-07&bbox=-130%2C20%2C-60%2C55&sort=oldest';
    const state = parseUrlState(search, ['en']);
    expect(state.filters).toEqual({ type: 'military,radar', dateFrom: '1947', dateTo: '1952-07', bbox: '-130,20,-60,55', sort: 'oldest' });
    expect(formatUrlState(state)).toBe(search);
  });

  it("reads an old year link as that year's range", () => {
    expect(parseUrlState('?lang=en&year=1952', ['en']).filters).toEqual({ dateFrom: '1952', dateTo: '1952' });
  });

  it('round-trips the documents view: its query, filters, and the page open in the reader', () => {
    const list = '?lang=zh&view=documents&q=%E8%93%9D%E7%9A%AE%E4%B9%A6&collection=national-archives-uap-bulk&release=1%2C2&kind=document&offset=20';
    const state = parseUrlState(list, ['en']);
    expect(state).toMatchObject({
      view: 'documents',
      filters: { q: '蓝皮书' },
      documentFilters: { collection: 'national-archives-uap-bulk', release: '1,2', kind: 'document' },
      documentId: undefined,
      page: undefined,
      offset: 20,
    });
    expect(formatUrlState(state)).toBe(list);

    const reader = '?lang=en&view=documents&q=lights&doc=nara-28900001&page=2';
    expect(parseUrlState(reader, ['en'])).toMatchObject({ documentId: 'nara-28900001', page: 2 });
    expect(formatUrlState(parseUrlState(reader, ['en']))).toBe(reader);
  });

  it('opens page 1 of a document when the link gives no usable page, and ignores a page without a document', () => {
    expect(parseUrlState('?lang=en&view=documents&doc=nara-28900001&page=0', ['en']).page).toBe(1);
    expect(parseUrlState('?lang=en&view=documents&doc=nara-28900001&page=x', ['en']).page).toBe(1);
    expect(formatUrlState(parseUrlState('?lang=en&view=documents&doc=nara-28900001', ['en']))).toBe(
      '?lang=en&view=documents&doc=nara-28900001&page=1',
    );
    const stray = parseUrlState('?lang=en&view=documents&page=3', ['en']);
    expect(stray.page).toBeUndefined();
    expect(formatUrlState(stray)).toBe('?lang=en&view=documents');
  });
});
