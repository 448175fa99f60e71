import { CorpusFormatError } from './corpus-document';
import { parseOcrText } from './ocr-text.parser';

const header = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ schema: 'ufo-files-archive-ocr/v1', source_file: 'A/b.pdf', source_sha256: 'f'.repeat(64), source_bytes: 10, pages: 2, ...extra });

function problemOf(content: string): string {
  try {
    parseOcrText('A/b.txt', content);
  } catch (error) {
    expect(error).toBeInstanceOf(CorpusFormatError);
    return (error as Error).message;
  }
  throw new Error('expected a CorpusFormatError');
}

describe('parseOcrText', () => {
  it('reads the header and every page block with its text and note', () => {
    const content = [
      header(),
      '',
      '===== PAGE 1 =====',
      '{"page": 1, "method": "ocr", "chars": 11}',
      'First page.',
      '===== PAGE 2 =====',
      '{"page": 2, "method": "ocr", "note": "page OCR timed out"}',
      '',
    ].join('\n');
    expect(parseOcrText('A/b.txt', content)).toEqual({
      header: { schema: 'ufo-files-archive-ocr/v1', source_file: 'A/b.pdf', source_sha256: 'f'.repeat(64), source_bytes: 10, pages: 2 },
      pages: [
        { page: 1, text: 'First page.' },
        { page: 2, text: '', note: 'page OCR timed out' },
      ],
      method: 'ocr',
    });
  });

  it('reads a `pages: 0` file without markers as one page of embedded text', () => {
    const content = [header({ pages: 0, engine_mode: 'embedded-text' }), '', 'Line one.', 'Line two.', ''].join('\n');
    expect(parseOcrText('A/b.txt', content)).toMatchObject({ pages: [{ page: 1, text: 'Line one.\nLine two.' }], method: 'embedded-text' });
  });

  it('takes `pages: null` (release 06) with one marked block', () => {
    const content = [header({ pages: null }), '', '===== PAGE 1 =====', '{"page": 1, "method": "ocr"}', 'All of it.'].join('\n');
    expect(parseOcrText('A/b.txt', content).pages).toEqual([{ page: 1, text: 'All of it.' }]);
  });

  it('calls a file embedded-text when every page says so', () => {
    const content = [header({ pages: 1 }), '===== PAGE 1 =====', '{"page": 1, "method": "embedded-text"}', 'Typed.'].join('\n');
    expect(parseOcrText('A/b.txt', content).method).toBe('embedded-text');
  });

  it.each([
    ['not json', 'A/b.txt: line 1 is not a JSON header'],
    ['[1]', 'A/b.txt: line 1 is not a JSON object'],
    ['{"schema": "other/v2", "source_file": "x.pdf"}', 'A/b.txt: the header\'s schema is "other/v2", not ufo-files-archive-ocr/v1'],
    ['{"schema": "ufo-files-archive-ocr/v1"}', 'A/b.txt: the header has no source_file'],
    ['{"schema": "ufo-files-archive-ocr/v1", "source_file": "x.pdf", "pages": -1}', "A/b.txt: the header's pages is -1, not a whole number"],
    [
      '{"schema": "ufo-files-archive-ocr/v1", "source_file": "x.pdf", "source_sha256": "xyz"}',
      "A/b.txt: the header's source_sha256 is not 64 hex digits",
    ],
  ])('names the file and the defect of header %s', (line, message) => {
    expect(problemOf(`${line}\n`)).toBe(message);
  });

  it('names a page block out of order, a page line that is not JSON or disagrees, and a page count that does not match', () => {
    expect(problemOf([header(), '===== PAGE 2 =====', '{"page": 2}'].join('\n'))).toBe('A/b.txt: line 2: page 2 where page 1 was expected');
    expect(problemOf([header(), '===== PAGE 1 =====', 'text'].join('\n'))).toBe('A/b.txt: line 3: the page marker is not followed by a JSON line');
    expect(problemOf([header(), '===== PAGE 1 =====', '{"page": 3}'].join('\n'))).toBe(
      'A/b.txt: line 3: the page line says page 3 under the marker of page 1',
    );
    expect(problemOf([header(), '===== PAGE 1 =====', '{"page": 1}', 'x'].join('\n'))).toBe('A/b.txt: the header says 2 pages but the file has 1');
    expect(problemOf([header(), 'stray', '===== PAGE 1 =====', '{"page": 1}'].join('\n'))).toBe('A/b.txt: text before the first page marker');
    expect(problemOf([header({ pages: 3 }), 'no markers'].join('\n'))).toBe('A/b.txt: the header says 3 pages but the file has no page markers');
  });
});
