import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { CaseProblem } from '@app/cases';
import { parser } from 'stream-json';
import { streamArray } from 'stream-json/streamers/StreamArray';

/**
 * One item read from a dataset: a parsed JSON value, or the reason a file or line is not JSON.
 * An NDJSON line also comes as `text`, so the indexing pass can send the JSON it read instead of
 * serializing the value again.
 */
export type DatasetEntry = { value: unknown; text?: string; problem?: undefined } | { value?: undefined; text?: undefined; problem: CaseProblem };

export interface RawDataset {
  /** Parsed JSON values, in a stable order; not yet validated. */
  records: unknown[];
  /** Files or lines that are not JSON at all. */
  problems: CaseProblem[];
}

/**
 * Reads a dataset in any of the three shapes operators use: a JSON array, NDJSON (one record
 * per line), or a folder holding one JSON file per case. Records come one at a time, so a
 * dataset of any size is read in constant memory; the ingest reads it twice (validate, then
 * index) rather than holding it.
 */
export async function* streamDataset(path: string): AsyncGenerator<DatasetEntry> {
  const info = await stat(path);
  if (info.isDirectory()) yield* streamFolder(path);
  else if ((await firstCharacter(path)) === '[') yield* streamJsonArray(path);
  else yield* streamNdjson(path);
}

/** Collects a whole dataset; for small inputs and tests. */
export async function readDataset(path: string): Promise<RawDataset> {
  const dataset: RawDataset = { records: [], problems: [] };
  for await (const entry of streamDataset(path)) {
    if (entry.problem) dataset.problems.push(entry.problem);
    else dataset.records.push(entry.value);
  }
  return dataset;
}

async function* streamFolder(folder: string): AsyncGenerator<DatasetEntry> {
  const names = (await readdir(folder)).filter((name) => extname(name) === '.json').sort();
  for (const name of names) {
    try {
      yield { value: JSON.parse(await readFile(join(folder, name), 'utf8')) };
    } catch (error) {
      yield { problem: { record: name, field: '(file)', message: `is not valid JSON: ${(error as Error).message}` } };
    }
  }
}

/** The first character that is not white space or a byte-order mark, or '' for an empty file. */
async function firstCharacter(path: string): Promise<string> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    return /^[\uFEFF\s]*(.?)/.exec(buffer.subarray(0, bytesRead).toString('utf8'))?.[1] ?? '';
  } finally {
    await file.close();
  }
}

/**
 * stream-json emits each element of the top-level array as soon as it is complete. The parser
 * rejects a byte-order mark, so it is dropped from the first chunk.
 */
async function* streamJsonArray(path: string): AsyncGenerator<DatasetEntry> {
  const elements = streamArray();
  const reading = pipeline(createReadStream(path), stripByteOrderMark, parser(), elements).then(
    () => null,
    (error: Error) => error,
  );
  let failure: Error | null = null;
  try {
    for await (const element of elements as AsyncIterable<{ key: number; value: unknown }>) yield { value: element.value };
  } catch (error) {
    failure = error as Error;
  }
  failure = (await reading) ?? failure;
  if (failure) {
    yield { problem: { record: path, field: '(file)', message: `is not a valid JSON array: ${failure.message}` } };
  }
}

async function* stripByteOrderMark(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let first = true;
  for await (const chunk of source) {
    yield first && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? chunk.subarray(3) : chunk;
    first = false;
  }
}

async function* streamNdjson(path: string): AsyncGenerator<DatasetEntry> {
  let number = 0;
  for await (const raw of readLines(path)) {
    number += 1;
    const line = number === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (!line.trim()) continue;
    try {
      yield { value: JSON.parse(line), text: line };
    } catch (error) {
      yield { problem: { record: `${path}:${number}`, field: '(line)', message: `is not valid JSON: ${(error as Error).message}` } };
    }
  }
}

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * The file's lines (LF or CRLF), without their line ends. It splits the bytes and decodes each
 * line once: readline over a UTF-8 stream decodes every chunk to text and then scans that text
 * again for line ends, a cost the ingest would pay twice, since it reads its input twice. A newline byte never occurs inside a
 * multi-byte UTF-8 character, so splitting bytes splits exactly where splitting text would.
 */
export async function* readLines(path: string): AsyncGenerator<string> {
  let rest: Buffer | null = null;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    const bytes: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let end = bytes.indexOf(NEWLINE); end !== -1; end = bytes.indexOf(NEWLINE, start)) {
      yield bytes.toString('utf8', start, end > start && bytes[end - 1] === CARRIAGE_RETURN ? end - 1 : end);
      start = end + 1;
    }
    rest = start < bytes.length ? bytes.subarray(start) : null;
  }
  if (rest) yield rest.toString('utf8', 0, rest[rest.length - 1] === CARRIAGE_RETURN ? rest.length - 1 : rest.length);
}

/**
 * A fingerprint of what would be indexed: the records, whatever their order, and the index
 * definition. Start-up compares it with the live index to decide whether to re-ingest.
 *
 * Records arrive one at a time, so instead of sorting them the hash adds up each record's own
 * SHA-256 modulo 2^256: a sum does not depend on order, and (unlike XOR) a record seen twice
 * does not cancel out.
 */
export class DatasetHasher {
  /** The running sum, as eight 32-bit words, least significant first. */
  private readonly sum = new Uint32Array(8);

  /** `json` is the record's JSON.stringify, when the caller already has it. */
  add(record: unknown, json = JSON.stringify(record)): void {
    const digest = createHash('sha256').update(json).digest();
    let carry = 0;
    for (let word = 0; word < 8; word += 1) {
      const total = this.sum[word] + digest.readUInt32LE(word * 4) + carry;
      this.sum[word] = total >>> 0;
      carry = total > 0xffffffff ? 1 : 0;
    }
  }

  digest(indexDefinition: unknown): string {
    return createHash('sha256')
      .update(JSON.stringify({ indexDefinition, records: Buffer.from(this.sum.buffer).toString('hex') }))
      .digest('hex')
      .slice(0, 16);
  }
}

export function datasetHash(records: Iterable<unknown>, indexDefinition: unknown): string {
  const hasher = new DatasetHasher();
  for (const record of records) hasher.add(record);
  return hasher.digest(indexDefinition);
}
