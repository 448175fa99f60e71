import { parseOcrText } from '@app/documents';
import { alphaWords, cleanPageText, formatCorpusText } from './corpus-text.writer';
import { needsOcr } from './pdf-extractor';

const document = {
  sourceFile: 'War-Gov-PURSUE/release-07/documents/memo.pdf',
  sha256: 'a'.repeat(64),
  bytes: 1234,
  engine: 'poppler pdftotext 22.12.0 + tesseract 5.3.0 (eng, 300 dpi)',
  pages: [
    { page: 1, method: 'embedded-text' as const, text: 'MEMORANDUM FOR THE RECORD' },
    { page: 2, method: 'ocr' as const, text: 'Radar operators reported\n===== PAGE 3 =====\neight targets' },
    { page: 3, method: 'ocr' as const, text: '', note: 'page OCR timed out' },
  ],
};

describe('formatCorpusText', () => {
  it('writes the header, and per page its marker, its facts and its text, in the corpus format', () => {
    const text = formatCorpusText(document);
    expect(text.split('\n').slice(0, 5)).toEqual([
      JSON.stringify({
        schema: 'ufo-files-archive-ocr/v1',
        source_file: 'War-Gov-PURSUE/release-07/documents/memo.pdf',
        source_sha256: 'a'.repeat(64),
        source_bytes: 1234,
        pages: 3,
        engine: 'poppler pdftotext 22.12.0 + tesseract 5.3.0 (eng, 300 dpi)',
        engine_mode: 'mixed',
      }),
      '',
      '===== PAGE 1 =====',
      JSON.stringify({ page: 1, method: 'embedded-text', chars: 25, alpha_words: 4 }),
      'MEMORANDUM FOR THE RECORD',
    ]);
  });

  it('is read back by the ingest’s own parser, page for page, a marker-like line in a page kept inside it', () => {
    const parsed = parseOcrText('memo.txt', formatCorpusText(document));
    expect(parsed.method).toBe('ocr');
    expect(parsed.header).toMatchObject({ source_sha256: 'a'.repeat(64), source_bytes: 1234, pages: 3 });
    expect(parsed.pages).toEqual([
      { page: 1, text: 'MEMORANDUM FOR THE RECORD' },
      { page: 2, text: 'Radar operators reported\n=====  PAGE 3 =====\neight targets' },
      { page: 3, text: '', note: 'page OCR timed out' },
    ]);
  });

  it('calls a file of text-layer pages embedded-text, as the parser reads it', () => {
    const embedded = formatCorpusText({ ...document, pages: [document.pages[0]] });
    expect(parseOcrText('memo.txt', embedded).method).toBe('embedded-text');
  });
});

describe('page text', () => {
  it('drops form feeds and trailing blanks, and counts words of letters', () => {
    expect(cleanPageText('  Line one   \nLine two\f\n\n')).toBe('Line one\nLine two');
    expect(alphaWords('A 1947 memo, re: flying discs')).toBe(4);
  });

  it('is OCR’d without a text layer, or with only a stamp over an image', () => {
    expect(needsOcr('', false)).toBe(true);
    expect(needsOcr('12', true)).toBe(true);
    expect(needsOcr('UNCLASSIFIED', true)).toBe(true);
    expect(needsOcr('UNCLASSIFIED', false)).toBe(false);
    expect(needsOcr('A full page of typed words. '.repeat(10), true)).toBe(false);
  });
});
