import { isProjectBlueBook, locateCorpusFile, normalizedFileId, slugOf } from './document-ids';

describe('locateCorpusFile', () => {
  it.each([
    [
      'War-Gov-PURSUE/release-01/documents/059uap00011.txt',
      { id: '059uap00011', kind: 'document', collection: 'war-gov-pursue', release: 1, stem: '059uap00011' },
    ],
    [
      'War-Gov-PURSUE/release-01/videos/dod-111688723.tsv',
      { id: 'dod-111688723', kind: 'transcript', collection: 'war-gov-pursue', release: 1, stem: 'dod-111688723' },
    ],
    [
      'National-Archives-UAP-Bulk/documents/597821-pdfs-2/28929264.txt',
      { id: 'nara-28929264', kind: 'document', collection: 'national-archives-uap-bulk', stem: '28929264', naid: '28929264', ownNaid: true },
    ],
    [
      'National-Archives-UAP-Bulk/documents/493468579/493468579/576UAP0021.txt',
      {
        id: 'national-archives-uap-bulk-576uap0021',
        kind: 'document',
        collection: 'national-archives-uap-bulk',
        stem: '576UAP0021',
        naid: '493468579',
        ownNaid: false,
      },
    ],
    ['FBI-Vault-UFO/pdfs/ufo-part-01.txt', { id: 'fbi-vault-ufo-ufo-part-01', kind: 'document', collection: 'fbi-vault-ufo', stem: 'ufo-part-01' }],
  ])('%s', (path, expected) => {
    expect(locateCorpusFile(path)).toEqual(expected);
  });

  it('skips what is not a document', () => {
    expect(locateCorpusFile('README.md')).toBeNull();
    expect(locateCorpusFile('War-Gov-PURSUE/release-01/videos/dod-1.source.json')).toBeNull();
    expect(locateCorpusFile('loose.txt')).toBeNull();
  });
});

describe('names', () => {
  it('slugs a war.gov file name as the corpus does', () => {
    expect(slugOf("255_413270_UFO's_and_Defense_What_Should_we_Prepare_For.pdf")).toBe('255-413270-ufo-s-and-defense-what-should-we-prepare-for');
    expect(slugOf('18_100754_%20general%201946-7_vol_2.pdf')).toBe('18-100754-general-1946-7-vol-2');
    expect(slugOf('331_120752_numeric_files_1944–1945.pdf')).toBe('331-120752-numeric-files-1944-1945');
  });

  it('spells record ids one way', () => {
    expect(normalizedFileId('DOW-UAP-D007')).toBe('dow-uap-d7');
    expect(normalizedFileId('dow-uap-d7-mission-report-arabian-gulf-2020')).toBe('dow-uap-d7');
    expect(normalizedFileId('NASA-UAP-D003A_x.pdf')).toBe('nasa-uap-d3a');
    expect(normalizedFileId('CIA-UAP-002_Report.pdf')).toBe('cia-uap-2');
    expect(normalizedFileId('059uap00011')).toBeNull();
  });

  it('knows Blue Book by its folder', () => {
    expect(isProjectBlueBook('National-Archives-UAP-Bulk/documents/597821-pdfs-3/1.txt')).toBe(true);
    expect(isProjectBlueBook('National-Archives-UAP-Bulk/documents/733667/1.txt')).toBe(false);
  });
});
