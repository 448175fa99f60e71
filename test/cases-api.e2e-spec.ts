import { readFileSync } from 'node:fs';
import type { CaseRecord } from '@app/cases';
import { FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';

const ALIAS = 'e2e-api-cases';
const fixture: CaseRecord[] = JSON.parse(readFileSync(FIXTURE, 'utf8'));

/** The order the api promises without a keyword: newest first, then id. */
const chronological = (a: CaseRecord, b: CaseRecord) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id);
const idsOf = (cases: { id: string }[]) => cases.map((c) => c.id);
const expectedIds = (keep: (c: CaseRecord) => boolean) =>
  fixture
    .filter(keep)
    .sort(chronological)
    .map((c) => c.id);

let api: RunningApi;
const get = (path: string, init?: RequestInit) => request(api.baseUrl, path, init);

beforeAll(async () => {
  const outcome = await ingest(ALIAS, FIXTURE);
  expect(outcome.status).toBe('indexed');
  api = await startApi({ CASES_ALIAS: ALIAS, OPERATOR_NAME: 'Test Operator', OPERATOR_SITE: 'https://ops.test', CONTACT_EMAIL: 'ops@ops.test' });
});

afterAll(async () => {
  await api?.close();
});

describe('GET /api/cases', () => {
  it('lists every case newest first with the envelope and paging fields', async () => {
    const { status, headers, body } = await get('/api/cases');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(body.version).toBe(1);
    expect(body.license).toContain('public-domain government material');
    expect(body.license).toContain('Test Operator');
    expect(body.license).toContain('https://ops.test');
    expect(body.license).toContain('ops@ops.test');
    expect(body).toMatchObject({ total: fixture.length, count: fixture.length, limit: 50, offset: 0 });
    expect(idsOf(body.cases)).toEqual(expectedIds(() => true));
  });

  it('returns the summary fields only, never the detail body', async () => {
    const { body } = await get('/api/cases?limit=1');
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
    const source = fixture.find((c) => c.id === body.cases[0].id)!;
    expect(body.cases[0].location).toEqual(source.location);
    expect(body.cases[0].summary).toEqual(source.summary);
  });

  it.each([
    ['type=radar', (c: CaseRecord) => c.type === 'radar'],
    ['type=crash', (c: CaseRecord) => c.type === 'crash'],
    ['credibility=explained', (c: CaseRecord) => c.credibility === 'explained'],
    ['tranche=pre-disclosure', (c: CaseRecord) => c.tranche === 'pre-disclosure'],
    ['tranche=PURSUE-2', (c: CaseRecord) => c.tranche === 'PURSUE-2'],
    ['tranche=pursue-4', (c: CaseRecord) => c.tranche === 'PURSUE-4'],
    ['tranche=PURSUE-6', (c: CaseRecord) => c.tranche === 'PURSUE-6'],
    ['country=US', (c: CaseRecord) => c.location.country === 'US'],
    ['country=ca', (c: CaseRecord) => c.location.country === 'CA'],
    ['precision=unknown', (c: CaseRecord) => c.location.precision === 'unknown'],
    ['precision=area', (c: CaseRecord) => c.location.precision === 'area'],
    ['precision=site,locality', (c: CaseRecord) => ['site', 'locality'].includes(c.location.precision)],
    ['precision=Site, Region', (c: CaseRecord) => ['site', 'region'].includes(c.location.precision)],
    ['hasVideo=true', (c: CaseRecord) => c.hasVideo],
    ['hasVideo=false', (c: CaseRecord) => !c.hasVideo],
    ['year=1952', (c: CaseRecord) => c.date.startsWith('1952')],
  ])('filters by %s', async (query, keep) => {
    const expected = expectedIds(keep);
    expect(expected.length).toBeGreaterThan(0);
    const { status, body } = await get(`/api/cases?${query}`);
    expect(status).toBe(200);
    expect(body.total).toBe(expected.length);
    expect(idsOf(body.cases)).toEqual(expected);
  });

  it('applies several filters together', async () => {
    const expected = expectedIds((c) => c.location.country === 'US' && c.tranche === 'pre-disclosure' && !c.hasVideo && c.date.startsWith('1952'));
    expect(expected.length).toBeGreaterThan(0);
    const { body } = await get('/api/cases?country=us&tranche=Pre-Disclosure&hasVideo=false&year=1952');
    expect(idsOf(body.cases)).toEqual(expected);

    const none = await get('/api/cases?type=crash&hasVideo=true');
    expect(none.body).toMatchObject({ total: 0, count: 0, cases: [] });
  });

  it('a tranche no case has yet is valid and simply matches nothing', async () => {
    const { status, body } = await get('/api/cases?tranche=PURSUE-99');
    expect(status).toBe(200);
    expect(body.total).toBe(0);
  });

  describe('keyword search', () => {
    it('finds English words through stemming, in titles, places and summaries', async () => {
      const { body } = await get('/api/cases?q=Roswell');
      expect(idsOf(body.cases)).toContain('1947-roswell-debris-recovery');

      const stemmed = await get('/api/cases?q=radars');
      expect(idsOf(stemmed.body.cases)).toContain('1952-washington-dc-radar-sightings');
    });

    it('finds Chinese words', async () => {
      const { body } = await get(`/api/cases?q=${encodeURIComponent('罗斯威尔')}`);
      expect(idsOf(body.cases)).toEqual(['1947-roswell-debris-recovery']);

      const place = await get(`/api/cases?q=${encodeURIComponent('华盛顿')}`);
      expect(idsOf(place.body.cases)).toContain('1952-washington-dc-radar-sightings');
    });

    it('combines a keyword with filters', async () => {
      const { body } = await get('/api/cases?q=Washington&type=crash');
      expect(body.total).toBe(0);
      const match = await get('/api/cases?q=Washington&type=radar');
      expect(idsOf(match.body.cases)).toEqual(['1952-washington-dc-radar-sightings']);
    });

    it('treats query syntax as plain text', async () => {
      for (const q of ['title:(roswell', 'AND OR NOT', '"unbalanced', 'a*b?c~2 /regex/', '\\']) {
        const { status } = await get(`/api/cases?q=${encodeURIComponent(q)}`);
        expect(status).toBe(200);
      }
    });

    it('ignores a blank keyword', async () => {
      const { body } = await get('/api/cases?q=%20%20');
      expect(body.total).toBe(fixture.length);
    });
  });

  describe('pagination', () => {
    it('pages through the same order without gaps or repeats', async () => {
      const all = expectedIds(() => true);
      const seen: string[] = [];
      for (let offset = 0; offset < all.length; offset += 4) {
        const { body } = await get(`/api/cases?limit=4&offset=${offset}`);
        expect(body).toMatchObject({ limit: 4, offset, total: all.length });
        expect(body.count).toBe(body.cases.length);
        seen.push(...idsOf(body.cases));
      }
      expect(seen).toEqual(all);
    });

    it('limit=0 gives the total with no cases', async () => {
      const { body } = await get('/api/cases?limit=0&type=military');
      expect(body).toMatchObject({ count: 0, limit: 0, cases: [], total: expectedIds((c) => c.type === 'military').length });
    });

    it('clamps a limit above 500 and says so', async () => {
      const { status, body } = await get('/api/cases?limit=100000');
      expect(status).toBe(200);
      expect(body.limit).toBe(500);
      expect(body.count).toBe(fixture.length);
    });

    it('an offset past the end gives an empty page', async () => {
      const { status, body } = await get('/api/cases?offset=1000');
      expect(status).toBe(200);
      expect(body).toMatchObject({ count: 0, cases: [], total: fixture.length, offset: 1000 });
    });

    it('rejects a window deeper than the index allows with a clear 400', async () => {
      const { status, body } = await get('/api/cases?offset=9999&limit=2');
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ status: 400, code: 'invalid_parameter' });
      expect(body.error.message).toMatch(/offset \+ limit must be at most 10000/);
    });
  });

  describe('bad parameters', () => {
    it.each([
      ['type=ufo', 'type', /type must be one of: military, radar, mass, photo, astronaut, document, crash/],
      ['type=Military', 'type', /type must be one of/],
      ['credibility=likely', 'credibility', /credibility must be one of: official, corroborated, reported, explained/],
      ['tranche=PURSUE-0', 'tranche', /tranche must be pre-disclosure or PURSUE-<n>/],
      ['tranche=release-1', 'tranche', /tranche must be pre-disclosure or PURSUE-<n>/],
      ['country=USA', 'country', /country must be a two-letter ISO 3166-1 country code/],
      ['country=1A', 'country', /country must be a two-letter/],
      ['precision=exact', 'precision', /precision must be one or more of site, locality, region, area, unknown/],
      ['precision=site,,area', 'precision', /precision must be one or more of/],
      ['precision=site&precision=area', 'precision', /precision must be given once/],
      ['hasVideo=yes', 'hasVideo', /hasVideo must be true or false/],
      ['year=52', 'year', /year must be a four-digit year/],
      ['year=19x2', 'year', /year must be a four-digit year/],
      ['limit=-1', 'limit', /limit must be an integer of 0 or more/],
      ['limit=ten', 'limit', /limit must be an integer of 0 or more/],
      ['limit=1.5', 'limit', /limit must be an integer of 0 or more/],
      ['offset=-5', 'offset', /offset must be an integer of 0 or more/],
      [`q=${'x'.repeat(201)}`, 'q', /q must be at most 200 characters/],
      ['type=radar&type=mass', 'type', /type must be given once/],
    ])('%s is a 400 naming %s', async (query, parameter, message) => {
      const { status, headers, body } = await get(`/api/cases?${query}`);
      expect(status).toBe(400);
      expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(body.version).toBe(1);
      expect(body.license).toContain('public-domain');
      expect(body.error.status).toBe(400);
      expect(body.error.code).toBe('invalid_parameter');
      expect(body.error.parameters).toEqual([expect.objectContaining({ parameter, message: expect.stringMatching(message) })]);
      expect(body.error.message).toMatch(message);
    });

    it('reports every bad parameter at once', async () => {
      const { body } = await get('/api/cases?type=x&hasVideo=maybe&limit=-3');
      expect(body.error.parameters.map((p: { parameter: string }) => p.parameter).sort()).toEqual(['hasVideo', 'limit', 'type']);
    });

    it('ignores unknown parameters', async () => {
      const { status, body } = await get('/api/cases?colour=green&type=crash');
      expect(status).toBe(200);
      expect(idsOf(body.cases)).toEqual(expectedIds((c) => c.type === 'crash'));
    });

    it('a q of exactly 200 characters is fine', async () => {
      const { status } = await get(`/api/cases?q=${'x'.repeat(200)}`);
      expect(status).toBe(200);
    });
  });
});

describe('GET /api/cases/{id}', () => {
  it('returns the full record, every summary field included', async () => {
    const source = fixture.find((c) => c.hasVideo)!;
    const { status, body } = await get(`/api/cases/${source.id}`);
    expect(status).toBe(200);
    expect(body.version).toBe(1);
    expect(body.license).toContain('Test Operator');
    expect(body.case).toEqual(source);
    expect(body.case.videos[0]).toEqual({ provider: 'dvids', dvidsId: expect.stringMatching(/^\d+$/), caption: expect.any(Object) });
  });

  it('gives every case numeric coordinates, and a place off the map the nominal point with precision unknown', async () => {
    const { body } = await get('/api/cases?limit=500');
    for (const c of body.cases) {
      expect(c.location).toEqual({
        name: expect.any(Object),
        country: expect.any(String),
        lat: expect.any(Number),
        lng: expect.any(Number),
        precision: expect.any(String),
      });
    }
    const source = fixture.find((c) => c.location.precision === 'unknown')!;
    const one = await get(`/api/cases/${source.id}`);
    expect(one.body.case.location).toMatchObject({ country: 'ZZ', lat: 0, lng: 0, precision: 'unknown' });
  });

  it.each(['no-such-case', 'NOT-A-SLUG', 'x'.repeat(300), '%E4%B8%8D%E6%98%8E'])('answers 404 with a JSON body for %s', async (id) => {
    const { status, body } = await get(`/api/cases/${id}`);
    expect(status).toBe(404);
    expect(body.version).toBe(1);
    expect(body.license).toContain('public-domain');
    expect(body.error).toMatchObject({ status: 404, code: 'case_not_found' });
  });
});

describe('GET /api/stats', () => {
  it('counts the archive in the spec shape, listing zero classes too', async () => {
    const { status, body } = await get('/api/stats');
    expect(status).toBe(200);
    expect(body.version).toBe(1);
    expect(body.total).toBe(fixture.length);
    expect(body.withVideo).toBe(fixture.filter((c) => c.hasVideo).length);
    const years = fixture.map((c) => Number(c.date.slice(0, 4)));
    expect(body.yearRange).toEqual({ from: Math.min(...years), to: Math.max(...years) });

    const count = (key: (c: CaseRecord) => string) =>
      fixture.reduce<Record<string, number>>((acc, c) => ({ ...acc, [key(c)]: (acc[key(c)] ?? 0) + 1 }), {});
    expect(body.byType).toEqual({
      military: 0,
      radar: 0,
      mass: 0,
      photo: 0,
      astronaut: 0,
      document: 0,
      crash: 0,
      ...count((c) => c.type),
    });
    expect(body.byTranche).toEqual({ 'PURSUE-1': 0, 'PURSUE-2': 0, 'PURSUE-3': 0, 'pre-disclosure': 0, ...count((c) => c.tranche) });
    expect(body.byTranche['PURSUE-4']).toBeGreaterThan(0);
    expect(body.byCountry).toEqual(count((c) => c.location.country));
  });
});

describe('HTTP behaviour', () => {
  it('answers unknown routes with a JSON 404', async () => {
    const { status, body } = await get('/api/ufos');
    expect(status).toBe(404);
    expect(body).toMatchObject({ version: 1, error: { status: 404, code: 'not_found' } });
    expect(body.license).toContain('public-domain');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s on an endpoint is a 405 with Allow', async (method) => {
    for (const path of ['/api/cases', '/api/cases/1947-roswell-debris-recovery', '/api/stats']) {
      const { status, headers, body } = await get(path, {
        method,
        body: method === 'DELETE' ? undefined : '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(status).toBe(405);
      expect(headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(body).toMatchObject({ version: 1, error: { status: 405, code: 'method_not_allowed' } });
    }
  });

  it('writes nothing: a DELETE leaves the case in place', async () => {
    await get('/api/cases/1947-roswell-debris-recovery', { method: 'DELETE' });
    const { status } = await get('/api/cases/1947-roswell-debris-recovery');
    expect(status).toBe(200);
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await fetch(`${api.baseUrl}/api/stats`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  it('allows every origin, with preflight', async () => {
    const simple = await fetch(`${api.baseUrl}/api/cases?limit=1`, { headers: { Origin: 'https://someone.example' } });
    expect(simple.headers.get('access-control-allow-origin')).toBe('*');

    const preflight = await fetch(`${api.baseUrl}/api/cases`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://someone.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');

    const error = await fetch(`${api.baseUrl}/api/cases/nope`, { headers: { Origin: 'https://someone.example' } });
    expect(error.headers.get('access-control-allow-origin')).toBe('*');

    // Refused before routing, by the read-only hook: a browser script can still read why.
    const refused = await fetch(`${api.baseUrl}/api/cases`, { method: 'DELETE', headers: { Origin: 'https://someone.example' } });
    expect(refused.status).toBe(405);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });
});
