import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { CorpusFormatError, type CorpusDocument, type CorpusProblem } from './corpus-document';
import { locateCorpusFile, type CorpusLocation } from './document-ids';
import { describeDocument } from './document-metadata';
import { parseOcrText } from './ocr-text.parser';
import type { ManifestIndex } from './release-manifest';
import { parseTranscriptSegments, transcriptPages } from './transcript.parser';

export type CorpusEntry = { document: CorpusDocument; problem?: undefined } | { document?: undefined; problem: CorpusProblem };

/**
 * Every document file under `root`, in a stable order (paths sorted), as relative paths with `/`.
 * Listing names costs little memory; the texts are read one at a time by readCorpus.
 */
export async function listCorpusFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => locateCorpusFile(path) !== null)
    .sort();
}

/**
 * Reads the corpus one file at a time: a generator the ingest pulls as fast as Elasticsearch takes
 * pages, so only the files in flight are in memory. A file that breaks the format is yielded as a
 * problem naming it; the others are unaffected. Two files with one id are a problem too (the second).
 */
export async function* readCorpus(root: string, manifest: ManifestIndex, files?: string[]): AsyncGenerator<CorpusEntry> {
  const seen = new Set<string>();
  for (const file of files ?? (await listCorpusFiles(root))) {
    const location = locateCorpusFile(file);
    if (!location) continue;
    try {
      if (seen.has(location.id)) throw new CorpusFormatError(file, `another file already has the id ${location.id}`);
      const document = await readCorpusFile(root, file, location, manifest);
      seen.add(location.id);
      yield { document };
    } catch (error) {
      if (!(error instanceof CorpusFormatError)) throw error;
      yield { problem: { file: error.file, message: error.problem } };
    }
  }
}

/** One file, read and described; throws CorpusFormatError naming the file when it breaks the format. */
export async function readCorpusFile(root: string, file: string, location: CorpusLocation, manifest: ManifestIndex): Promise<CorpusDocument> {
  const content = await readFile(join(root, file), 'utf8');
  const entry = location.collection === 'war-gov-pursue' ? manifest.find(location.stem) : undefined;
  if (location.kind === 'transcript') {
    const pages = transcriptPages(parseTranscriptSegments(file, content));
    const source = await readSideJson(root, file.replace(/\.tsv$/, '.source.json'));
    const described = describeDocument(location, file, pages[0]?.text ?? '', entry);
    return {
      id: location.id,
      kind: 'transcript',
      collection: location.collection,
      ...(location.release !== undefined ? { release: location.release } : {}),
      ...described,
      pageCount: pages.length,
      sourceFile: typeof source?.source_file === 'string' ? source.source_file.replace(/^originals\//, '') : file,
      ...(Number.isInteger(source?.source_bytes) ? { bytes: source?.source_bytes as number } : {}),
      textMethod: 'speech-to-text',
      ...(typeof source?.model === 'string'
        ? { engine: `whisper ${source.model}${typeof source.backend === 'string' ? ` (${source.backend})` : ''}` }
        : {}),
      pages,
    };
  }
  const parsed = parseOcrText(file, content);
  const described = describeDocument(location, file, parsed.pages[0]?.text ?? '', entry);
  return {
    id: location.id,
    kind: 'document',
    collection: location.collection,
    ...(location.release !== undefined ? { release: location.release } : {}),
    ...described,
    pageCount: parsed.pages.length,
    sourceFile: parsed.header.source_file,
    ...(parsed.header.source_sha256 ? { sha256: parsed.header.source_sha256 } : {}),
    ...(parsed.header.source_bytes !== undefined ? { bytes: parsed.header.source_bytes } : {}),
    textMethod: parsed.method,
    ...(typeof parsed.header.engine === 'string' ? { engine: parsed.header.engine } : {}),
    pages: parsed.pages,
  };
}

/** A transcript's `.source.json`: optional, and a broken one only loses the facts it would add. */
async function readSideJson(root: string, file: string): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = JSON.parse(await readFile(join(root, file), 'utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
