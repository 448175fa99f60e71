import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseRecord } from '@app/cases';
import { searchDocumentJson, toSearchDocument } from './case-indexer';

const fixture: CaseRecord[] = JSON.parse(readFileSync(join(__dirname, '../../../../test/fixtures/cases.json'), 'utf8'));
const placed = fixture.find((record) => record.location.precision !== 'unknown') as CaseRecord;
const nowhere: CaseRecord = { ...placed, location: { ...placed.location, country: 'ZZ', lat: 0, lng: 0, precision: 'unknown' } };
const undated: CaseRecord = { ...placed, datePrecision: 'unknown' };

describe('searchDocumentJson', () => {
  it.each([
    ['a placed case, which gains its point', placed],
    ['a case of precision unknown, which gets none', nowhere],
    ['a case of unknown date, which gets no incident date', undated],
  ])('sends the same document from the NDJSON line as from the parsed record: %s', (_label, record) => {
    const expected = toSearchDocument(record);
    // An operator's line may be spaced out and end in blanks; the document must not change with it.
    for (const json of [JSON.stringify(record), `${JSON.stringify(record, null, 1).replace(/\n/g, ' ')}  `]) {
      expect(JSON.parse(searchDocumentJson({ record, json }))).toEqual(expected);
    }
    expect(JSON.parse(searchDocumentJson({ record }))).toEqual(expected);
  });

  it("sends, from a line that is exactly the record's JSON, the very bytes the record would serialize to", () => {
    for (const record of [placed, nowhere, undated]) {
      expect(searchDocumentJson({ record, json: JSON.stringify(record) })).toBe(JSON.stringify(toSearchDocument(record)));
    }
  });

  it('gives a placed case its geo point and a case of precision unknown none', () => {
    expect(JSON.parse(searchDocumentJson({ record: placed, json: JSON.stringify(placed) })).point).toEqual({
      lat: placed.location.lat,
      lon: placed.location.lng,
    });
    expect(JSON.parse(searchDocumentJson({ record: nowhere, json: JSON.stringify(nowhere) }))).not.toHaveProperty('point');
  });

  it('gives a dated case its incident date, and a case of unknown date none, so its placeholder is never sorted or counted as one', () => {
    expect(JSON.parse(searchDocumentJson({ record: placed, json: JSON.stringify(placed) })).incidentDate).toBe(placed.date);
    const document = JSON.parse(searchDocumentJson({ record: undated, json: JSON.stringify(undated) }));
    expect(document).not.toHaveProperty('incidentDate');
    expect(document.date).toBe(placed.date);
  });
});
