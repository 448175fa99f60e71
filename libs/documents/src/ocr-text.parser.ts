import { CORPUS_SCHEMA, CorpusFormatError, type CorpusPage } from './corpus-document';

/** Line 1 of a text file: what the corpus says about the whole file. */
export interface OcrHeader {
  schema: string;
  source_file: string;
  source_sha256?: string;
  source_bytes?: number;
  /** 0 (or null) when the file holds the PDF's text without page markers. */
  pages?: number | null;
  engine?: string;
  engine_mode?: string;
  [key: string]: unknown;
}

export interface ParsedOcrText {
  header: OcrHeader;
  pages: CorpusPage[];
  /** `embedded-text` when every page (or the header) says so, else `ocr`. */
  method: 'ocr' | 'embedded-text';
}

const PAGE_MARKER = /^===== PAGE (\d+) =====$/;

/**
 * Parses one `ufo-files-archive-ocr/v1` file. Every defect throws a CorpusFormatError naming the
 * file and the line, so the ingest can skip the file and say why.
 */
export function parseOcrText(file: string, content: string): ParsedOcrText {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = parseHeader(file, lines[0] ?? '');
  const pages: CorpusPage[] = [];
  const methods = new Set<string>();
  let current: { page: number; lines: string[]; note?: string } | null = null;
  const preamble: string[] = [];

  for (let i = 1; i < lines.length; i++) {
    const marker = PAGE_MARKER.exec(lines[i]);
    if (marker) {
      if (current) pages.push(toPage(current));
      const page = Number(marker[1]);
      const expected = pages.length + 1;
      if (page !== expected) throw new CorpusFormatError(file, `line ${i + 1}: page ${page} where page ${expected} was expected`);
      const meta = parsePageMeta(file, i + 2, lines[i + 1]);
      if (meta.page !== undefined && meta.page !== page) {
        throw new CorpusFormatError(file, `line ${i + 2}: the page line says page ${String(meta.page)} under the marker of page ${page}`);
      }
      if (typeof meta.method === 'string') methods.add(meta.method);
      current = { page, lines: [], note: typeof meta.note === 'string' ? meta.note : undefined };
      i++;
    } else if (current) {
      current.lines.push(lines[i]);
    } else {
      preamble.push(lines[i]);
    }
  }
  if (current) pages.push(toPage(current));

  const declared = header.pages ?? 0;
  if (pages.length === 0) {
    // `pages: 0`: the PDF's embedded text, no markers; it is read as one page.
    if (declared > 0) throw new CorpusFormatError(file, `the header says ${declared} pages but the file has no page markers`);
    pages.push({ page: 1, text: preamble.join('\n').trim() });
  } else {
    if (preamble.join('').trim() !== '') throw new CorpusFormatError(file, 'text before the first page marker');
    if (declared > 0 && declared !== pages.length) {
      throw new CorpusFormatError(file, `the header says ${declared} pages but the file has ${pages.length}`);
    }
  }
  const embedded = header.engine_mode === 'embedded-text' || (methods.size > 0 && [...methods].every((m) => m === 'embedded-text'));
  return { header, pages, method: embedded ? 'embedded-text' : 'ocr' };
}

function parseHeader(file: string, line: string): OcrHeader {
  let header: unknown;
  try {
    header = JSON.parse(line);
  } catch {
    throw new CorpusFormatError(file, 'line 1 is not a JSON header');
  }
  if (typeof header !== 'object' || header === null || Array.isArray(header)) throw new CorpusFormatError(file, 'line 1 is not a JSON object');
  const h = header as Record<string, unknown>;
  if (h.schema !== CORPUS_SCHEMA) throw new CorpusFormatError(file, `the header's schema is ${JSON.stringify(h.schema)}, not ${CORPUS_SCHEMA}`);
  if (typeof h.source_file !== 'string' || h.source_file === '') throw new CorpusFormatError(file, 'the header has no source_file');
  if (h.pages !== undefined && h.pages !== null && !(Number.isInteger(h.pages) && (h.pages as number) >= 0)) {
    throw new CorpusFormatError(file, `the header's pages is ${JSON.stringify(h.pages)}, not a whole number`);
  }
  if (h.source_sha256 !== undefined && !(typeof h.source_sha256 === 'string' && /^[0-9a-f]{64}$/.test(h.source_sha256))) {
    throw new CorpusFormatError(file, "the header's source_sha256 is not 64 hex digits");
  }
  if (h.source_bytes !== undefined && !(Number.isInteger(h.source_bytes) && (h.source_bytes as number) >= 0)) {
    throw new CorpusFormatError(file, "the header's source_bytes is not a whole number");
  }
  return h as OcrHeader;
}

function parsePageMeta(file: string, lineNumber: number, line: string | undefined): Record<string, unknown> {
  let meta: unknown;
  try {
    meta = JSON.parse(line ?? '');
  } catch {
    throw new CorpusFormatError(file, `line ${lineNumber}: the page marker is not followed by a JSON line`);
  }
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta))
    throw new CorpusFormatError(file, `line ${lineNumber}: the page line is not a JSON object`);
  return meta as Record<string, unknown>;
}

function toPage({ page, lines, note }: { page: number; lines: string[]; note?: string }): CorpusPage {
  return { page, text: lines.join('\n').trim(), ...(note ? { note } : {}) };
}
