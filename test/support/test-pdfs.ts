import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const run = promisify(execFile);
/** Letter size, in points. */
const WIDTH = 612;
const HEIGHT = 792;
/** The resolution a test "scan" is made at: a fair office scanner's. */
const SCAN_DPI = 150;

/** A page of text as a PDF's text layer would hold it: lines drawn in Helvetica. */
export type PageLines = string[];

/** A PDF whose pages carry their text as text (a text layer pdftotext reads). */
export async function textPdf(pages: PageLines[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([WIDTH, HEIGHT]);
    lines.forEach((line, index) => page.drawText(line, { x: 72, y: HEIGHT - 96 - index * 36, size: 22, font }));
  }
  return pdf.save();
}

/** A page as a scanner makes it: the text rendered to a picture (by Debian's pdftoppm), with no text layer. */
async function scannedPage(lines: PageLines): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'test-scan-'));
  try {
    await writeFile(join(dir, 'page.pdf'), await textPdf([lines]));
    await run('pdftoppm', ['-r', String(SCAN_DPI), '-png', '-singlefile', join(dir, 'page.pdf'), join(dir, 'page')]);
    return await readFile(join(dir, 'page.png'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A PDF of pages, each either text (a text layer) or scanned (an image of its text, nothing else). */
export async function pdfOf(pages: { lines: PageLines; scanned: boolean }[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const { lines, scanned } of pages) {
    const page = pdf.addPage([WIDTH, HEIGHT]);
    if (scanned) {
      const image = await pdf.embedPng(await scannedPage(lines));
      page.drawImage(image, { x: 0, y: 0, width: WIDTH, height: HEIGHT });
    } else {
      lines.forEach((line, index) => page.drawText(line, { x: 72, y: HEIGHT - 96 - index * 36, size: 22, font }));
    }
  }
  return pdf.save();
}
