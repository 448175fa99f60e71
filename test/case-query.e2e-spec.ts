import { readFileSync } from 'node:fs';
import type { CaseRecord } from '@app/cases';
import { FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';

const ALIAS = 'e2e-case-query';
const fixture: CaseRecord[] = JSON.parse(readFileSync(FIXTURE, 'utf8'));

const newestFirst = (a: CaseRecord, b: CaseRecord) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id);
const oldestFirst = (a: CaseRecord, b: CaseRecord) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id);
const idsOf = (cases: { id: string }[]) => cases.map((c) => c.id);
const expectedIds = (keep: (c: CaseRecord) => boolean, order = newestFirst) =>
  fixture
    .filter(keep)
    .sort(order)
    .map((c) => c.id);
const onMap = (c: CaseRecord) => c.location.precision !== 'unknown';
const countBy = (cases: CaseRecord[], key: (c: CaseRecord) => string) =>
  cases.reduce<Record<string, number>>((acc, c) => ({ ...acc, [key(c)]: (acc[key(c)] ?? 0) + 1 }), {});

/** Great-circle distance in km, as Elasticsearch's arc distance computes it (to well under a kilometre). */
function km(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6_371.0088 * Math.asin(Math.sqrt(h));
}

let api: RunningApi;
const get = (path: string) => request(api.baseUrl, path);

beforeAll(async () => {
  expect((await ingest(ALIAS, FIXTURE)).status).toMatch(/indexed|unchanged/);
  api = await startApi({ CASES_ALIAS: ALIAS });
});

afterAll(async () => {
  await api?.close();
});

describe('several values per filter', () => {
  it.each([
    ['type=military,radar', (c: CaseRecord) => ['military', 'radar'].includes(c.type)],
    ['credibility=official, explained', (c: CaseRecord) => ['official', 'explained'].includes(c.credibility)],
    ['tranche=pursue-1,Pre-Disclosure', (c: CaseRecord) => ['PURSUE-1', 'pre-disclosure'].includes(c.tranche)],
    ['country=ca,de', (c: CaseRecord) => ['CA', 'DE'].includes(c.location.country)],
    ['type=military,radar&country=US', (c: CaseRecord) => ['military', 'radar'].includes(c.type) && c.location.country === 'US'],
    ['type=radar', (c: CaseRecord) => c.type === 'radar'],
  ])('%s keeps any of the values, and filters still combine with AND', async (query, keep) => {
    const expected = expectedIds(keep);
    expect(expected.length).toBeGreaterThan(1);
    const { status, body } = await get(`/api/cases?${query}`);
    expect(status).toBe(200);
    expect(body.total).toBe(expected.length);
    expect(idsOf(body.cases)).toEqual(expected);
  });

  it('answers a list written in another order from the same cache entry', async () => {
    const first = await get('/api/cases?type=radar,military&country=US,CA');
    const second = await get('/api/cases?country=CA,US&type=military,radar,military');
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.body.cases).toEqual(first.body.cases);
  });
});

describe('date ranges', () => {
  // Tremonton is 1952-07-02, Washington 1952-07-19: the bounds fall on and beside them.
  it.each([
    ['dateFrom=1952-07-19', (c: CaseRecord) => c.date >= '1952-07-19'],
    ['dateFrom=1952-07-20', (c: CaseRecord) => c.date >= '1952-07-20'],
    ['dateTo=1952-07-02', (c: CaseRecord) => c.date <= '1952-07-02'],
    ['dateTo=1952-07-01', (c: CaseRecord) => c.date <= '1952-07-01'],
    ['dateFrom=1952-07-02&dateTo=1952-07-19', (c: CaseRecord) => c.date >= '1952-07-02' && c.date <= '1952-07-19'],
    ['dateFrom=1952-07-03&dateTo=1952-07-18', () => false],
    ['dateFrom=1947&dateTo=1952', (c: CaseRecord) => c.date >= '1947-01-01' && c.date <= '1952-12-31'],
    ['dateFrom=1952-07&dateTo=1952-07', (c: CaseRecord) => c.date.startsWith('1952-07')],
    ['dateFrom=1948&type=military', (c: CaseRecord) => c.date >= '1948' && c.type === 'military'],
  ])('%s is inclusive at both ends', async (query, keep) => {
    const { status, body } = await get(`/api/cases?${query}`);
    expect(status).toBe(200);
    expect(idsOf(body.cases)).toEqual(expectedIds(keep));
  });
});

describe('places', () => {
  it('a box keeps the placed cases inside it, never a nominal 0,0', async () => {
    const { body } = await get('/api/cases?bbox=-130,20,-60,55');
    const expected = expectedIds((c) => onMap(c) && c.location.lng >= -130 && c.location.lng <= -60 && c.location.lat >= 20 && c.location.lat <= 55);
    expect(expected.length).toBeGreaterThan(3);
    expect(idsOf(body.cases)).toEqual(expected);

    const aroundNullIsland = await get('/api/cases?bbox=-1,-1,1,1');
    expect(aroundNullIsland.body.total).toBe(0);
    expect(fixture.some((c) => c.location.precision === 'unknown' && c.location.lat === 0 && c.location.lng === 0)).toBe(true);
  });

  it('a box across the antimeridian spans the Pacific, not the rest of the world', async () => {
    // From 100°E eastwards over 180° to 60°W: the Americas, without Europe, Afghanistan or the Gulf.
    const { body } = await get('/api/cases?bbox=100,-60,-60,70');
    const expected = expectedIds((c) => onMap(c) && (c.location.lng >= 100 || c.location.lng <= -60));
    expect(expected).toContain('1967-shag-harbour');
    expect(expected).not.toContain('1945-shaef-foo-fighters-file');
    expect(idsOf(body.cases)).toEqual(expected);
  });

  it('near with radiusKm keeps the placed cases within the radius', async () => {
    const washington = { lat: 38.9, lng: -77.04 };
    const { body } = await get('/api/cases?near=38.9,-77.04&radiusKm=1000');
    const expected = expectedIds((c) => onMap(c) && km(washington, c.location) <= 1000);
    expect(expected.length).toBeGreaterThan(1);
    expect(fixture.filter(onMap).every((c) => Math.abs(km(washington, c.location) - 1000) > 20)).toBe(true);
    expect(idsOf(body.cases)).toEqual(expected);
  });

  it('sort=distance orders every placed case by distance from near', async () => {
    const kabul = { lat: 34.5, lng: 69.2 };
    const { body } = await get('/api/cases?near=34.5,69.2&sort=distance&limit=500');
    const expected = fixture
      .filter(onMap)
      .sort((a, b) => km(kabul, a.location) - km(kabul, b.location))
      .map((c) => c.id);
    expect(idsOf(body.cases)).toEqual(expected);
    expect(body.cases[0].id).toBe('2017-kabul-afsoc-uap');
  });
});

describe('order', () => {
  it('sort=oldest lists the oldest first, and newest is the default', async () => {
    expect(idsOf((await get('/api/cases?sort=oldest')).body.cases)).toEqual(expectedIds(() => true, oldestFirst));
    expect(idsOf((await get('/api/cases?sort=newest')).body.cases)).toEqual(idsOf((await get('/api/cases')).body.cases));
  });

  it('sort=newest with q drops relevance for the date', async () => {
    const { body } = await get('/api/cases?q=radar&sort=newest');
    const dates = body.cases.map((c: CaseRecord) => c.date);
    expect(body.total).toBeGreaterThan(1);
    expect(dates).toEqual([...dates].sort().reverse());
    // Still only the cases q finds (the same total as by relevance), each saying how it matched.
    expect(body.total).toBe((await get('/api/cases?q=radar')).body.total);
    expect(body.total).toBeLessThan((await get('/api/cases')).body.total);
    for (const listed of body.cases) expect(['all', 'some']).toContain(listed.match);
  });
});

describe('field selection', () => {
  it('trims each summary to the fields asked for and keeps the id and the envelope', async () => {
    const { status, body } = await get('/api/cases?fields=title,date&limit=3');
    expect(status).toBe(200);
    expect(body).toMatchObject({ version: 1, count: 3, total: fixture.length });
    for (const c of body.cases) expect(Object.keys(c).sort()).toEqual(['date', 'id', 'title']);
    const source = fixture.find((c) => c.id === body.cases[0].id)!;
    expect(body.cases[0]).toEqual({ id: source.id, date: source.date, title: source.title });
    expect(Object.keys((await get('/api/cases?fields=id&limit=1')).body.cases[0])).toEqual(['id']);
  });
});

describe('facets', () => {
  const ALL = 'type,credibility,tranche,country,precision,hasVideo,year,decade';

  it('counts every matching case, not just the page, in the same response', async () => {
    const { status, body } = await get(`/api/cases?type=military,radar&facets=${ALL}&limit=1`);
    expect(status).toBe(200);
    const kept = fixture.filter((c) => ['military', 'radar'].includes(c.type));
    expect(body.count).toBe(1);
    expect(body.total).toBe(kept.length);
    expect(body.facets.type).toEqual({
      military: 0,
      radar: 0,
      mass: 0,
      photo: 0,
      astronaut: 0,
      document: 0,
      crash: 0,
      ...countBy(kept, (c) => c.type),
    });
    expect(body.facets.credibility).toEqual({ official: 0, corroborated: 0, reported: 0, explained: 0, ...countBy(kept, (c) => c.credibility) });
    expect(body.facets.tranche).toEqual(countBy(kept, (c) => c.tranche));
    expect(body.facets.country).toEqual(countBy(kept, (c) => c.location.country));
    expect(body.facets.precision).toEqual({ site: 0, locality: 0, region: 0, area: 0, unknown: 0, ...countBy(kept, (c) => c.location.precision) });
    expect(body.facets.hasVideo).toEqual({ true: 0, false: 0, ...countBy(kept, (c) => String(c.hasVideo)) });
    expect(body.facets.year).toEqual(countBy(kept, (c) => c.date.slice(0, 4)));
    expect(body.facets.decade).toEqual(countBy(kept, (c) => `${c.date.slice(0, 3)}0`));
  });

  it('each count equals the total of the list filtered by that value', async () => {
    const { body } = await get('/api/cases?dateFrom=1947&facets=type,country,decade&limit=0');
    for (const [type, count] of Object.entries(body.facets.type)) {
      expect((await get(`/api/cases?dateFrom=1947&type=${type}&limit=0`)).body.total).toBe(count);
    }
    for (const [country, count] of Object.entries(body.facets.country)) {
      expect((await get(`/api/cases?dateFrom=1947&country=${country}&limit=0`)).body.total).toBe(count);
    }
    for (const [decade, count] of Object.entries(body.facets.decade)) {
      const from = Math.max(Number(decade), 1947);
      expect((await get(`/api/cases?dateFrom=${from}&dateTo=${Number(decade) + 9}&limit=0`)).body.total).toBe(count);
    }
  });

  it('leaves facets out unless asked, and pages on with a cursor whatever facets or fields say', async () => {
    const plain = await get('/api/cases?limit=2');
    expect(plain.body).not.toHaveProperty('facets');
    const next = await get(`/api/cases?limit=2&facets=type&fields=id&cursor=${plain.body.nextCursor}`);
    expect(next.status).toBe(200);
    expect(idsOf(next.body.cases)).toEqual(expectedIds(() => true).slice(2, 4));
  });
});

describe('GET /api/stats with filters', () => {
  it('counts the subset the filters keep, with byYear', async () => {
    const { status, body } = await get('/api/stats?type=military,radar&country=US');
    expect(status).toBe(200);
    const kept = fixture.filter((c) => ['military', 'radar'].includes(c.type) && c.location.country === 'US');
    expect(body.total).toBe(kept.length);
    expect(body.total).toBe((await get('/api/cases?type=military,radar&country=US&limit=0')).body.total);
    expect(body.byYear).toEqual(countBy(kept, (c) => c.date.slice(0, 4)));
    expect(body.byCountry).toEqual({ US: kept.length });
    expect(body.withVideo).toBe(kept.filter((c) => c.hasVideo).length);
  });

  it('counts the whole archive by year without filters', async () => {
    const { body } = await get('/api/stats');
    expect(body.byYear).toEqual(countBy(fixture, (c) => c.date.slice(0, 4)));
    expect(Object.keys(body.byYear)).toEqual([...Object.keys(body.byYear)].sort());
  });

  it('refuses a bad filter by name', async () => {
    const { status, body } = await get('/api/stats?bbox=1,2,3');
    expect(status).toBe(400);
    expect(body.error.parameters).toEqual([{ parameter: 'bbox', message: expect.stringMatching(/bbox must be minLng,minLat,maxLng,maxLat/) }]);
  });
});

describe('GET /api/cases/{id}/related', () => {
  it('returns similar cases, never the case itself, those sharing its place or subject first', async () => {
    const id = '1952-washington-dc-radar-sightings';
    const { status, body } = await get(`/api/cases/${id}/related?limit=5`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ version: 1, id, count: 5 });
    expect(idsOf(body.cases)).not.toContain(id);
    const self = fixture.find((c) => c.id === id)!;
    const sharing = (c: CaseRecord) => c.type === self.type || (onMap(c) && km(self.location, c.location) < 1500);
    // The three most related all share the place (same country, or within 1,500 km) or the subject (the type).
    const top = body.cases.slice(0, 3).map((c: CaseRecord) => fixture.find((f) => f.id === c.id)!);
    expect(top.every((c: CaseRecord) => sharing(c) || c.location.country === self.location.country)).toBe(true);
    expect(Object.keys(body.cases[0]).sort()).toEqual(
      [
        'addedAt',
        'credibility',
        'date',
        'dateDisplay',
        'datePrecision',
        'hasVideo',
        'id',
        'location',
        'summary',
        'title',
        'tranche',
        'type',
        'updatedAt',
      ].sort(),
    );
  });

  it('puts the cases of the same region before those of other continents', async () => {
    const { body } = await get('/api/cases/1947-roswell-debris-recovery/related?limit=4');
    expect(body.cases.map((c: CaseRecord) => c.location.country)).toEqual(['US', 'US', 'US', 'US']);
  });

  it('ranks a case placed nowhere by its text and type alone', async () => {
    const id = '1969-apollo-11-crew-debriefing-observations';
    const { status, body } = await get(`/api/cases/${id}/related`);
    expect(status).toBe(200);
    expect(body.count).toBe(Math.min(10, fixture.length - 1));
    expect(idsOf(body.cases)).not.toContain(id);
  });

  it('answers 404 for an unknown id, and a bad limit by name', async () => {
    const missing = await get('/api/cases/no-such-case/related');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'case_not_found' });
    const bad = await get('/api/cases/1947-roswell-debris-recovery/related?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.error.parameters).toEqual([{ parameter: 'limit', message: expect.stringMatching(/limit must be an integer of 1 or more/) }]);
  });
});

describe('the export and the feed take the new filters', () => {
  it('exports every case of a multi-value, dated, placed subset in the order asked', async () => {
    const response = await fetch(`${api.baseUrl}/api/cases/export?type=military,radar&dateFrom=1948&bbox=-130,20,-60,55&sort=oldest`);
    expect(response.status).toBe(200);
    const ids = (await response.text())
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as CaseRecord).id);
    const expected = expectedIds(
      (c) => ['military', 'radar'].includes(c.type) && c.date >= '1948' && onMap(c) && c.location.lng >= -130 && c.location.lng <= -60,
      oldestFirst,
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(ids).toEqual(expected);
  });

  it('narrows the feed the same way and names the filters in its title', async () => {
    const response = await fetch(`${api.baseUrl}/api/feed.atom?type=military,radar&near=38.9,-77.04&radiusKm=1000`);
    expect(response.status).toBe(200);
    const xml = await response.text();
    const entries = xml.match(/<entry>/g) ?? [];
    const washington = { lat: 38.9, lng: -77.04 };
    expect(entries.length).toBe(expectedIds((c) => ['military', 'radar'].includes(c.type) && onMap(c) && km(washington, c.location) <= 1000).length);
    expect(xml).toContain('type=military,radar');
    expect(xml).toContain('near=38.9,-77.04');
  });
});

describe('bad parameters name themselves', () => {
  it.each([
    ['type=military,ufo', 'type', /type must be one of: military, radar/],
    ['type=military,', 'type', /type must be one of/],
    ['country=US,USA', 'country', /country must be a two-letter/],
    ['tranche=PURSUE-1,PURSUE-0', 'tranche', /tranche must be pre-disclosure or PURSUE-<n>/],
    ['dateFrom=1952-13', 'dateFrom', /dateFrom must be a date YYYY, YYYY-MM or YYYY-MM-DD/],
    ['dateTo=1952-02-30', 'dateTo', /dateTo must be a date/],
    ['dateTo=52', 'dateTo', /dateTo must be a date/],
    ['dateFrom=1953&dateTo=1952', 'dateFrom', /dateFrom must not be after dateTo/],
    ['bbox=-130,20,-60', 'bbox', /bbox must be minLng,minLat,maxLng,maxLat/],
    ['bbox=-130,60,-60,20', 'bbox', /minLat at most maxLat/],
    ['bbox=-190,20,-60,50', 'bbox', /bbox must be/],
    ['near=91,0', 'near', /near must be lat,lng/],
    ['near=38.9,-77&radiusKm=0', 'radiusKm', /radiusKm must be a number of kilometres from 0.001 to 20038/],
    ['near=38.9,-77&radiusKm=0.0000001', 'radiusKm', /radiusKm must be a number of kilometres from 0.001/],
    ['near=38.9,-77&radiusKm=30000', 'radiusKm', /to 20038/],
    ['near=38.9,-77&radiusKm=far', 'radiusKm', /radiusKm must be a number/],
    ['radiusKm=100', 'radiusKm', /radiusKm needs near/],
    ['sort=random', 'sort', /sort must be one of: relevance, newest, oldest, distance/],
    ['sort=distance', 'sort', /sort=distance needs near/],
    ['fields=title,colour,smell', 'fields', /fields has unknown fields: colour, smell; choose from id, date/],
    ['fields=', 'fields', /fields must name at least one field/],
    ['facets=type,mood', 'facets', /facets has unknown facets: mood; choose from type, credibility/],
    ['facets=type&facets=year', 'facets', /facets must be given once/],
  ])('%s is a 400 naming %s', async (query, parameter, message) => {
    const { status, body } = await get(`/api/cases?${query}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid_parameter');
    expect(body.error.parameters).toEqual([{ parameter, message: expect.stringMatching(message) }]);
  });
});
