// `npm run documents:download` (scripts/documents-download.mjs), run as a user runs it, against a
// loopback server standing in for raw.githubusercontent.com and serving a small hand-written slice of
// the corpus (test/fixtures/documents plus one Release 06 text); and the committed manifest checked
// against the corpus itself when DOCUMENTS_DIR is set, so it cannot drift from the files.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { loadEnvironment } from '@app/config';

const ROOT = join(__dirname, '..');
const SCRIPT = join(__dirname, 'documents-download.mjs');
const MANIFEST_SCRIPT = join(__dirname, 'documents-manifest.mjs');
const CORPUS_COMMIT = 'c4f9fe00fb6f7523e2e6f5f1353fec95c46df426';
const FIXTURES = join(ROOT, 'test', 'fixtures', 'documents');
const MANIFEST = join(ROOT, 'data', 'sources', 'documents-corpus.manifest.csv');
const COLUMNS = 'path,repo,commit,source_path,form,sha256,bytes';
const MACHINE_DATA = { repo: 'ufo-files/machine-data', commit: 'c4f9fe00f' };

/** A Release 06 text as its source repository holds it, and the corpus file made from it, both written out by hand. */
const RELEASE_06 = {
  path: 'War-Gov-PURSUE/release-06/documents/dow-uap-d900-fixture-memorandum-1952.txt',
  repo: 'nadaval56/UFO',
  commit: '60eb99a54abdec5bc4ff421490f9ef75c7378bba',
  sourcePath: 'data/text/dow-uap-d900_fixture-memorandum-1952.txt',
  source: 'MEMORANDUM FOR RECORD\nTwo objects were sighted over the field at dusk.\n\n',
  file:
    '{"engine": "tesseract (nadaval56/UFO data/text)", "pages": null, "schema": "ufo-files-archive-ocr/v1", ' +
    '"source_commit": "60eb99a54abdec5bc4ff421490f9ef75c7378bba", ' +
    '"source_file": "War-Gov-PURSUE/release-06/documents/dow-uap-d900-fixture-memorandum-1952.pdf", ' +
    '"source_path": "data/text/dow-uap-d900_fixture-memorandum-1952.txt", "source_repo": "nadaval56/UFO"}\n' +
    '\n' +
    '===== PAGE 1 =====\n' +
    '{"method": "ocr", "note": "pages not marked in source", "page": 1}\n' +
    'MEMORANDUM FOR RECORD\n' +
    'Two objects were sighted over the field at dusk.\n',
};

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/** Each corpus file of the slice, with the URL path it is served at and the bytes served there. */
const slice = [
  ...listFiles(FIXTURES).map((path) => {
    const bytes = readFileSync(join(FIXTURES, path));
    return { path, url: `/${MACHINE_DATA.repo}/${MACHINE_DATA.commit}/${path}`, served: bytes, expected: bytes, row: '' };
  }),
  {
    path: RELEASE_06.path,
    url: `/${RELEASE_06.repo}/${RELEASE_06.commit}/${RELEASE_06.sourcePath}`,
    served: Buffer.from(RELEASE_06.source),
    expected: Buffer.from(RELEASE_06.file),
    row: '',
  },
].map((file) => {
  const origin =
    file.path === RELEASE_06.path
      ? `${RELEASE_06.repo},${RELEASE_06.commit},${RELEASE_06.sourcePath},wrapped`
      : `${MACHINE_DATA.repo},${MACHINE_DATA.commit},,copy`;
  return { ...file, row: `${file.path},${origin},${sha256(file.expected)},${file.expected.length}` };
});

/** The loopback server: serves the slice; can serve wrong bytes for a path, or drop the connection mid-file once. */
class SliceServer {
  readonly requests = new Map<string, number>();
  readonly corrupt = new Set<string>();
  readonly dropOnce = new Set<string>();
  private server: Server = createServer((req, res) => {
    const url = decodeURIComponent(req.url ?? '');
    this.requests.set(url, (this.requests.get(url) ?? 0) + 1);
    const file = slice.find((candidate) => candidate.url === url);
    if (!file) {
      res.writeHead(404).end('not found');
      return;
    }
    const body = this.corrupt.has(url) ? Buffer.concat([file.served, Buffer.from('stray bytes')]) : file.served;
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': body.length });
    if (this.dropOnce.delete(url)) {
      // Half the file, then the connection is cut: the client sees a body that ends early.
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.socket?.destroy());
      return;
    }
    res.end(body);
  });

  baseUrl = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  requestsFor(path: string): number {
    return this.requests.get(slice.find((file) => file.path === path)!.url) ?? 0;
  }
}

/** Runs the script as `npm run documents:download` does; never throws, returns the exit code and output. */
function download(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], { env: process.env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('npm run documents:download against a loopback server', () => {
  const server = new SliceServer();
  let work: string;
  let manifest: string;

  beforeAll(async () => {
    await server.start();
    work = mkdtempSync(join(tmpdir(), 'documents-download-'));
    manifest = join(work, 'slice.manifest.csv');
    writeFileSync(manifest, [COLUMNS, ...slice.map((file) => file.row), ''].join('\n'));
  });

  afterAll(async () => {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const run = (folder: string, ...more: string[]) => download([folder, '--manifest', manifest, '--base-url', server.baseUrl, ...more]);

  describe('into an empty folder, then again', () => {
    let folder: string;
    beforeAll(() => {
      folder = join(work, 'fresh');
    });

    it('gets every file of the slice, byte for byte, and says so', async () => {
      const { code, stdout, stderr } = await run(folder, '--concurrency', '3');
      expect({ code, stdout }).toEqual({ code: 0, stdout: expect.stringContaining(`Downloaded ${slice.length}, already there 0, failed 0`) });
      expect(stderr).toContain(`${slice.length}/${slice.length} files`);
      expect(listFiles(folder)).toEqual(slice.map((file) => file.path).sort());
      for (const file of slice) expect(readFileSync(join(folder, file.path)).equals(file.expected)).toBe(true);
    });

    it('gets a folder from which scripts/documents-manifest.mjs writes the same manifest', () => {
      const written = execFileSync(process.execPath, [MANIFEST_SCRIPT, folder, '--commit', MACHINE_DATA.commit], { encoding: 'utf8' });
      expect(written).toBe(readFileSync(manifest, 'utf8'));
    });

    it('downloads nothing the second time: every file is already there with its checksum', async () => {
      const before = [...server.requests.values()].reduce((sum, n) => sum + n, 0);
      const { code, stdout } = await run(folder);
      expect(code).toBe(0);
      expect(stdout).toContain(`Downloaded 0, already there ${slice.length}, failed 0`);
      expect([...server.requests.values()].reduce((sum, n) => sum + n, 0)).toBe(before);
    });

    it('downloads again a file that is there but altered, and only that one', async () => {
      const altered = slice[0];
      writeFileSync(join(folder, altered.path), 'edited by hand\n');
      const { code, stdout } = await run(folder);
      expect(code).toBe(0);
      expect(stdout).toContain(`Downloaded 1, already there ${slice.length - 1}, failed 0`);
      expect(readFileSync(join(folder, altered.path)).equals(altered.expected)).toBe(true);
    });
  });

  it('reports a file served with the wrong bytes, does not keep it, and exits non-zero', async () => {
    const folder = join(work, 'corrupt');
    const bad = slice[1];
    server.corrupt.add(bad.url);
    try {
      const { code, stdout } = await run(folder);
      expect(code).toBe(1);
      expect(stdout).toContain(`Downloaded ${slice.length - 1}, already there 0, failed 1`);
      expect(stdout).toContain(`failed: ${bad.path}: checksum mismatch`);
      expect(stdout).toContain(bad.row.split(',')[5]);
      expect(existsSync(join(folder, bad.path))).toBe(false);
      expect(listFiles(folder)).toEqual(
        slice
          .filter((file) => file !== bad)
          .map((file) => file.path)
          .sort(),
      );
    } finally {
      server.corrupt.delete(bad.url);
    }
    // Once the source serves the right bytes, a second run fetches just that file.
    const again = await run(folder);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Downloaded 1, already there ${slice.length - 1}, failed 0`);
  });

  it('retries a download whose connection drops mid-file, and completes it', async () => {
    const folder = join(work, 'interrupted');
    const cut = slice.find((file) => file.path === RELEASE_06.path)!;
    const big = slice.find((file) => file.path.startsWith('FBI-Vault-UFO/'))!;
    server.dropOnce.add(cut.url);
    server.dropOnce.add(big.url);
    const { code, stdout } = await run(folder);
    expect(code).toBe(0);
    expect(stdout).toContain(`Downloaded ${slice.length}, already there 0, failed 0`);
    expect(server.dropOnce.size).toBe(0);
    for (const file of [cut, big]) {
      expect(readFileSync(join(folder, file.path)).equals(file.expected)).toBe(true);
      expect(server.requestsFor(file.path)).toBeGreaterThanOrEqual(2);
    }
    expect(listFiles(folder)).toEqual(slice.map((file) => file.path).sort());
  });

  it('reports a file its source does not have, and still gets the others', async () => {
    const folder = join(work, 'missing');
    const withMissing = join(work, 'missing.manifest.csv');
    const missing = `War-Gov-PURSUE/release-01/documents/not-there.txt,${MACHINE_DATA.repo},${MACHINE_DATA.commit},,copy,${'0'.repeat(64)},1`;
    writeFileSync(withMissing, [COLUMNS, ...slice.map((file) => file.row), missing, ''].join('\n'));
    const { code, stdout } = await download([folder, '--manifest', withMissing, '--base-url', server.baseUrl, '--retries', '0']);
    expect(code).toBe(1);
    expect(stdout).toContain(`Downloaded ${slice.length}, already there 0, failed 1`);
    expect(stdout).toContain('failed: War-Gov-PURSUE/release-01/documents/not-there.txt: HTTP 404');
  });

  it('refuses bad arguments with its usage and exit code 2', async () => {
    const { code, stderr } = await download(['--concurrency', '0', join(work, 'unused')]);
    expect(code).toBe(2);
    expect(stderr).toContain('usage: npm run documents:download -- <folder>');
  });
});

describe('data/sources/documents-corpus.manifest.csv', () => {
  const lines = readFileSync(MANIFEST, 'utf8').trimEnd().split('\n');
  const rows = lines.slice(1).map((line) => {
    const [path, repo, commit, sourcePath, form, sha, bytes] = line.split(',');
    return { path, repo, commit, sourcePath, form, sha, bytes: Number(bytes) };
  });

  it('names each corpus file once, with where it comes from and its checksum', () => {
    expect(lines[0]).toBe(COLUMNS);
    expect(rows.length).toBeGreaterThan(3700);
    expect(new Set(rows.map((row) => row.path)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row).toEqual({
        path: expect.stringMatching(/^[\w-]+\/[\w./-]+\.(txt|tsv|json)$/),
        repo: expect.stringMatching(/^(ufo-files\/machine-data|nadaval56\/UFO)$/),
        commit: row.repo === MACHINE_DATA.repo ? CORPUS_COMMIT : expect.stringMatching(/^[0-9a-f]{40}$/),
        sourcePath: row.form === 'wrapped' ? expect.stringMatching(/^data\/text\/.+\.txt$/) : '',
        form: row.repo === 'nadaval56/UFO' ? 'wrapped' : 'copy',
        sha: expect.stringMatching(/^[0-9a-f]{64}$/),
        bytes: expect.any(Number),
      });
    }
  });

  it('stays a list of names and hashes: no corpus text in it', () => {
    const text = lines.join('\n');
    expect(text).not.toContain('===== PAGE');
    expect(text).not.toContain('ufo-files-archive-ocr');
  });

  const DOCUMENTS_DIR = loadEnvironment().DOCUMENTS_DIR;
  const describeWithCorpus = DOCUMENTS_DIR ? describe : describe.skip;
  describeWithCorpus(`against the corpus in ${DOCUMENTS_DIR || '(DOCUMENTS_DIR not set: the check needs the corpus)'}`, () => {
    it('lists every file of the corpus but its README, each with the size and SHA-256 it has there', () => {
      expect(rows.map((row) => row.path).sort()).toEqual(listFiles(DOCUMENTS_DIR).filter((path) => path !== 'README.md'));
      const wrong = rows.filter((row) => {
        const bytes = readFileSync(join(DOCUMENTS_DIR, row.path));
        return bytes.length !== row.bytes || sha256(bytes) !== row.sha;
      });
      expect(wrong.map((row) => row.path)).toEqual([]);
    });

    it('is what scripts/documents-manifest.mjs writes from the corpus, byte for byte', () => {
      const written = execFileSync(process.execPath, [MANIFEST_SCRIPT, DOCUMENTS_DIR, '--commit', CORPUS_COMMIT], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(written === readFileSync(MANIFEST, 'utf8')).toBe(true);
    });

    it('gives each Release 06 file the source its own header names', () => {
      for (const row of rows.filter((candidate) => candidate.form === 'wrapped')) {
        const header = JSON.parse(readFileSync(join(DOCUMENTS_DIR, row.path), 'utf8').split('\n', 1)[0]) as Record<string, string>;
        expect({ path: row.path, repo: row.repo, commit: row.commit, sourcePath: row.sourcePath }).toEqual({
          path: header.source_file.replace(/\.pdf$/, '.txt'),
          repo: header.source_repo,
          commit: header.source_commit,
          sourcePath: header.source_path,
        });
      }
    });
  });
});
