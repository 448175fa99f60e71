import { mergePages, PageCitationIndex, parsePageCitations } from './page-citations';

describe('page citations', () => {
  it('reads the rows of the CSV: case, document and pages, sorted and without repeats', () => {
    const csv = [
      'case_id,document_id,pages,key_words',
      '1947-roswell-debris-recovery,nsa-ufo-doc-1,9;2;9,date|Roswell',
      '1948-navy-fifth-naval-district-flying-discs-memo,dow-uap-d086-usnavy-report-of-flying-discs-1948,2,"Norfolk, Virginia"',
      '',
    ].join('\n');
    expect(parsePageCitations(csv)).toEqual([
      { caseId: '1947-roswell-debris-recovery', documentId: 'nsa-ufo-doc-1', pages: [2, 9] },
      { caseId: '1948-navy-fifth-naval-district-flying-discs-memo', documentId: 'dow-uap-d086-usnavy-report-of-flying-discs-1948', pages: [2] },
    ]);
    expect(parsePageCitations('case_id,document_id,pages\n')).toEqual([]);
    expect(parsePageCitations('')).toEqual([]);
  });

  it('refuses a broken file rather than reading fewer citations', () => {
    expect(() => parsePageCitations('case_id,pages\na,2\n')).toThrow('page citations lack the column(s) document_id');
    expect(() => parsePageCitations('case_id,document_id,pages\na,d,2;x\n')).toThrow(
      'page citations line 2: "2;x" is not a list of pages such as 2;5',
    );
    expect(() => parsePageCitations('case_id,document_id,pages\na,d,1\na,d,0\n')).toThrow('page citations line 3: "0" is not a list of pages');
    expect(() => parsePageCitations('case_id,document_id,pages\n,d,1\n')).toThrow('page citations line 2: case_id and document_id must not be empty');
  });

  it('merges page lists into one sorted list', () => {
    expect(mergePages([5, 2], [2, 12], [])).toEqual([2, 5, 12]);
    expect(mergePages()).toEqual([]);
  });

  it("gives each document the cases citing its pages, a case's rows merged", () => {
    const index = new PageCitationIndex([
      { caseId: 'b-case', documentId: 'doc-1', pages: [4] },
      { caseId: 'a-case', documentId: 'doc-1', pages: [7, 3] },
      { caseId: 'b-case', documentId: 'doc-1', pages: [1, 4] },
      { caseId: 'a-case', documentId: 'doc-2', pages: [1] },
    ]);
    expect(index.casePagesOf('doc-1')).toEqual([
      { caseId: 'a-case', pages: [3, 7] },
      { caseId: 'b-case', pages: [1, 4] },
    ]);
    expect(index.casePagesOf('doc-3')).toEqual([]);
    expect(index.fingerprint).toBe('doc-1\ta-case\t3;7\ndoc-1\tb-case\t1;4\ndoc-2\ta-case\t1');
    expect(new PageCitationIndex([]).fingerprint).toBe('');
  });
});
