import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CaseCitationIndex,
  type CitingCase,
  type CorpusProblem,
  DOCUMENT_INDEX_MAPPINGS,
  DOCUMENT_INDEX_SETTINGS,
  DOCUMENTS_INDEX_LIFECYCLE,
  listCorpusFiles,
  ManifestIndex,
  PageCitationIndex,
  PageCopyFinder,
  pageId,
  parsePageCitations,
  pageSearchDocument,
  readCorpus,
  readReleaseManifest,
} from '@app/documents';
import { ArchiveIndexLifecycle, concreteIndexName } from '@app/search';
import { streamDataset } from '../dataset/dataset-reader';
import { BULK_OPTIONS, type IndexingProgress } from '../indexing/case-indexer';

/** More than this share of unreadable files and the run stops before Elasticsearch is touched: a corpus that broken is a wrong folder or a format change, not a few bad files. */
export const MAX_BAD_FILE_SHARE = 0.05;

/** The manifests that title war.gov files (data/sources/, committed). */
export const RELEASE_MANIFESTS = ['pursue-manifest-releases-01-04.csv', 'pursue-manifest-releases-05-06.csv'];

export interface DocumentIngestOptions {
  /** The case records whose sources link cases to documents (any dataset form the case ingest reads). */
  casesPath: string;
  /** The page citations CSV (case_id, document_id, pages); default document-pages.csv beside casesPath. A missing file is no page citations. */
  pageCitationsPath?: string;
  /** data/sources, holding RELEASE_MANIFESTS. */
  sourcesDir: string;
  maxBadShare?: number;
  /** Do nothing when the live index was built from this very corpus, manifests, cases and index definition (see corpusSignature). */
  ifChanged?: boolean;
}

export type DocumentIngestOutcome =
  | { status: 'unchanged'; index: string }
  | { status: 'too-many-bad'; files: number; problems: CorpusProblem[] }
  | {
      status: 'indexed';
      index: string;
      files: number;
      documents: number;
      pages: number;
      linked: number;
      /** Pairs of pages in different documents found to be copies, and the groups they join. */
      copyPairs: number;
      copyGroups: number;
      problems: CorpusProblem[];
      dropped: string[];
    };

/**
 * Loads a corpus folder into a fresh documents index and swaps the alias, like the cases'
 * CaseIndexer: the live index is never half-built. Two streaming passes: the first reads every
 * file, counts its pages (a bad file is named and skipped; too many bad files stop the run
 * with the live index untouched) and takes each page's shingles, from which the copies of pages
 * across documents are found between the passes (page-copies.ts); the second sends the pages,
 * each with its copies. Neither holds more than the files in flight; what grows with the corpus
 * is the copy finder's typed arrays (a few tens of MB for the whole corpus).
 */
@Injectable()
export class DocumentIndexer implements OnApplicationShutdown {
  private readonly logger = new Logger('Ingest');

  constructor(@Inject(DOCUMENTS_INDEX_LIFECYCLE) private readonly index: ArchiveIndexLifecycle) {}

  get alias(): string {
    return this.index.alias;
  }

  async ingest(dir: string, options: DocumentIngestOptions, progress: IndexingProgress): Promise<DocumentIngestOutcome> {
    const manifest = new ManifestIndex(
      RELEASE_MANIFESTS.flatMap((file) => readReleaseManifest(readFileSync(join(options.sourcesDir, file), 'utf8'))),
    );
    const citations = new CaseCitationIndex(await readCases(options.casesPath));
    const pageCitations = readPageCitations(options.pageCitationsPath ?? defaultPageCitationsPath(options.casesPath));
    const files = await listCorpusFiles(dir);
    if (files.length === 0) throw new Error(`${dir} holds no document files (.txt or .tsv in the ufo-files-archive-ocr/v1 layout)`);
    const signature = await corpusSignature(
      dir,
      files,
      [...RELEASE_MANIFESTS.map((file) => join(options.sourcesDir, file))],
      `${citations.fingerprint}\n--\n${pageCitations.fingerprint}`,
    );
    if (options.ifChanged) {
      const [live] = (await this.index.indicesBehindAlias()).reverse();
      if (live && (await this.index.mappingMeta(live))?.corpusSignature === signature) {
        this.logger.log(`Alias ${this.alias} already serves this corpus (${signature}); nothing to do`);
        return { status: 'unchanged', index: live };
      }
    }

    // Pass 1: validate every file, count pages, take their shingles.
    const problems: CorpusProblem[] = [];
    const copyFinder = new PageCopyFinder();
    let pages = 0;
    for await (const entry of readCorpus(dir, manifest, files)) {
      if (entry.problem) {
        problems.push(entry.problem);
        this.logger.warn(`Skipping ${entry.problem.file}: ${entry.problem.message}`);
      } else {
        pages += entry.document.pageCount;
        copyFinder.add(entry.document);
      }
    }
    const share = options.maxBadShare ?? MAX_BAD_FILE_SHARE;
    if (problems.length > files.length * share) return { status: 'too-many-bad', files: files.length, problems };
    const bad = new Set(problems.map((problem) => problem.file));
    const readable = files.filter((file) => !bad.has(file));
    this.logger.log(`Read ${readable.length} files (${pages} pages) from ${dir}; skipped ${problems.length}`);
    const copies = copyFinder.find();
    this.logger.log(`Found ${copies.pairs} pairs of copied pages across documents, in ${copies.groups} groups (${copies.pagesWithCopies} pages)`);

    const index = concreteIndexName(this.alias, new Date());
    await this.index.createIndex(
      index,
      // No replicas and no refresh while loading; nobody reads the index until the alias moves.
      { ...DOCUMENT_INDEX_SETTINGS, number_of_replicas: 0, refresh_interval: '-1' },
      {
        ...DOCUMENT_INDEX_MAPPINGS,
        _meta: { ...DOCUMENT_INDEX_MAPPINGS._meta, documentCount: readable.length, pageCount: pages, corpusSignature: signature },
      },
    );
    this.logger.log(`Created index ${index}`);
    let documents = 0;
    let linked = 0;
    try {
      let rejected: string | null = null;
      progress.start(pages);
      try {
        const stats = await this.index.bulk<{ id: string; json: string }>({
          ...BULK_OPTIONS,
          datasource: (async function* () {
            for await (const entry of readCorpus(dir, manifest, readable)) {
              // Pass 1 read these files; one that broke since is an error, not a skip.
              if (entry.problem) throw new Error(`${entry.problem.file} changed while it was being indexed: ${entry.problem.message}`);
              const { document } = entry;
              const casePages = pageCitations.casePagesOf(document.id);
              const caseIds = [...new Set([...citations.casesCiting(document.citationKeys), ...casePages.map((entry) => entry.caseId)])].sort();
              documents++;
              if (caseIds.length > 0) linked++;
              const duplicates = copies.duplicatesOf(document.id);
              for (const page of document.pages) {
                const pageCopies = copies.copiesOf(document.id, page.page);
                const json = JSON.stringify({
                  ...pageSearchDocument(document, page, caseIds, casePages),
                  ...(pageCopies.length > 0 ? { copies: pageCopies } : {}),
                  ...(duplicates.length > 0 ? { duplicates } : {}),
                });
                yield { id: pageId(document.id, page.page), json };
                progress.advance(1);
              }
            }
          })(),
          onDocument: (document) => [{ index: { _index: index, _id: document.id } }, document.json],
          onDrop: (dropped) => {
            rejected ??= `Elasticsearch rejected page ${dropped.document.id}: ${dropped.error?.reason ?? `status ${dropped.status}`}`;
          },
        });
        if (stats.failed > 0) throw new Error(`${rejected} (${stats.failed} page(s) rejected in all)`);
      } finally {
        progress.stop();
      }
      await this.index.mergeIntoOneSegment(index);
      await this.index.putSettings(index, { refresh_interval: DOCUMENT_INDEX_SETTINGS.refresh_interval ?? '1s' });
      await this.index.refresh(index);
      const indexed = await this.index.count(index);
      if (indexed !== pages) throw new Error(`index ${index} holds ${indexed} pages, expected ${pages}`);
      this.logger.log(`Verified ${indexed} pages of ${documents} documents in ${index}`);
    } catch (error) {
      // The alias never saw this index; remove it so a failed run leaves nothing behind.
      await this.index.deleteIndices([index], { ignoreMissing: true });
      throw error;
    }
    await this.index.pointAliasAt(index);
    this.logger.log(`Alias ${this.alias} now points at ${index}`);
    const doomed = (await this.index.ownedIndices()).filter((name) => name !== index);
    if (doomed.length > 0) await this.index.deleteIndices(doomed);
    return {
      status: 'indexed',
      index,
      files: files.length,
      documents,
      pages,
      linked,
      copyPairs: copies.pairs,
      copyGroups: copies.groups,
      problems,
      dropped: doomed,
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.index.close();
  }
}

/**
 * What decides the index's content, cheaply: every corpus file's path, size and modification
 * time, the manifests' bytes, the cases' citations and the index's settings and mappings. Equal
 * signatures, equal index.
 */
async function corpusSignature(dir: string, files: string[], manifests: string[], cases: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) {
    const info = await stat(join(dir, file));
    hash.update(`${file}\t${info.size}\t${info.mtimeMs}\n`);
  }
  for (const manifest of manifests) hash.update(readFileSync(manifest));
  hash.update(cases);
  // The index's own definition too: new analysis or scoring (documents.settings.json) is a new index.
  hash.update(JSON.stringify({ settings: DOCUMENT_INDEX_SETTINGS, mappings: DOCUMENT_INDEX_MAPPINGS }));
  return hash.digest('hex').slice(0, 16);
}

/** The case records' ids and sources, from any dataset form the case ingest reads; unreadable records are the case ingest's to report. */
async function readCases(path: string): Promise<CitingCase[]> {
  const cases: CitingCase[] = [];
  for await (const entry of streamDataset(path)) {
    const value = entry.value as CitingCase | undefined;
    if (value && typeof value.id === 'string') cases.push({ id: value.id, sources: Array.isArray(value.sources) ? value.sources : [] });
  }
  return cases;
}

/** Where the page citations are when no path is given: document-pages.csv beside the cases (data/cases -> data/document-pages.csv). */
export function defaultPageCitationsPath(casesPath: string): string {
  return join(casesPath, '..', 'document-pages.csv');
}

/** The page citations in a CSV file; none when the file does not exist. */
function readPageCitations(path: string): PageCitationIndex {
  if (!existsSync(path)) return new PageCitationIndex([]);
  try {
    return new PageCitationIndex(parsePageCitations(readFileSync(path, 'utf8')));
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}
