import { CORPUS_SCHEMA } from '@app/documents';

/** How a page's text was made, in the corpus's words. */
export type PageMethod = 'embedded-text' | 'ocr';

export interface ExtractedPage {
  page: number;
  method: PageMethod;
  text: string;
  /** Why the page has little or no text (e.g. its OCR timed out), as the corpus notes it. */
  note?: string;
}

export interface ExtractedDocument {
  /** The PDF's path as the corpus names it (its collection's folders, then the file). */
  sourceFile: string;
  sha256: string;
  bytes: number;
  /** The tools, e.g. `poppler pdftotext 22.12.0 + tesseract 5.3.0 (eng, 300 dpi)`. */
  engine: string;
  pages: ExtractedPage[];
}

/** Form feeds end pdftotext's pages; trailing blanks carry nothing. */
export function cleanPageText(text: string): string {
  return text
    .replace(/\f/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

/** Words of two or more letters: the corpus's measure of how much a page says. */
export function alphaWords(text: string): number {
  return text.match(/\p{L}{2,}/gu)?.length ?? 0;
}

/** `embedded-text` or `ocr` when every page was made so, `mixed` otherwise (a reader then calls the file OCR). */
function engineMode(pages: ExtractedPage[]): string {
  const methods = new Set(pages.map((page) => page.method));
  return methods.size === 1 ? [...methods][0] : 'mixed';
}

/**
 * The document as one `ufo-files-archive-ocr/v1` file (see shared/documents/README.md and
 * libs/documents' parseOcrText): a JSON header line, then per page its marker, a JSON line about
 * the page, and its text. A page's text never holds a line that reads as a marker.
 */
export function formatCorpusText(document: ExtractedDocument): string {
  const header = {
    schema: CORPUS_SCHEMA,
    source_file: document.sourceFile,
    source_sha256: document.sha256,
    source_bytes: document.bytes,
    pages: document.pages.length,
    engine: document.engine,
    engine_mode: engineMode(document.pages),
  };
  const lines = [JSON.stringify(header), ''];
  for (const page of document.pages) {
    const text = page.text.replace(/^(=====) (PAGE \d+ =====)$/gm, '$1  $2');
    lines.push(
      `===== PAGE ${page.page} =====`,
      JSON.stringify({
        page: page.page,
        method: page.method,
        chars: text.length,
        alpha_words: alphaWords(text),
        ...(page.note ? { note: page.note } : {}),
      }),
      text,
    );
  }
  return `${lines.join('\n')}\n`;
}
