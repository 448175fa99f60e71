import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/** The reason manifest-diff --write gives a new file; the dataset checks fail while any row has it. */
export const PENDING_REASON = 'pending';

/** A row of data/coverage.csv. */
export interface CoverageRow {
  release: string;
  file_id: string;
  dvids_id: string;
  case_id: string;
  reason: string;
}

export const COVERAGE_COLUMNS = ['release', 'file_id', 'dvids_id', 'case_id', 'reason'] as const;

export function parseCoverage(text: string | Buffer): CoverageRow[] {
  return parse(text, { columns: true, bom: true, skip_empty_lines: true });
}

/** CSV rows for new files (no case yet, reason "pending"), each ending in a newline; quoted only where CSV needs it. */
export function pendingCoverageCsv(files: { release: number; fileId: string; dvidsId: string }[]): string {
  return stringify(files.map((file) => [String(file.release), file.fileId, file.dvidsId, '', PENDING_REASON]));
}
