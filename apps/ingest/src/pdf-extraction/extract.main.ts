// `npm run documents:extract -- <pdf folder> <out folder> [--source-prefix War-Gov-PURSUE/release-07/documents/] [--timeout-seconds 300]`
import { parseArgs } from 'node:util';
import { extractPdfs } from './pdf-extractor';
import { PdfTools } from './pdf-tools';

const USAGE =
  'usage: npm run documents:extract -- <pdf folder> <out folder> [--source-prefix <collection path>/] [--timeout-seconds 300]\n' +
  "Writes one ufo-files-archive-ocr/v1 text file per PDF, at the same relative path under the out folder; needs Debian's " +
  'poppler-utils and tesseract-ocr. Run it again to resume: finished files with the same SHA-256 are skipped.';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'source-prefix': { type: 'string' },
      'timeout-seconds': { type: 'string', default: '300' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const timeout = Number(values['timeout-seconds']);
  if (positionals.length !== 2 || !Number.isInteger(timeout) || timeout < 1) {
    console.error(USAGE);
    return 2;
  }
  const [pdfDir, outDir] = positionals;
  const report = await extractPdfs(
    { pdfDir, outDir, sourcePrefix: values['source-prefix'], log: (line) => console.log(line) },
    new PdfTools(timeout * 1000),
  );
  console.log(`extracted ${report.extracted.length}, skipped ${report.skipped.length} (already complete), failed ${report.failed.length}`);
  return report.failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
