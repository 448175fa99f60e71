import { Logger } from '@nestjs/common';
import type { CaseProblem, CaseRecord } from '@app/cases';
import { CASE_INDEX_MAPPINGS, CASE_INDEX_SETTINGS } from '@app/search';
import { streamDataset } from './dataset/dataset-reader';
import { checkDataset } from './dataset/dataset-validator';
import type { CaseIndexer, IndexableCase, IndexingProgress } from './indexing/case-indexer';

export interface IngestOptions {
  /** Skip the work when the live index already holds this exact dataset. */
  ifChanged?: boolean;
}

export type IngestOutcome =
  | { status: 'invalid'; problems: CaseProblem[] }
  | { status: 'unchanged'; count: number }
  | { status: 'indexed'; count: number; index: string; previous: string | null; dropped: string[] };

const logger = new Logger('Ingest');

/**
 * Validate, then index, in two streaming passes over the dataset. The first pass checks every
 * record before Elasticsearch is touched, so one bad record leaves the live alias exactly as it
 * was; the second streams the same records into a fresh index. Neither holds the dataset in
 * memory, so its size is bounded by the disk, not the heap.
 */
export async function runIngest(indexer: CaseIndexer, path: string, progress: IndexingProgress, options: IngestOptions = {}): Promise<IngestOutcome> {
  const lines = { verbatim: true };
  const { problems, count, hash } = await checkDataset(path, { CASE_INDEX_SETTINGS, CASE_INDEX_MAPPINGS }, lines);
  if (problems.length > 0) return { status: 'invalid', problems };

  logger.log(`Validated ${count} cases from ${path}`);
  if (options.ifChanged && (await indexer.liveDatasetHash()) === hash) {
    logger.log(`Alias ${indexer.alias} already serves this dataset (${hash}); nothing to do`);
    return { status: 'unchanged', count };
  }
  const result = await indexer.ingest(validatedRecords(path, lines.verbatim), count, hash, progress);
  return { status: 'indexed', ...result };
}

/**
 * The second pass. The first found every record valid; a file that changed in between fails here or at the count check.
 * With `verbatim` lines (see DatasetLines) each record carries its line, which goes to Elasticsearch unserialized.
 */
async function* validatedRecords(path: string, verbatim: boolean): AsyncGenerator<IndexableCase> {
  for await (const entry of streamDataset(path)) {
    if (entry.problem) throw new Error(`${entry.problem.record} changed while it was being indexed: ${entry.problem.message}`);
    yield { record: entry.value as CaseRecord, json: verbatim ? entry.text : undefined };
  }
}

export function formatProblems(problems: CaseProblem[]): string {
  const lines = problems.map((p) => `  ${p.record}: ${p.field} ${p.message}`);
  return `The dataset has ${problems.length} problem(s); nothing was indexed:\n${lines.join('\n')}`;
}
