import { caseCiteUrl, documentCiteUrl, documentsQuery, documentsRequests, documentsUrl } from './documents-client';

describe('the documents requests', () => {
  it('sends q and the filters as given, trimmed, and leaves empty ones and a zero offset out', () => {
    expect(
      documentsQuery(' lubbock lights ', { collection: 'national-archives-uap-bulk', release: '', kind: 'document' }, { limit: 20, offset: 0 }),
    ).toEqual({
      q: 'lubbock lights',
      collection: 'national-archives-uap-bulk',
      kind: 'document',
      limit: 20,
    });
    expect(documentsUrl(documentsQuery('蓝皮书', { release: '1,2' }, { limit: 20, offset: 40 }))).toBe(
      '/api/documents?q=%E8%93%9D%E7%9A%AE%E4%B9%A6&release=1%2C2&limit=20&offset=40',
    );
  });

  it('counts the menus with nothing chosen on the page itself, and each chosen menu without its own choice', () => {
    expect(documentsRequests('disc', {}, 20, 0)).toEqual([{ q: 'disc', limit: 20, facets: 'collection,release,kind' }]);
    expect(documentsRequests('disc', { collection: 'fbi-vault-ufo', kind: 'document' }, 20, 20)).toEqual([
      { q: 'disc', collection: 'fbi-vault-ufo', kind: 'document', limit: 20, offset: 20, facets: 'release' },
      { q: 'disc', kind: 'document', limit: 1, facets: 'collection' },
      { q: 'disc', collection: 'fbi-vault-ufo', limit: 1, facets: 'kind' },
    ]);
  });

  it('links the citation endpoints of a page and of a case in each format', () => {
    expect(documentCiteUrl('nara-28900001', 2, 'bibtex')).toBe('/api/documents/nara-28900001/cite?page=2&format=bibtex');
    expect(documentCiteUrl('a b/c', 1, 'csl-json')).toBe('/api/documents/a%20b%2Fc/cite?page=1&format=csl-json');
    expect(caseCiteUrl('1947-roswell-debris-recovery', 'ris')).toBe('/api/cases/1947-roswell-debris-recovery/cite?format=ris');
  });
});
