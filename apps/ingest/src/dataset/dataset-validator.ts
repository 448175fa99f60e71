import { validateCases, type CaseProblem } from '@app/cases';
import { CaseIds } from './case-ids';
import { DatasetHasher, streamDataset } from './dataset-reader';

export interface DatasetCheck {
  /** Every problem in the dataset, in reading order; empty when every record is a valid case. */
  problems: CaseProblem[];
  /** How many records the dataset holds (valid or not). */
  count: number;
  /** The dataset fingerprint (see DatasetHasher), given the index definition. */
  hash: string;
}

/** What the first pass learns about the input's text, for the second. */
export interface DatasetLines {
  /**
   * True when the input is NDJSON and every line is exactly `JSON.stringify` of its value (no
   * spacing, no repeated key): then the indexing pass may send each line as it was read, and
   * Elasticsearch receives the very document the record would serialize to.
   */
  verbatim: boolean;
}

/**
 * The first of the ingest's two passes: reads the dataset once, validating each record as it
 * arrives and dropping it. Only what the rules across records need is kept (CaseIds: each id, the
 * record that first had it, and the links of the few cases that link to others), about 70 bytes
 * per case.
 */
export async function checkDataset(path: string, indexDefinition: unknown, lines: DatasetLines = { verbatim: true }): Promise<DatasetCheck> {
  const problems: CaseProblem[] = [];
  const hasher = new DatasetHasher();
  const ids = new CaseIds();
  let count = 0;

  for await (const entry of streamDataset(path)) {
    if (entry.problem) {
      problems.push(entry.problem);
      continue;
    }
    count += 1;
    const raw = entry.value;
    // The hash serializes each record anyway; comparing that with the line read costs next to nothing.
    const json = JSON.stringify(raw);
    hasher.add(raw, json);
    if (entry.text !== json) lines.verbatim = false;
    const id = (raw as { id?: unknown } | null)?.id;
    const named = typeof id === 'string' && id !== '';
    // validateCases names a record without an id by its position in the list it was given: here, #1.
    for (const problem of validateCases([raw], { acrossRecords: false })) problems.push(named ? problem : { ...problem, record: `#${count}` });
    if (named) {
      const first = ids.add(id, count, (raw as { relatedIds?: unknown }).relatedIds);
      if (first !== undefined) problems.push({ record: id, field: 'id', message: `duplicates the id of record #${first}` });
    }
  }
  // Links between cases are checked once every id is known.
  problems.push(...ids.linkProblems());
  return { problems, count, hash: hasher.digest(indexDefinition) };
}
