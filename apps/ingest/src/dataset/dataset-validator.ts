import { relatedIdProblems, validateCases, type CaseProblem } from '@app/cases';
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
 * arrives, so memory stays flat whatever its size. Only the ids are kept, to find duplicates.
 */
export async function checkDataset(path: string, indexDefinition: unknown, lines: DatasetLines = { verbatim: true }): Promise<DatasetCheck> {
  const problems: CaseProblem[] = [];
  const hasher = new DatasetHasher();
  // The record number of each id's first appearance, for the duplicate message.
  const firstSeen = new Map<string, number>();
  // Only each case's links are kept (most lists are empty), to check them once every id is known.
  const links: { id: string; relatedIds: unknown }[] = [];
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
    if (named) links.push({ id, relatedIds: (raw as { relatedIds?: unknown }).relatedIds });

    if (named) {
      const first = firstSeen.get(id);
      if (first === undefined) firstSeen.set(id, count);
      else problems.push({ record: id, field: 'id', message: `duplicates the id of record #${first}` });
    }
  }
  problems.push(...relatedIdProblems(links));
  return { problems, count, hash: hasher.digest(indexDefinition) };
}
