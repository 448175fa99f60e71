import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** A page's text or image can be large; execFile's default buffer (1 MB) is not a bound worth failing on. */
const MAX_BUFFER = 64 * 1024 * 1024;
/** The resolution pages are rendered at for OCR: tesseract reads typewritten pages best from about 300 dpi. */
export const OCR_DPI = 300;
/** The language tesseract reads (Debian's tesseract-ocr-eng); the government's files are in English. */
export const OCR_LANGUAGE = 'eng';

/** Thrown when a tool did not finish within its deadline; the page is then kept with a note. */
export class ToolTimeoutError extends Error {}

async function tool(command: string, args: string[], timeoutMs: number, env?: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run(command, args, { encoding: 'utf8', maxBuffer: MAX_BUFFER, timeout: timeoutMs, ...(env ? { env } : {}) });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { killed?: boolean; signal?: string; stderr?: string };
    if (failure.killed && failure.signal === 'SIGTERM') throw new ToolTimeoutError(`${command} did not finish in ${timeoutMs} ms`);
    if (failure.code === 'ENOENT') {
      throw new Error(
        `${command} is not installed: install Debian's poppler-utils and tesseract-ocr (apt-get install poppler-utils tesseract-ocr tesseract-ocr-eng)`,
      );
    }
    throw new Error(`${command} ${args.join(' ')} failed: ${(failure.stderr ?? failure.message).trim()}`);
  }
}

/**
 * Debian's PDF tools (poppler-utils: pdfinfo, pdftotext, pdfimages, pdftoppm) and OCR (tesseract),
 * each run as its own process through execFile: no shell, no PDF parsing of our own.
 */
export class PdfTools {
  constructor(private readonly timeoutMs: number) {}

  /** The tools' versions, for the header's `engine`. */
  async versions(): Promise<{ poppler: string; tesseract: string }> {
    // pdftotext -v prints its version on stderr; tesseract --version on stdout.
    const poppler = await tool('pdftotext', ['-v'], this.timeoutMs);
    const tesseract = await tool('tesseract', ['--version'], this.timeoutMs);
    const version = (text: string) => /\d+(?:\.\d+)+/.exec(text)?.[0] ?? 'unknown';
    return { poppler: version(poppler.stderr || poppler.stdout), tesseract: version(tesseract.stdout || tesseract.stderr) };
  }

  async pageCount(pdf: string): Promise<number> {
    const { stdout } = await tool('pdfinfo', [pdf], this.timeoutMs);
    const pages = /^Pages:\s+(\d+)/m.exec(stdout);
    if (!pages) throw new Error(`pdfinfo found no page count in ${pdf}`);
    return Number(pages[1]);
  }

  /** The pages that hold at least one image (a scan, a photograph), from pdfimages' list. */
  async pagesWithImages(pdf: string): Promise<Set<number>> {
    const { stdout } = await tool('pdfimages', ['-list', pdf], this.timeoutMs);
    // Two heading lines, then one line per image whose first column is its page.
    const pages = stdout
      .split('\n')
      .slice(2)
      .map((line) => Number(line.trim().split(/\s+/)[0]))
      .filter((page) => Number.isInteger(page) && page > 0);
    return new Set(pages);
  }

  /** The page's own text layer (empty when it has none). */
  async textLayer(pdf: string, page: number): Promise<string> {
    const { stdout } = await tool('pdftotext', ['-f', String(page), '-l', String(page), '-enc', 'UTF-8', pdf, '-'], this.timeoutMs);
    return stdout;
  }

  /** The page rendered at OCR_DPI and read by tesseract. */
  async ocr(pdf: string, page: number): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'documents-extract-'));
    try {
      const image = join(dir, 'page');
      await tool('pdftoppm', ['-f', String(page), '-l', String(page), '-r', String(OCR_DPI), '-png', '-singlefile', pdf, image], this.timeoutMs);
      // One OpenMP thread: tesseract's threads gain little on one page and contend with everything else on the machine.
      const { stdout } = await tool('tesseract', [`${image}.png`, 'stdout', '-l', OCR_LANGUAGE], this.timeoutMs, {
        ...process.env,
        OMP_THREAD_LIMIT: '1',
      });
      return stdout;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
