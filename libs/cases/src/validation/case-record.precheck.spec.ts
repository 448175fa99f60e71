import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync } from 'class-validator';
import * as dtos from './case-record.dto';
import { PRECHECKED_PROPERTIES, satisfiesCaseRecordDto } from './case-record.precheck';

type Plain = Record<string, unknown>;

const root = join(__dirname, '../../../..');
const fixture: Plain[] = JSON.parse(readFileSync(join(root, 'test/fixtures/cases.json'), 'utf8'));
const casesFolder = join(root, 'data/cases');
const archive: Plain[] = readdirSync(casesFolder)
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(join(casesFolder, name), 'utf8')));

/** What the pre-check stands in for: class-validator's verdict on the DTO. */
const classValidatorErrors = (record: Plain) => validateSync(plainToInstance(dtos.CaseRecordDto, record), { forbidUnknownValues: false });

/** Values that break (or happen to satisfy) one rule or another, put in place of each field in turn. */
const REPLACEMENTS: unknown[] = [
  undefined,
  null,
  0,
  -1000,
  1000,
  91,
  -181,
  '',
  ' ',
  'x',
  'X',
  'ZZ',
  'us',
  '中文',
  '12',
  '12.5',
  'Not A Slug',
  '2021-02-30',
  '21-02-01',
  'https://example.org/a',
  'ftp://example.org/a',
  'https://',
  'unknown',
  'dvids',
  'PURSUE-0',
  true,
  [],
  [{}],
  ['x'],
  {},
  { en: 'x' },
  { en: 'x', zh: '中' },
  { en: 'x', zh: 'no chinese' },
];

/** Every copy of `record` with one value (at any depth) replaced, removed, or joined by an unknown key. */
function* mutations(record: unknown, path: string[] = []): Generator<{ path: string; record: Plain }> {
  if (typeof record !== 'object' || record === null) return;
  const at = (change: (target: Plain) => void): Plain => {
    const copy = structuredClone(record) as Plain;
    change(copy);
    return copy;
  };
  yield { path: `${path.join('.')}+extra`, record: at((copy) => (copy.extra = 'x')) };
  if (Array.isArray(record)) yield { path: `${path.join('.')}+item`, record: at((copy) => (copy as unknown as unknown[]).push({})) };
  for (const key of Object.keys(record)) {
    for (const value of REPLACEMENTS) {
      yield { path: [...path, key].join('.'), record: at((copy) => (value === undefined ? delete copy[key] : (copy[key] = structuredClone(value)))) };
    }
    for (const inner of mutations((record as Plain)[key], [...path, key])) {
      yield { path: inner.path, record: at((copy) => (copy[key] = inner.record)) };
    }
  }
}

describe('satisfiesCaseRecordDto', () => {
  it('vouches for every record of the bundled archive and of the fixture, which class-validator accepts too', () => {
    for (const record of [...archive, ...fixture]) {
      expect({ id: record.id, errors: classValidatorErrors(record) }).toEqual({ id: record.id, errors: [] });
      expect({ id: record.id, fast: satisfiesCaseRecordDto(record) }).toEqual({ id: record.id, fast: true });
    }
  });

  it('never vouches for a record class-validator rejects, whatever field is broken, missing or added', () => {
    // Records of different shapes: with and without videos, images, specs, several sources.
    const shapes = [
      ...new Map(
        fixture.map((record) => [
          JSON.stringify(Object.keys(record).map((key) => [key, Array.isArray(record[key]) && record[key].length > 0])),
          record,
        ]),
      ).values(),
    ];
    let checked = 0;
    let rejected = 0;
    const wrongly: string[] = [];
    for (const base of shapes) {
      // The top-level record itself, then every nested value.
      for (const { path, record } of mutations(base)) {
        checked += 1;
        const errors = classValidatorErrors(record);
        if (errors.length > 0) rejected += 1;
        if (satisfiesCaseRecordDto(record) && errors.length > 0) wrongly.push(`${base.id} ${path}`);
      }
    }
    expect(wrongly).toEqual([]);
    // The mutations do exercise class-validator: most of them break a rule.
    expect(checked).toBeGreaterThan(1000);
    expect(rejected / checked).toBeGreaterThan(0.5);
  });

  it('knows every property each DTO validates, so a rule added to the DTO cannot slip past the fast path', () => {
    const storage = getMetadataStorage();
    for (const [name, properties] of Object.entries(PRECHECKED_PROPERTIES)) {
      const target = (dtos as unknown as Record<string, new () => object>)[name];
      const validated = new Set(storage.getTargetValidationMetadatas(target, '', true, false).map((meta) => meta.propertyName));
      expect({ name, properties: [...validated].sort() }).toEqual({ name, properties: [...properties].sort() });
    }
  });

  it('applies the rules the DTO declares today; change the pre-check with them', () => {
    const storage = getMetadataStorage();
    const rules = Object.keys(PRECHECKED_PROPERTIES).flatMap((name) => {
      const target = (dtos as unknown as Record<string, new () => object>)[name];
      return storage
        .getTargetValidationMetadatas(target, '', true, false)
        .map(
          (meta) =>
            `${name}.${meta.propertyName} ${meta.name ?? meta.type}${meta.each ? '[each]' : ''} ${JSON.stringify(meta.constraints ?? [], (_key, value: unknown) => (value instanceof RegExp ? String(value) : value))}`,
        )
        .sort();
    });
    expect(rules).toMatchSnapshot();
  });
});
