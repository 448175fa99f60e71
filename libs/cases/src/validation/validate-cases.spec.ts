import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateCases } from './validate-cases';

const fixture = JSON.parse(readFileSync(join(__dirname, '../../../../test/fixtures/cases.json'), 'utf8'));
const base = fixture.find((c: { hasVideo: boolean; location: { country: string } }) => c.hasVideo && c.location.country !== 'ZZ');
const messages = (records: unknown[]) => validateCases(records).map((p) => `${p.record} ${p.field}: ${p.message}`);

describe('validateCases', () => {
  it('accepts the fixture as it is', () => {
    expect(validateCases(fixture)).toEqual([]);
  });

  it('accepts a case with no place on Earth: country ZZ, the nominal point, precision unknown', () => {
    const space = { ...base, location: { ...base.location, country: 'ZZ', lat: 0, lng: 0, precision: 'unknown' } };
    expect(validateCases([space])).toEqual([]);
  });

  it('accepts a multi-country area: country ZZ at the area centroid', () => {
    const area = { ...base, location: { ...base.location, country: 'ZZ', lat: 31.6, lng: 54.7, precision: 'area' } };
    expect(validateCases([area])).toEqual([]);
  });

  it.each([
    [{ date: '2021-13-01' }, 'date: 2021-13-01 is not a day that exists'],
    [{ date: '2021-02-29' }, 'date: 2021-02-29 is not a day that exists'],
    [{ date: '21-02-01' }, 'date: date must be an ISO calendar date'],
    [{ id: 'Not A Slug' }, 'id: id must be a lowercase slug'],
    [{ hasVideo: false }, 'hasVideo: is false but the case lists 1 video(s)'],
    [{ credibility: 'likely' }, 'credibility: credibility must be one of official, corroborated, reported, explained'],
    [{ tranche: 'PURSUE-0' }, 'tranche: tranche must be pre-disclosure or PURSUE-<n>'],
    [{ title: { en: 'x' } }, 'title.zh: zh must be a string'],
    [{ title: { en: ' ', zh: '标题' } }, 'title.en: en must not be empty'],
    [{ detail: { en: 'x', zh: 'no chinese here' } }, 'detail.zh: zh must be written in Chinese'],
    [{ sources: [] }, 'sources: sources must list at least one source'],
    [{ sources: [{ label: 'x', url: 'ftp://example.org/a' }] }, 'sources[0].url: url must be an http(s) URL'],
    [{ videos: [{ provider: 'youtube', dvidsId: 'abc', caption: { en: 'c', zh: '视频' } }] }, 'videos[0].provider: provider must be dvids'],
    [{ images: [{ url: 'https://a.gov/x.jpg', caption: { en: 'c', zh: '图' } }] }, 'images[0].credit: credit must not be empty'],
    [{ location: { ...base.location, lat: 95 } }, 'location.lat: lat must be between -90 and 90'],
    [{ location: { ...base.location, lng: -181 } }, 'location.lng: lng must be between -180 and 180'],
    [{ location: { ...base.location, country: 'us' } }, 'location.country: country must be an uppercase two-letter ISO 3166-1 code'],
    [{ location: { ...base.location, country: 'XQ' } }, 'location.country: XQ is not an ISO 3166-1 alpha-2 code'],
    [{ location: { ...base.location, lat: null, lng: null } }, 'location.lat: lat must be a number'],
    [{ location: { ...base.location, lng: '12.5' } }, 'location.lng: lng must be a number'],
    [{ location: { ...base.location, precision: undefined } }, 'location.precision: precision must be one of site, locality, region, area, unknown'],
    [{ location: { ...base.location, precision: 'exact' } }, 'location.precision: precision must be one of'],
    [{ location: { ...base.location, precision: 'unknown' } }, 'location: precision unknown takes country ZZ and the nominal point 0, 0'],
    [{ location: { ...base.location, country: 'ZZ', precision: 'unknown', lat: 10, lng: 0 } }, 'location: precision unknown takes country ZZ'],
    [{ location: { ...base.location, lat: 0, lng: 0 } }, 'location: 0, 0 is the nominal point of precision unknown, not a place'],
    [{ location: { ...base.location, country: 'ZZ', precision: 'locality' } }, 'location: country ZZ is only for precision area or unknown'],
    [{ extra: 1 }, 'extra: is not a case field'],
    [{ datePrecision: undefined }, 'datePrecision: datePrecision must be one of day, month, year, unknown'],
    [{ datePrecision: 'decade' }, 'datePrecision: datePrecision must be one of day, month, year, unknown'],
    [{ date: '2020-08-08', datePrecision: 'month' }, "date: a date of precision month is the month's first day, not 2020-08-08"],
    [{ date: '2020-08-01', datePrecision: 'year' }, 'date: a date of precision year is 1 January of that year, not 2020-08-01'],
    [{ relatedIds: undefined }, 'relatedIds: relatedIds must be a list of case ids (empty when none)'],
    [{ relatedIds: ['Not An Id'] }, 'relatedIds: relatedIds must hold case ids'],
    [{ relatedIds: [base.id] }, 'relatedIds[0]: names the case itself'],
    [{ relatedIds: ['1999-nowhere'] }, 'relatedIds[0]: 1999-nowhere is not a case in the dataset'],
    [{ addedAt: undefined }, 'addedAt: addedAt must be an ISO calendar date YYYY-MM-DD'],
    [{ updatedAt: '2026-02-30' }, 'updatedAt: 2026-02-30 is not a day that exists'],
    [{ revisions: [] }, 'revisions: revisions must hold at least the revision that added the case'],
    [{ revisions: [{ date: '2026-11-21', reason: { en: 'Added' } }] }, 'revisions[0].reason.zh: zh must be a string'],
    [{ updatedAt: '2026-12-01' }, 'revisions: the newest revision (2026-11-21) must be on updatedAt (2026-12-01)'],
    [{ addedAt: '2026-12-01' }, 'updatedAt: 2026-11-21 is before addedAt 2026-12-01'],
    [
      {
        updatedAt: '2026-12-01',
        revisions: [
          { date: '2026-11-21', reason: { en: 'a', zh: '甲' } },
          { date: '2026-12-01', reason: { en: 'b', zh: '乙' } },
        ],
      },
      'revisions: must be listed newest first',
    ],
  ])('reports %j', (change, expected) => {
    const record = { ...base, ...change };
    expect(messages([record])).toEqual(expect.arrayContaining([expect.stringContaining(expected)]));
  });

  it('accepts links that go both ways, and refuses one that does not come back', () => {
    const a = { ...base, id: 'case-a', relatedIds: ['case-b'] };
    const b = { ...base, id: 'case-b', relatedIds: ['case-a'] };
    expect(validateCases([a, b])).toEqual([]);
    expect(messages([a, { ...b, relatedIds: [] }])).toEqual(['case-a relatedIds[0]: case-b does not link back (links go both ways)']);
    expect(messages([{ ...a, relatedIds: ['case-b', 'case-b'] }, b])).toEqual(['case-a relatedIds[1]: repeats case-b']);
  });

  it('names each record by id, or by position when it has none, and reports every problem', () => {
    const found = messages([{ ...base, type: 'ufo' }, { ...base }, 42, { ...base, id: undefined }]);
    expect(found).toEqual(
      expect.arrayContaining([
        `${base.id} type: type must be one of military, radar, mass, photo, astronaut, document, crash`,
        `${base.id} id: duplicates the id of record #1`,
        '#3 (record): must be a JSON object',
        expect.stringMatching(/^#4 id: id must be a lowercase slug/),
      ]),
    );
  });
});
