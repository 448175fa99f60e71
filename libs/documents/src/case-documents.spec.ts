import { caseCitations, caseDocumentLinks } from './case-documents';

describe('case documents', () => {
  it("gathers the keys of a case's sources, with the pages each names, and gives each found document its pages", () => {
    const { keys, pagesByKey } = caseCitations([
      { label: 'DOW-UAP-D007, p. 2', url: 'https://www.war.gov/medialink/ufo/release_1/dow-uap-d7-mission-report-arabian-gulf-2020.pdf' },
      { label: 'Blue Book card', url: 'https://catalog.archives.gov/id/28900001' },
      { label: 'A news story', url: 'https://example.org/story' },
    ]);
    expect(keys).toEqual(['file:dow-uap-d7-mission-report-arabian-gulf-2020', 'fileid:dow-uap-d7', 'naid:28900001']);
    expect(
      caseDocumentLinks(
        [
          {
            id: 'dow-uap-d7-mission-report-arabian-gulf-2020',
            title: 'DOW-UAP-D007',
            citationKeys: ['file:dow-uap-d7-mission-report-arabian-gulf-2020', 'fileid:dow-uap-d7'],
          },
          { id: 'nara-28900001', title: 'Card', citationKeys: ['naid:28900001'] },
        ],
        pagesByKey,
      ),
    ).toEqual([
      { id: 'dow-uap-d7-mission-report-arabian-gulf-2020', title: 'DOW-UAP-D007', pages: [2] },
      { id: 'nara-28900001', title: 'Card', pages: [] },
    ]);
  });
});
