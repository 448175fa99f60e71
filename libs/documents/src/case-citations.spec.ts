import { CaseCitationIndex, citationOfSource, pagesNamedIn } from './case-citations';

describe('citationOfSource', () => {
  it('keys a war.gov file by its name and record id', () => {
    expect(citationOfSource({ url: 'https://www.war.gov/medialink/ufo/release_1/dow-uap-d7-mission-report-arabian-gulf-2020.pdf' })).toEqual({
      keys: ['file:dow-uap-d7-mission-report-arabian-gulf-2020', 'fileid:dow-uap-d7'],
      pages: [],
    });
  });

  it('keys a DVIDS video and a National Archives record by their ids', () => {
    expect(citationOfSource({ url: 'https://www.dvidshub.net/video/1006119' }).keys).toEqual(['dvids:1006119']);
    expect(citationOfSource({ url: 'https://catalog.archives.gov/id/28929264', label: 'Blue Book file, p. 2' })).toEqual({
      keys: ['naid:28929264'],
      pages: [2],
    });
  });

  it('ignores other sites and war.gov pages that are not files', () => {
    expect(citationOfSource({ url: 'https://www.war.gov/News/Releases/Release/Article/1/x/' }).keys).toEqual([]);
    expect(citationOfSource({ url: 'not a url' }).keys).toEqual([]);
  });
});

describe('pagesNamedIn', () => {
  it('reads single pages, ranges and lists', () => {
    expect(pagesNamedIn('memo, pp. 3-5 and 9')).toEqual([3, 4, 5, 9]);
    expect(pagesNamedIn('page 7')).toEqual([7]);
    expect(pagesNamedIn('pages 2–3, 10')).toEqual([2, 3, 10]);
    expect(pagesNamedIn('Section 008, 1947')).toEqual([]);
  });
});

describe('CaseCitationIndex', () => {
  it('finds the cases whose sources cite a file by any of its keys', () => {
    const index = new CaseCitationIndex([
      { id: 'b-case', sources: [{ url: 'https://www.war.gov/medialink/ufo/release_1/DOW-UAP-D007_Other-Name.pdf' }] },
      { id: 'a-case', sources: [{ url: 'https://www.war.gov/medialink/ufo/release_1/dow-uap-d7-mission-report-arabian-gulf-2020.pdf' }] },
      { id: 'c-case', sources: [{ url: 'https://www.dvidshub.net/video/1' }] },
      { id: 'd-case' },
    ]);
    expect(index.casesCiting(['file:dow-uap-d7-mission-report-arabian-gulf-2020', 'fileid:dow-uap-d7'])).toEqual(['a-case', 'b-case']);
    expect(index.casesCiting(['naid:1'])).toEqual([]);
  });
});
