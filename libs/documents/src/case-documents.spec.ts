import { caseCitations, caseDocumentLinks, caseLinkedDocumentsRequest } from './case-documents';

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

  it("merges the pages a case's sources name with the pages its page citations give it, and only its own", () => {
    const { pagesByKey } = caseCitations([
      {
        label: 'DOW-UAP-D086, pp. 3-4',
        url: 'https://www.war.gov/medialink/ufo/061226/release_03/documents/DOW-UAP-D086_USNavy-Report-of-Flying-Discs_1948.pdf',
      },
    ]);
    const documents = [
      {
        id: 'dow-uap-d086-usnavy-report-of-flying-discs-1948',
        title: 'DOW-UAP-D086',
        citationKeys: ['file:dow-uap-d086-usnavy-report-of-flying-discs-1948', 'fileid:dow-uap-d86'],
        casePages: [
          { caseId: '1948-navy-fifth-naval-district-flying-discs-memo', pages: [2, 4] },
          { caseId: 'another-case', pages: [9] },
        ],
      },
      { id: 'nsa-doc', title: 'NSA', citationKeys: [], casePages: [{ caseId: '1948-navy-fifth-naval-district-flying-discs-memo', pages: [7] }] },
    ];
    expect(caseDocumentLinks(documents, pagesByKey, '1948-navy-fifth-naval-district-flying-discs-memo')).toEqual([
      { id: 'dow-uap-d086-usnavy-report-of-flying-discs-1948', title: 'DOW-UAP-D086', pages: [2, 3, 4] },
      { id: 'nsa-doc', title: 'NSA', pages: [7] },
    ]);
    expect(caseDocumentLinks(documents, pagesByKey)).toEqual([
      { id: 'dow-uap-d086-usnavy-report-of-flying-discs-1948', title: 'DOW-UAP-D086', pages: [3, 4] },
      { id: 'nsa-doc', title: 'NSA', pages: [] },
    ]);
  });

  it('asks for the documents holding the keys or naming the case, one hit per document', () => {
    expect(caseLinkedDocumentsRequest('c1', ['naid:1'])).toEqual({
      size: 100,
      query: {
        bool: { filter: [{ bool: { should: [{ term: { caseIds: 'c1' } }, { terms: { citationKeys: ['naid:1'] } }], minimum_should_match: 1 } }] },
      },
      collapse: { field: 'documentId' },
      _source: ['documentId', 'title', 'citationKeys', 'casePages'],
      sort: [{ documentId: 'asc' }],
    });
    expect(caseLinkedDocumentsRequest('c1', []).query).toEqual({
      bool: { filter: [{ bool: { should: [{ term: { caseIds: 'c1' } }], minimum_should_match: 1 } }] },
    });
  });
});
