import { defaultPageCitationsPath } from './document-indexer';

describe('the page citations the documents ingest reads', () => {
  it('are document-pages.csv beside the cases, a folder or a file', () => {
    expect(defaultPageCitationsPath('data/cases')).toBe('data/document-pages.csv');
    expect(defaultPageCitationsPath('/tmp/x/cases.json')).toBe('/tmp/x/document-pages.csv');
  });
});
