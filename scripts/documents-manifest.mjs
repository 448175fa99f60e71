#!/usr/bin/env node
// Writes data/sources/documents-corpus.manifest.csv, the list `npm run documents:download` reads,
// from a corpus folder and nothing else (docs/documents.md#getting-the-corpus): one row per file but
// the folder's README.md, with the SHA-256 and size the file has there and where it comes from.
// A Release 06 text names its own source in its header (source_repo, source_commit, source_path) and
// must be exactly the wrapped form the download rebuilds; every other file comes, at the same path,
// from the repository and commit the corpus README names (--repo, --commit).
//
//   node scripts/documents-manifest.mjs <corpus folder> --commit <full hash> [--repo owner/name] > data/sources/documents-corpus.manifest.csv
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { MANIFEST_COLUMNS, wrapSourceText } from './documents-download.mjs';

/** The corpus's files, as sorted paths relative to its folder, with `/` separators. */
function listFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .filter((path) => path !== 'README.md')
    .sort();
}

/** The manifest's text for the corpus in `dir`; throws naming a file whose origin it cannot state. */
export function buildManifest(dir, { repo, commit }) {
  const rows = listFiles(dir).map((path) => {
    const bytes = readFileSync(join(dir, path));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    let header = {};
    if (path.endsWith('.txt')) {
      try {
        header = JSON.parse(bytes.subarray(0, bytes.indexOf('\n')).toString('utf8'));
      } catch {
        header = {};
      }
    }
    if (header.source_repo === undefined && header.source_commit === undefined && header.source_path === undefined) {
      return [path, repo, commit, '', 'copy', sha256, bytes.length];
    }
    const entry = { path, repo: header.source_repo, commit: header.source_commit, sourcePath: header.source_path };
    const text = bytes.toString('utf8');
    const page = text.indexOf('"page": 1}\n');
    if (page < 0 || !wrapSourceText(entry, text.slice(page + '"page": 1}\n'.length)).equals(bytes)) {
      throw new Error(`${path} names its source in its header but is not in the form the download rebuilds: its origin cannot be stated`);
    }
    return [path, entry.repo, entry.commit, entry.sourcePath, 'wrapped', sha256, bytes.length];
  });
  return [MANIFEST_COLUMNS.join(','), ...rows.map((row) => row.join(',')), ''].join('\n');
}

if (process.argv[1] && realpathSync(fileURLToPath(import.meta.url)) === realpathSync(process.argv[1])) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { repo: { type: 'string', default: 'ufo-files/machine-data' }, commit: { type: 'string' } },
  });
  if (positionals.length !== 1 || !values.commit) {
    console.error('usage: node scripts/documents-manifest.mjs <corpus folder> --commit <full hash> [--repo owner/name]');
    process.exitCode = 2;
  } else {
    process.stdout.write(buildManifest(positionals[0], { repo: values.repo, commit: values.commit }));
  }
}
