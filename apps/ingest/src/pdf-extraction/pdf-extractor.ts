import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { CorpusFormatError, parseOcrText } from '@app/documents';
import { cleanPageText, type ExtractedPage, formatCorpusText } from './corpus-text.writer';
import { OCR_DPI, OCR_LANGUAGE, PdfTools, ToolTimeoutError } from './pdf-tools';

/**
 * Letters a text layer must hold, on a page with an image, to be taken as the page's text: fewer
 * is a stamp, a page number or a Bates number printed over a scan, and the scan is OCR'd instead.
 */
export const MIN_LETTERS_BESIDE_AN_IMAGE = 100;

const letters = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;

/** Whether a page is OCR'd: it has no text layer, or an image with only a few words of text layer over it. */
export function needsOcr(textLayer: string, hasImage: boolean): boolean {
  const count = letters(textLayer);
  return count === 0 || (hasImage && count < MIN_LETTERS_BESIDE_AN_IMAGE);
}

export interface ExtractOptions {
  pdfDir: string;
  outDir: string;
  /** Put before each PDF's path in `source_file` (its collection's folders, e.g. `War-Gov-PURSUE/release-07/documents/`). */
  sourcePrefix?: string;
  /** Progress, one line at a time. */
  log: (line: string) => void;
}

export interface ExtractReport {
  extracted: string[];
  /** Outputs already complete for the same SHA-256. */
  skipped: string[];
  failed: { file: string; message: string }[];
}

/** Every PDF under `dir`, as sorted relative paths with `/`. */
export async function listPdfs(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.pdf$/i.test(entry.name))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Whether `out` is a whole corpus file made from a PDF with this SHA-256 (a run stopped midway leaves only a .partial file). */
async function isComplete(out: string, sha256: string): Promise<boolean> {
  let content: string;
  try {
    content = await readFile(out, 'utf8');
  } catch {
    return false;
  }
  try {
    const { header, pages } = parseOcrText(out, content);
    return header.source_sha256 === sha256 && header.pages === pages.length;
  } catch (error) {
    if (error instanceof CorpusFormatError) return false;
    throw error;
  }
}

/**
 * `npm run documents:extract`: each PDF under pdfDir as a corpus text file at the same relative
 * path under outDir (`.pdf` -> `.txt`), which `ingest documents` reads as it reads the downloaded
 * corpus. Per page, the PDF's own text layer where it has one, else OCR. Resumable: an output that
 * is already whole for the same SHA-256 is skipped, and each output appears only once written.
 */
export async function extractPdfs(options: ExtractOptions, tools: PdfTools): Promise<ExtractReport> {
  const report: ExtractReport = { extracted: [], skipped: [], failed: [] };
  const files = await listPdfs(options.pdfDir);
  options.log(`found ${files.length} PDF(s) under ${options.pdfDir}`);
  let versions: { poppler: string; tesseract: string } | undefined;
  for (const [index, file] of files.entries()) {
    const where = `[${index + 1}/${files.length}] ${file}`;
    const pdf = join(options.pdfDir, file);
    const out = join(options.outDir, file.replace(/\.pdf$/i, '.txt'));
    try {
      const sha256 = await sha256Of(pdf);
      if (await isComplete(out, sha256)) {
        options.log(`${where}: already extracted (same SHA-256), skipped`);
        report.skipped.push(file);
        continue;
      }
      versions ??= await tools.versions();
      const pageCount = await tools.pageCount(pdf);
      const withImages = await tools.pagesWithImages(pdf);
      options.log(`${where}: ${pageCount} page(s)`);
      const pages: ExtractedPage[] = [];
      for (let page = 1; page <= pageCount; page++) {
        pages.push(await extractPage(tools, pdf, page, withImages.has(page)));
        const done = pages[pages.length - 1];
        options.log(`  page ${page}/${pageCount}: ${done.method}, ${done.text.length} characters${done.note ? ` (${done.note})` : ''}`);
      }
      const { size } = await stat(pdf);
      // The engine names the tools the pages were made with: tesseract only where a page was OCR'd.
      const ocr = pages.some((page) => page.method === 'ocr') ? ` + tesseract ${versions.tesseract} (${OCR_LANGUAGE}, ${OCR_DPI} dpi)` : '';
      const engine = `poppler pdftotext ${versions.poppler}${ocr}`;
      const text = formatCorpusText({ sourceFile: `${options.sourcePrefix ?? ''}${file}`, sha256, bytes: size, engine, pages });
      await mkdir(dirname(out), { recursive: true });
      await writeFile(`${out}.partial`, text);
      await rename(`${out}.partial`, out);
      report.extracted.push(file);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log(`${where}: failed: ${message}`);
      report.failed.push({ file, message });
    }
  }
  return report;
}

async function extractPage(tools: PdfTools, pdf: string, page: number, hasImage: boolean): Promise<ExtractedPage> {
  const layer = cleanPageText(await tools.textLayer(pdf, page));
  if (!needsOcr(layer, hasImage)) return { page, method: 'embedded-text', text: layer };
  try {
    const read = cleanPageText(await tools.ocr(pdf, page));
    // A stamp in the text layer over a scan OCR cannot read: the layer is then all the page says.
    return letters(read) >= letters(layer) ? { page, method: 'ocr', text: read } : { page, method: 'embedded-text', text: layer };
  } catch (error) {
    if (!(error instanceof ToolTimeoutError)) throw error;
    return { page, method: 'ocr', text: layer, note: 'page OCR timed out' };
  }
}
