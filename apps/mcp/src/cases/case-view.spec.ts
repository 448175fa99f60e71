import type { CaseRecord } from '@app/api-client';
import { caseLines, caseLinks, compactCase, statsLines } from './case-view';

const record: CaseRecord = {
  id: '1952-example',
  date: '1952-07-19',
  datePrecision: 'day',
  dateDisplay: { en: 'July 1952', zh: '1952年7月' },
  title: { en: 'Example sightings', zh: '示例目击' },
  location: { name: { en: 'Washington, D.C.', zh: '华盛顿特区' }, country: 'US', lat: 38.9, lng: -77, precision: 'locality' },
  type: 'radar',
  credibility: 'official',
  tranche: 'pre-disclosure',
  hasVideo: false,
  summary: { en: 'Radar returns.', zh: '雷达回波。' },
  addedAt: '2026-11-01',
  updatedAt: '2026-11-01',
  detail: { en: 'More.', zh: '更多。' },
  videos: [],
  specs: [],
  sources: [1, 2, 3, 4].map((n) => ({ label: `Report ${n}`, url: `https://www.example.gov/${n}.pdf` })),
  images: [],
  revisions: [],
  relatedIds: [],
};

describe('compactCase', () => {
  it('keeps the summary in the asked language, links the record and the explorer, and cites the first sources', () => {
    expect(compactCase(record, record, 'https://api.example.org/', 'en')).toEqual({
      id: '1952-example',
      date: '1952-07-19',
      datePrecision: 'day',
      when: 'July 1952',
      title: 'Example sightings',
      place: 'Washington, D.C.',
      country: 'US',
      precision: 'locality',
      type: 'radar',
      credibility: 'official',
      tranche: 'pre-disclosure',
      hasVideo: false,
      summary: 'Radar returns.',
      url: 'https://api.example.org/api/cases/1952-example',
      page: 'https://api.example.org/?case=1952-example&lang=en',
      sources: record.sources.slice(0, 3),
      moreSources: 1,
    });
  });

  it('gives both languages by default, and no sources when the record was not read', () => {
    const item = compactCase(record, undefined, 'http://localhost:3000', 'both');
    expect(item).toMatchObject({ title: record.title, sources: [], moreSources: 0, page: 'http://localhost:3000/?case=1952-example' });
    expect(caseLines(item)).toEqual([
      'Example sightings | 示例目击 [1952-example]',
      '  1952-07-19 (July 1952 | 1952年7月) · Washington, D.C. | 华盛顿特区 (US, locality) · radar · official · pre-disclosure',
      '  Radar returns.',
      '  雷达回波。',
      '  Record: http://localhost:3000/api/cases/1952-example · Explorer: http://localhost:3000/?case=1952-example',
    ]);
  });

  it('ends with the sources, and says how many more there are', () => {
    const lines = caseLines(compactCase(record, record, 'http://x', 'zh'));
    expect(lines.slice(-2)).toEqual([
      '  Government sources: Report 1 <https://www.example.gov/1.pdf>; Report 2 <https://www.example.gov/2.pdf>; Report 3 <https://www.example.gov/3.pdf>',
      '  (+1 more sources: get_case lists them all)',
    ]);
    expect(caseLinks('http://x', 'a b', 'both').url).toBe('http://x/api/cases/a%20b');
  });
});

describe('statsLines', () => {
  it('lists totals, then each breakdown largest first', () => {
    const lines = statsLines({
      total: 3,
      withVideo: 1,
      yearRange: { from: 1947, to: 2020 },
      byType: { radar: 1, military: 2 },
      byTranche: { 'PURSUE-1': 3 },
      byCountry: { US: 2, ZZ: 1 },
      lastUpdated: '2026-11-01',
      releases: { 'PURSUE-1': '2026-05-08' },
    });
    expect(lines).toEqual([
      '3 cases, 1 with video, incidents from 1947 to 2020; last updated 2026-11-01.',
      'By type: military 2, radar 1.',
      'By tranche (release): PURSUE-1 3.',
      'By country (ISO 3166-1; ZZ = none): US 2, ZZ 1.',
      'PURSUE releases published: PURSUE-1 2026-05-08.',
    ]);
  });
});
