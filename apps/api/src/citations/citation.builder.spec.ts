import type { CaseRecord } from '@app/cases';
import type { DocumentFacts } from '@app/documents';
import { caseCitation, documentCitation, formatCitation } from './citation.builder';

const context = { baseUrl: 'https://archive.test', archiveName: 'UAP Case Archive', now: new Date('2026-11-27T23:59:00Z') };
const facts: DocumentFacts = {
  id: 'nara-28900001',
  kind: 'document',
  title: 'Project Blue Book record card: 25 August 1951, Lubbock, Texas',
  collection: 'national-archives-uap-bulk',
  agency: 'US Air Force (Project Blue Book)',
  date: '1951-08',
  pageCount: 3,
  caseIds: [],
  governmentUrl: 'https://catalog.archives.gov/id/28900001',
  sourceFile: 'National-Archives-UAP-Bulk/documents/597821-pdfs-1/28900001.pdf',
  textMethod: 'ocr',
};

describe('documentCitation', () => {
  it('cites a page: the agency as one name, the page, its archive URL, the government URL and the day in UTC', () => {
    expect(documentCitation(facts, 2, context)).toEqual({
      id: 'nara-28900001-page-2',
      type: 'document',
      title: 'Project Blue Book record card: 25 August 1951, Lubbock, Texas',
      author: [{ literal: 'US Air Force (Project Blue Book)' }],
      issued: { 'date-parts': [[1951, 8]] },
      accessed: { 'date-parts': [[2026, 11, 27]] },
      page: '2',
      'collection-title': 'National Archives',
      archive: 'UAP Case Archive',
      URL: 'https://archive.test/api/documents/nara-28900001/pages/2',
      note: "Government's file: https://catalog.archives.gov/id/28900001. Accessed 2026-11-27. Text made by machine (OCR).",
    });
  });

  it('cites the whole document with its page count, and leaves out a date it does not know', () => {
    const { date, ...undated } = facts;
    void date;
    const item = documentCitation({ ...undated, textMethod: 'embedded-text' }, undefined, context);
    expect(item).toMatchObject({ id: 'nara-28900001', 'number-of-pages': '3', URL: 'https://archive.test/api/documents/nara-28900001' });
    expect(item).not.toHaveProperty('issued');
    expect(item).not.toHaveProperty('page');
    expect(item.note).toContain("the PDF's own text layer");
  });
});

describe('caseCitation', () => {
  const record = {
    id: '1952-lubbock-lights',
    title: { en: 'Lubbock Lights', zh: '拉伯克之光' },
    specs: [{ label: { en: 'Agency', zh: '发布机构' }, value: { en: 'U.S. Air Force (Project Blue Book)', zh: '美国空军' } }],
    sources: [
      { label: 'Record card', url: 'https://catalog.archives.gov/id/1' },
      { label: 'Report', url: 'https://www.war.gov/a.pdf' },
    ],
  } as unknown as CaseRecord;

  it('names the case agency, its English title, its archive URL and every source', () => {
    expect(caseCitation(record, context)).toEqual({
      id: '1952-lubbock-lights',
      type: 'document',
      title: 'Lubbock Lights',
      author: [{ literal: 'U.S. Air Force (Project Blue Book)' }],
      accessed: { 'date-parts': [[2026, 11, 27]] },
      archive: 'UAP Case Archive',
      URL: 'https://archive.test/api/cases/1952-lubbock-lights',
      note: 'Sources: https://catalog.archives.gov/id/1 ; https://www.war.gov/a.pdf. Accessed 2026-11-27.',
      language: 'en',
    });
  });
});

describe('formatCitation', () => {
  const item = documentCitation({ ...facts, governmentUrl: `https://www.war.gov/medialink/ufo/release_1/${'x'.repeat(60)}.pdf` }, 1, context);

  it('writes RIS with every value on one line, however long', () => {
    const ris = formatCitation(item, 'ris');
    expect(ris.startsWith('TY  - GEN\n')).toBe(true);
    expect(ris.endsWith('ER  - \n')).toBe(true);
    expect(ris.split('\n').every((line) => line === '' || /^[A-Z][A-Z0-9] {2}- /.test(line))).toBe(true);
    expect(ris).toContain(`N1  - ${item.note}`);
    expect(ris).toContain('Y2  - 2026/11/27/');
  });

  it('writes BibTeX and CSL-JSON', () => {
    expect(formatCitation(item, 'bibtex')).toMatch(/^@misc\{[^,]+,\n/);
    expect(JSON.parse(formatCitation(item, 'csl-json'))).toEqual([item]);
  });
});
