import { Logger } from '@nestjs/common';
import { validateCases, type CaseProblem, type CaseRecord } from '@app/cases';
import { CASE_INDEX_MAPPINGS, CASE_INDEX_SETTINGS } from '@app/search';
import { datasetHash, readDataset } from './dataset/dataset-reader';
import type { CaseIndexer, IndexingProgress } from './indexing/case-indexer';

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
 * Read, validate, then index. Validation runs on the whole file before Elasticsearch is
 * touched, so one bad record leaves the live alias exactly as it was.
 */
export async function runIngest(
  indexer: CaseIndexer,
  path: string,
  progress: IndexingProgress,
  options: IngestOptions = {},
): Promise<IngestOutcome> {
  const dataset = await readDataset(path);
  const problems = [...dataset.problems, ...validateCases(dataset.records)];
  if (problems.length > 0) return { status: 'invalid', problems };

  const records = dataset.records as CaseRecord[];
  logger.log(`Validated ${records.length} cases from ${path}`);
  const hash = datasetHash(records, { CASE_INDEX_SETTINGS, CASE_INDEX_MAPPINGS });
  if (options.ifChanged && (await indexer.liveDatasetHash()) === hash) {
    logger.log(`Alias ${indexer.alias} already serves this dataset (${hash}); nothing to do`);
    return { status: 'unchanged', count: records.length };
  }
  const result = await indexer.ingest(records, hash, progress);
  return { status: 'indexed', ...result };
}

export function formatProblems(problems: CaseProblem[]): string {
  const lines = problems.map((p) => `  ${p.record}: ${p.field} ${p.message}`);
  return `The dataset has ${problems.length} problem(s); nothing was indexed:\n${lines.join('\n')}`;
}
