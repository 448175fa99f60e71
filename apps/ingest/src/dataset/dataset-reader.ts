import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { CaseProblem } from '@app/cases';

export interface RawDataset {
  /** Parsed JSON values, in a stable order; not yet validated. */
  records: unknown[];
  /** Files or lines that are not JSON at all. */
  problems: CaseProblem[];
}

/**
 * Reads a dataset in any of the three shapes operators use: a JSON array, NDJSON (one record
 * per line), or a folder holding one JSON file per case.
 */
export async function readDataset(path: string): Promise<RawDataset> {
  const info = await stat(path);
  if (info.isDirectory()) return readFolder(path);
  return parseText(await readFile(path, 'utf8'), path);
}

async function readFolder(folder: string): Promise<RawDataset> {
  const names = (await readdir(folder)).filter((name) => extname(name) === '.json').sort();
  const dataset: RawDataset = { records: [], problems: [] };
  for (const name of names) {
    const file = join(folder, name);
    try {
      dataset.records.push(JSON.parse(await readFile(file, 'utf8')));
    } catch (error) {
      dataset.problems.push({ record: name, field: '(file)', message: `is not valid JSON: ${(error as Error).message}` });
    }
  }
  return dataset;
}

function parseText(text: string, source: string): RawDataset {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trimStart().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(body);
      return { records: parsed as unknown[], problems: [] };
    } catch (error) {
      return { records: [], problems: [{ record: source, field: '(file)', message: `is not a valid JSON array: ${(error as Error).message}` }] };
    }
  }
  const dataset: RawDataset = { records: [], problems: [] };
  body.split(/\r?\n/).forEach((line, index) => {
    if (!line.trim()) return;
    try {
      dataset.records.push(JSON.parse(line));
    } catch (error) {
      dataset.problems.push({ record: `${source}:${index + 1}`, field: '(line)', message: `is not valid JSON: ${(error as Error).message}` });
    }
  });
  return dataset;
}

/**
 * A fingerprint of what would be indexed: the records (in id order) and the index definition.
 * Start-up compares it with the live index to decide whether to re-ingest.
 */
export function datasetHash(records: { id: string }[], indexDefinition: unknown): string {
  const sorted = [...records].sort((a, b) => a.id.localeCompare(b.id));
  return createHash('sha256').update(JSON.stringify({ indexDefinition, sorted })).digest('hex').slice(0, 16);
}
