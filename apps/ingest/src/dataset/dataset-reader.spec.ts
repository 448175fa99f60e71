import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { datasetHash, readDataset, readLines } from './dataset-reader';

const dir = mkdtempSync(join(tmpdir(), 'dataset-reader-'));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('readDataset', () => {
  it('reads a JSON array, with or without a byte-order mark', async () => {
    expect(await readDataset(write('a.json', '\uFEFF[{"id":"a"},{"id":"b"}]'))).toEqual({ records: [{ id: 'a' }, { id: 'b' }], problems: [] });
  });

  it('reads NDJSON, skipping blank lines and naming the line of bad JSON', async () => {
    const result = await readDataset(write('b.ndjson', '{"id":"a"}\n\n{"id":\n{"id":"c"}\n'));
    expect(result.records).toEqual([{ id: 'a' }, { id: 'c' }]);
    expect(result.problems).toEqual([expect.objectContaining({ record: expect.stringMatching(/b\.ndjson:3$/), field: '(line)' })]);
  });

  it('reads a folder of .json files in name order and names a broken file', async () => {
    const folder = join(dir, 'cases');
    mkdirSync(folder);
    writeFileSync(join(folder, 'b.json'), '{"id":"b"}');
    writeFileSync(join(folder, 'a.json'), '{"id":"a"}');
    writeFileSync(join(folder, 'c.json'), '{oops');
    writeFileSync(join(folder, 'README.md'), '# not data');
    const result = await readDataset(folder);
    expect(result.records).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(result.problems).toEqual([expect.objectContaining({ record: 'c.json', field: '(file)' })]);
  });

  it('reports a broken JSON array, after the records read before the break', async () => {
    const result = await readDataset(write('c.json', '[{"id":"a"},'));
    expect(result.records).toEqual([{ id: 'a' }]);
    expect(result.problems).toEqual([expect.objectContaining({ record: expect.stringMatching(/c\.json$/), field: '(file)' })]);
    expect(result.problems[0].message).toMatch(/is not a valid JSON array/);
  });

  it('reports a file whose top level is not an array of values', async () => {
    const result = await readDataset(write('d.json', '[1, 2] [3]'));
    expect(result.problems[0]?.message).toMatch(/is not a valid JSON array/);
  });
});

describe('datasetHash', () => {
  it('ignores record order but not content or index definition', () => {
    const a = { id: 'a', v: 1 };
    const b = { id: 'b', v: 2 };
    expect(datasetHash([a, b], {})).toBe(datasetHash([b, a], {}));
    expect(datasetHash([a, b], {})).not.toBe(datasetHash([a, { ...b, v: 3 }], {}));
    expect(datasetHash([a, b], {})).not.toBe(datasetHash([a, b], { mappings: 1 }));
    // A record given twice is a different dataset, not one where the pair cancels out.
    expect(datasetHash([a, b, b], {})).not.toBe(datasetHash([a], {}));
    expect(datasetHash([a, b, b], {})).not.toBe(datasetHash([a, b], {}));
  });
});

describe('readLines', () => {
  it('splits LF and CRLF lines across read chunks, keeping multi-byte characters whole', async () => {
    const long = '不明空中现象'.repeat(200_000); // longer than one read chunk
    const file = write('lines.txt', `first\r\n${long}\n\nlast without newline`);
    const lines: string[] = [];
    for await (const line of readLines(file)) lines.push(line);
    expect(lines).toEqual(['first', long, '', 'last without newline']);
  });
});
