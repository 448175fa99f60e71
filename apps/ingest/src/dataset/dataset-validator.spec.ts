import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { datasetHash } from './dataset-reader';
import { checkDataset } from './dataset-validator';

const fixture = JSON.parse(readFileSync(join(__dirname, '../../../../test/fixtures/cases.json'), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'dataset-validator-'));
const ndjson = (name: string, records: unknown[]) => {
  const path = join(dir, name);
  writeFileSync(path, records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n'));
  return path;
};

describe('checkDataset', () => {
  it('counts and fingerprints a valid dataset exactly as the whole-array hash does', async () => {
    const check = await checkDataset(ndjson('ok.ndjson', fixture), { v: 1 });
    expect(check).toEqual({ problems: [], count: fixture.length, hash: datasetHash(fixture, { v: 1 }) });
  });

  it('lets the indexing pass send the lines as read only when each is exactly the JSON of its record', async () => {
    const verbatim = async (path: string) => {
      const lines = { verbatim: true };
      await checkDataset(path, {}, lines);
      return lines.verbatim;
    };
    const [a, b] = fixture;
    expect(await verbatim(ndjson('compact.ndjson', [a, b]))).toBe(true);
    // Spacing, or a key given twice (JSON.parse keeps the last; Elasticsearch would refuse the line): serialize again.
    expect(await verbatim(ndjson('spaced.ndjson', [a, JSON.stringify(b, null, 1).replace(/\n/g, '')]))).toBe(false);
    expect(await verbatim(ndjson('twice.ndjson', [a, `{"type":"radar",${JSON.stringify(b).slice(1)}`]))).toBe(false);
    const array = join(dir, 'array.json');
    writeFileSync(array, JSON.stringify([a, b]));
    expect(await verbatim(array)).toBe(false);
  });

  it('checks links between cases across the whole file, though it validates one record at a time', async () => {
    const [a, b] = fixture;
    const linked = [
      { ...a, relatedIds: [b.id] },
      { ...b, relatedIds: [a.id] },
    ];
    expect((await checkDataset(ndjson('linked.ndjson', linked), {})).problems).toEqual([]);
    expect((await checkDataset(ndjson('one-way.ndjson', [linked[0], b]), {})).problems).toEqual([
      { record: a.id, field: 'relatedIds[0]', message: `${b.id} does not link back (links go both ways)` },
    ]);
  });

  it('reports every problem in one pass: bad lines, bad fields, records without ids by position, duplicate ids', async () => {
    const [a, b] = fixture;
    const check = await checkDataset(
      ndjson('bad.ndjson', [a, '{oops', { ...b, type: 'ufo' }, { ...a, title: a.title }, { ...b, id: undefined }]),
      {},
    );
    const lines = check.problems.map((p) => `${p.record} ${p.field}: ${p.message}`);
    expect(lines).toEqual([
      expect.stringMatching(/bad\.ndjson:2 \(line\): is not valid JSON/),
      expect.stringMatching(new RegExp(`^${b.id} type: type must be one of`)),
      `${a.id} id: duplicates the id of record #1`,
      expect.stringMatching(/^#4 id: id must be a lowercase slug/),
    ]);
    expect(check.count).toBe(4);
  });
});
