// `npm run documents:extract` as the operator runs it, on PDFs this test makes: one with a text
// layer, one scanned (an image of text only), one mixed. The words must land on their pages, each
// page saying how its text was made; a second run resumes; and `ingest documents` takes the output
// and the api finds the OCR'd words on the right page.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseOcrText } from '@app/documents';
import { request, RunningApi, startApi } from './support/archive-harness';
import { ingestDocuments } from './support/documents-harness';
import { pdfOf } from './support/test-pdfs';

const run = promisify(execFile);
const ROOT = join(__dirname, '..');
const ALIAS = 'e2e-documents-extract';
/** Where a new release's text goes in the corpus, as the download puts the earlier ones. */
const RELEASE = 'War-Gov-PURSUE/release-07/documents';

const TEXT = [
  { lines: ['MEMORANDUM FOR THE RECORD', 'Project Sign evaluation'], scanned: false },
  { lines: ['The second page names Lubbock'], scanned: false },
];
const SCANNED = [{ lines: ['WEATHER BALLOON RECOVERED', 'near Corona New Mexico'], scanned: true }];
const MIXED = [
  { lines: ['Cover letter from General Twining'], scanned: false },
  { lines: ['RADAR OPERATORS REPORTED', 'eight unidentified targets'], scanned: true },
];

let work: string;
let pdfs: string;
let corpus: string;
let out: string;
let api: RunningApi | undefined;

/** The extractor through npm, as the README shows it; its printed progress. */
async function extract(): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'documents:extract', '--', pdfs, out, '--source-prefix', `${RELEASE}/`], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

const outputOf = (name: string) => readFileSync(join(out, name), 'utf8');
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'documents-extract-'));
  pdfs = join(work, 'pdfs');
  corpus = join(work, 'corpus');
  out = join(corpus, RELEASE);
  mkdirSync(join(pdfs, 'scans'), { recursive: true });
  writeFileSync(join(pdfs, 'dow-uap-d900-text-layer.pdf'), await pdfOf(TEXT));
  writeFileSync(join(pdfs, 'scans', 'dow-uap-d901-scanned.pdf'), await pdfOf(SCANNED));
  writeFileSync(join(pdfs, 'dow-uap-d902-mixed.pdf'), await pdfOf(MIXED));
});

afterAll(async () => {
  await api?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('npm run documents:extract', () => {
  let progress: string;

  beforeAll(async () => {
    progress = await extract();
  });

  it('prints its progress, file by file and page by page', () => {
    expect(progress).toContain('found 3 PDF(s)');
    expect(progress).toContain('[3/3] scans/dow-uap-d901-scanned.pdf: 1 page(s)');
    expect(progress).toContain('  page 2/2: ocr,');
    expect(progress).toContain('extracted 3, skipped 0 (already complete), failed 0');
  });

  it("takes a text layer's words, page by page, as embedded text", () => {
    const { header, pages, method } = parseOcrText('text', outputOf('dow-uap-d900-text-layer.txt'));
    expect(method).toBe('embedded-text');
    expect(header).toMatchObject({
      source_file: `${RELEASE}/dow-uap-d900-text-layer.pdf`,
      source_sha256: sha256(join(pdfs, 'dow-uap-d900-text-layer.pdf')),
      source_bytes: statSync(join(pdfs, 'dow-uap-d900-text-layer.pdf')).size,
      pages: 2,
      engine_mode: 'embedded-text',
    });
    expect(header.engine).toMatch(/^poppler pdftotext \d/);
    expect(pages.map((page) => page.text)).toEqual(['MEMORANDUM FOR THE RECORD\nProject Sign evaluation', 'The second page names Lubbock']);
  });

  it('reads a scanned page by OCR, and says so', () => {
    const content = outputOf('scans/dow-uap-d901-scanned.txt');
    const { header, pages, method } = parseOcrText('scanned', content);
    expect(method).toBe('ocr');
    expect(header).toMatchObject({ pages: 1, engine_mode: 'ocr', source_sha256: sha256(join(pdfs, 'scans', 'dow-uap-d901-scanned.pdf')) });
    expect(header.engine).toMatch(/\+ tesseract \d.* \(eng, 300 dpi\)$/);
    expect(pages[0].text).toMatch(/WEATHER BALLOON RECOVERED/);
    expect(pages[0].text).toMatch(/Corona New Mexico/);
    expect(content).toContain('{"page":1,"method":"ocr"');
  });

  it('takes each page of a mixed file its own way, the words on their own pages', () => {
    const content = outputOf('dow-uap-d902-mixed.txt');
    const { header, pages } = parseOcrText('mixed', content);
    expect(header).toMatchObject({ pages: 2, engine_mode: 'mixed' });
    expect(content).toContain('{"page":1,"method":"embedded-text"');
    expect(content).toContain('{"page":2,"method":"ocr"');
    expect(pages[0].text).toBe('Cover letter from General Twining');
    expect(pages[0].text).not.toMatch(/RADAR/);
    expect(pages[1].text).toMatch(/RADAR OPERATORS REPORTED/);
    expect(pages[1].text).toMatch(/eight unidentified targets/);
  });

  it('resumes: skips what is complete for the same SHA-256, and redoes a changed PDF and a broken output', async () => {
    const untouched = statSync(join(out, 'dow-uap-d900-text-layer.txt')).mtimeMs;
    const again = await extract();
    expect(again).toContain('extracted 0, skipped 3 (already complete), failed 0');
    expect(statSync(join(out, 'dow-uap-d900-text-layer.txt')).mtimeMs).toBe(untouched);

    writeFileSync(join(pdfs, 'dow-uap-d900-text-layer.pdf'), await pdfOf([{ lines: ['A revised first page'], scanned: false }]));
    const broken = outputOf('dow-uap-d902-mixed.txt');
    writeFileSync(join(out, 'dow-uap-d902-mixed.txt'), broken.slice(0, broken.indexOf('===== PAGE 2 =====')));
    const third = await extract();
    expect(third).toContain('[1/3] dow-uap-d900-text-layer.pdf: 1 page(s)');
    expect(third).toContain('[2/3] dow-uap-d902-mixed.pdf: 2 page(s)');
    expect(third).toContain('[3/3] scans/dow-uap-d901-scanned.pdf: already extracted (same SHA-256), skipped');
    expect(third).toContain('extracted 2, skipped 1 (already complete), failed 0');
    expect(parseOcrText('text', outputOf('dow-uap-d900-text-layer.txt')).pages.map((page) => page.text)).toEqual(['A revised first page']);
    expect(parseOcrText('mixed', outputOf('dow-uap-d902-mixed.txt')).pages[1].text).toMatch(/RADAR OPERATORS/);
  });

  it('makes text that `ingest documents` indexes whole, and the api finds the OCR’d words on their page', async () => {
    const report = await ingestDocuments(ALIAS, corpus);
    expect(report).toMatchObject({ status: 'indexed', files: 3, documents: 3, pages: 4, problems: [] });
    api = await startApi({ DOCUMENTS_ALIAS: ALIAS });
    const { body } = await request(api.baseUrl, '/api/documents?q=radar%20operators');
    expect(body.documents.map((document: { id: string }) => document.id)).toEqual(['dow-uap-d902-mixed']);
    expect(body.documents[0]).toMatchObject({ textMethod: 'ocr', pageCount: 2, sourceFile: `${RELEASE}/dow-uap-d902-mixed.pdf` });
    expect(body.documents[0].pages.map((page: { page: number }) => page.page)).toEqual([2]);
    const scanned = await request(api.baseUrl, '/api/documents/dow-uap-d901-scanned');
    expect(scanned.body.document).toMatchObject({ textMethod: 'ocr', sha256: sha256(join(pdfs, 'scans', 'dow-uap-d901-scanned.pdf')) });
  });
});
