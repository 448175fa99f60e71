#!/usr/bin/env node
// Gets the government-document corpus (docs/documents.md#getting-the-corpus) from its public sources
// into a local folder: every file named in data/sources/documents-corpus.manifest.csv, fetched from
// its repository at the commit the manifest names, checked against the SHA-256 and size the manifest
// gives, and only then moved into place. A file already there with the right checksum is skipped,
// so running it again resumes where it stopped. Exits 1 if any file could not be had.
//
//   npm run documents:download -- <folder> [--base-url URL] [--concurrency N] [--retries N] [--manifest FILE]
//
// --base-url replaces https://raw.githubusercontent.com (a mirror, or the tests' loopback server);
// each file is read from <base-url>/<owner>/<repo>/<commit>/<path there>.
import { createHash } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_MANIFEST = join(ROOT, 'data', 'sources', 'documents-corpus.manifest.csv');
export const DEFAULT_BASE_URL = 'https://raw.githubusercontent.com';
export const MANIFEST_COLUMNS = ['path', 'repo', 'commit', 'source_path', 'form', 'sha256', 'bytes'];
/** How a file is made from its source: `copy` as it is; `wrapped` its text under the corpus's header and one page block. */
const FORMS = new Set(['copy', 'wrapped']);
/** The corpus format's name, written into a rebuilt Release 06 header. */
const SCHEMA = 'ufo-files-archive-ocr/v1';
/** The engine the corpus's Release 06 headers name. */
const WRAPPED_ENGINE = 'tesseract (nadaval56/UFO data/text)';

/** The manifest's rows, checked: one per corpus file, each a relative path inside the folder. */
export function parseManifest(text) {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.shift() !== MANIFEST_COLUMNS.join(',')) throw new Error(`the manifest's first line must be ${MANIFEST_COLUMNS.join(',')}`);
  return lines.map((line, i) => {
    const cells = line.split(',');
    if (cells.length !== MANIFEST_COLUMNS.length || line.includes('"'))
      throw new Error(`manifest line ${i + 2}: expected ${MANIFEST_COLUMNS.length} plain cells: ${line}`);
    const row = Object.fromEntries(MANIFEST_COLUMNS.map((column, j) => [column, cells[j]]));
    const path = normalize(row.path);
    if (isAbsolute(row.path) || path.startsWith('..') || path !== row.path.split('/').join(sep)) {
      throw new Error(`manifest line ${i + 2}: ${row.path} is not a plain relative path`);
    }
    if (!/^[\w.-]+\/[\w.-]+$/.test(row.repo) || !/^[0-9a-f]{7,40}$/.test(row.commit)) throw new Error(`manifest line ${i + 2}: bad repo or commit`);
    if (!FORMS.has(row.form)) throw new Error(`manifest line ${i + 2}: form must be one of ${[...FORMS].join(', ')}`);
    if (!/^[0-9a-f]{64}$/.test(row.sha256) || !/^\d+$/.test(row.bytes)) throw new Error(`manifest line ${i + 2}: bad sha256 or bytes`);
    return { ...row, sourcePath: row.source_path || row.path, bytes: Number(row.bytes) };
  });
}

/** The raw-file URL of an entry: <base>/<owner>/<repo>/<commit>/<path there>, each path segment escaped. */
export function sourceUrl(baseUrl, entry) {
  const path = entry.sourcePath.split('/').map(encodeURIComponent).join('/');
  return `${baseUrl.replace(/\/+$/, '')}/${entry.repo}/${entry.commit}/${path}`;
}

/** Python's json.dumps with sorted keys: the spacing the corpus's header lines use. */
function jsonLine(object) {
  return `{${Object.keys(object)
    .sort()
    .map((key) => `${JSON.stringify(key)}: ${JSON.stringify(object[key])}`)
    .join(', ')}}`;
}

/**
 * The corpus file made from a `wrapped` entry's source text: the header naming where the text came
 * from, one page block (the source marks no page breaks), and the text ending in one newline.
 */
export function wrapSourceText(entry, text) {
  const header = jsonLine({
    engine: WRAPPED_ENGINE,
    pages: null,
    schema: SCHEMA,
    source_commit: entry.commit,
    source_file: entry.path.replace(/\.txt$/, '.pdf'),
    source_path: entry.sourcePath,
    source_repo: entry.repo,
  });
  const page = jsonLine({ method: 'ocr', note: 'pages not marked in source', page: 1 });
  return Buffer.from(`${header}\n\n===== PAGE 1 =====\n${page}\n${text.replace(/\n+$/, '')}\n`, 'utf8');
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** Whether the file is already in the folder with the manifest's size and SHA-256. */
async function alreadyThere(target, entry) {
  if (!existsSync(target)) return false;
  const bytes = await readFile(target);
  return bytes.length === entry.bytes && sha256(bytes) === entry.sha256;
}

class Permanent extends Error {}

/** One file: fetched (retrying a dropped connection or a server error), made, checked, then moved into place. */
async function downloadOne(entry, target, options) {
  const url = sourceUrl(options.baseUrl, entry);
  let lastError;
  for (let attempt = 1; attempt <= options.retries + 1; attempt++) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
      if (!response.ok) {
        const message = `HTTP ${response.status} from ${url}`;
        if (response.status >= 500 || response.status === 429) throw new Error(message);
        throw new Permanent(message);
      }
      const raw = Buffer.from(await response.arrayBuffer());
      const bytes = entry.form === 'wrapped' ? wrapSourceText(entry, raw.toString('utf8')) : raw;
      const digest = sha256(bytes);
      if (bytes.length !== entry.bytes || digest !== entry.sha256) {
        throw new Permanent(
          `checksum mismatch: got ${bytes.length} bytes, SHA-256 ${digest}; the manifest says ${entry.bytes} bytes, ${entry.sha256}` +
            (entry.form === 'wrapped' ? ' (rebuilt from its source text: see docs/documents.md#getting-the-corpus)' : ''),
        );
      }
      const temporary = `${target}.download`;
      await mkdir(dirname(target), { recursive: true });
      await writeFile(temporary, bytes);
      await rename(temporary, target);
      return;
    } catch (error) {
      if (error instanceof Permanent) throw error;
      lastError = error;
      if (attempt <= options.retries) await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs * attempt));
    }
  }
  const cause = lastError?.cause?.message ?? lastError?.cause?.code;
  throw new Error(`${lastError?.message ?? lastError}${cause ? ` (${cause})` : ''}, after ${options.retries + 1} attempts`);
}

/** Gets every manifest entry into `folder`; returns the counts and the failures. */
export async function downloadCorpus(folder, entries, options, log = (line) => process.stderr.write(`${line}\n`)) {
  const summary = { downloaded: 0, alreadyThere: 0, failed: [] };
  let done = 0;
  let next = 0;
  const step = Math.max(1, Math.ceil(entries.length / 20));
  const progress = () => {
    done++;
    if (done % step === 0 || done === entries.length) {
      log(
        `  ${done}/${entries.length} files (${summary.downloaded} downloaded, ${summary.alreadyThere} already there, ${summary.failed.length} failed)`,
      );
    }
  };
  const worker = async () => {
    while (next < entries.length) {
      const entry = entries[next++];
      const target = join(folder, entry.path);
      try {
        if (await alreadyThere(target, entry)) {
          summary.alreadyThere++;
        } else {
          await downloadOne(entry, target, options);
          summary.downloaded++;
        }
      } catch (error) {
        await rm(`${target}.download`, { force: true });
        summary.failed.push({ path: entry.path, reason: error.message });
        log(`  failed: ${entry.path}: ${error.message}`);
      }
      progress();
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, entries.length) }, worker));
  return summary;
}

async function main() {
  const usage = 'usage: npm run documents:download -- <folder> [--base-url URL] [--concurrency N] [--retries N] [--manifest FILE]';
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        'base-url': { type: 'string', default: DEFAULT_BASE_URL },
        concurrency: { type: 'string', default: '8' },
        retries: { type: 'string', default: '3' },
        manifest: { type: 'string', default: DEFAULT_MANIFEST },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    console.error(`${error.message}\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const concurrency = Number(values.concurrency);
  const retries = Number(values.retries);
  if (positionals.length !== 1 || !Number.isInteger(concurrency) || concurrency < 1 || !Number.isInteger(retries) || retries < 0) {
    console.error(usage);
    return 2;
  }
  const folder = positionals[0];
  const entries = parseManifest(await readFile(values.manifest, 'utf8'));
  console.error(`Getting ${entries.length} corpus files into ${folder} from ${values['base-url']} (${concurrency} at a time)`);
  const summary = await downloadCorpus(folder, entries, { baseUrl: values['base-url'], concurrency, retries, retryDelayMs: 500, timeoutMs: 120_000 });
  console.log(
    `Downloaded ${summary.downloaded}, already there ${summary.alreadyThere}, failed ${summary.failed.length} (of ${entries.length} files in ${folder})`,
  );
  for (const failure of summary.failed) console.log(`  failed: ${failure.path}: ${failure.reason}`);
  return summary.failed.length > 0 ? 1 : 0;
}

// Run as a command (not imported): compared as real paths, so a symlinked checkout still runs it.
if (process.argv[1] && realpathSync(fileURLToPath(import.meta.url)) === realpathSync(process.argv[1])) {
  process.exitCode = await main().catch((error) => {
    console.error(`documents:download: ${error.message}`);
    return 2;
  });
}
