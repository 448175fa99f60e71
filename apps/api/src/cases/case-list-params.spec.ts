import { InvalidParametersError } from '../errors/api-error';
import { encodeCursor, filterFingerprint } from '@app/search';
import { firstDay, lastDay, toCaseExportParams, toCaseListParams } from './case-list-params';
import { type CaseListParams, type CaseSort, listOrder } from '@app/search';

/** Parameters as the api's reading of a request leaves them: the order written out (listOrder). */
const list = (params: Omit<CaseListParams, 'sort'> & { sort?: CaseSort }): CaseListParams => ({
  ...params,
  sort: listOrder(params.sort, params.q),
});

describe('toCaseListParams', () => {
  it('applies the spec defaults', () => {
    expect(toCaseListParams({})).toEqual({
      type: undefined,
      credibility: undefined,
      tranche: undefined,
      country: undefined,
      hasVideo: undefined,
      year: undefined,
      q: undefined,
      sort: 'newest',
      limit: 50,
      offset: 0,
    });
    expect(toCaseListParams({ q: 'radar' }).sort).toBe('relevance');
  });

  it('parses numbers and booleans and drops an empty keyword', () => {
    expect(toCaseListParams({ hasVideo: 'false', year: 1952, limit: 0, offset: 30, q: '' })).toMatchObject({
      hasVideo: false,
      year: 1952,
      limit: 0,
      offset: 30,
      q: undefined,
    });
  });

  it('splits a precision list and drops repeats', () => {
    expect(toCaseListParams({ precision: 'site,locality,site' }).precision).toEqual(['site', 'locality']);
    expect(toCaseListParams({}).precision).toBeUndefined();
  });

  it('clamps limit to 500', () => {
    expect(toCaseListParams({ limit: 501 }).limit).toBe(500);
    expect(toCaseListParams({ limit: 1e20 }).limit).toBe(500);
  });

  it('refuses a window past 10000, counting the clamped limit', () => {
    expect(toCaseListParams({ offset: 9500, limit: 9000 })).toMatchObject({ offset: 9500, limit: 500 });
    expect(() => toCaseListParams({ offset: 9501, limit: 9000 })).toThrow(InvalidParametersError);
    expect(() => toCaseListParams({ offset: 10001, limit: 0 })).toThrow(/offset \+ limit must be at most 10000/);
  });
});

describe('updatedSince', () => {
  it('keeps a day and turns a timestamp into its UTC day', () => {
    expect(toCaseListParams({ updatedSince: '2026-11-21' }).updatedSince).toBe('2026-11-21');
    expect(toCaseListParams({ updatedSince: '2026-11-21T08:00:00Z' }).updatedSince).toBe('2026-11-21');
    expect(toCaseListParams({ updatedSince: '2026-11-21T23:30:00-05:00' }).updatedSince).toBe('2026-11-22');
    expect(toCaseListParams({ updatedSince: '2026-11-22T01:00:00.123+02:00' }).updatedSince).toBe('2026-11-21');
  });

  describe('with a cursor', () => {
    const key = Buffer.from('the cursor key of this test deployment');
    const cursor = encodeCursor({ after: [1, 'a'], offset: 12_000, filters: filterFingerprint(list({ type: ['radar'], limit: 0, offset: 0 })) }, key);

    it('continues after its sort values, past the 10,000 window, reporting where the page starts', () => {
      expect(toCaseListParams({ type: 'radar', cursor, limit: 500 }, key)).toMatchObject({
        type: ['radar'],
        limit: 500,
        offset: 12_000,
        searchAfter: [1, 'a'],
      });
    });

    it.each([
      [{ type: 'radar' as const, cursor, offset: 0 }, /cannot be combined with offset/],
      [{ type: 'mass' as const, cursor }, /issued for other filters/],
      [{ cursor }, /issued for other filters/],
      [{ type: 'radar' as const, cursor: 'bogus!' }, /not a cursor this API issued/],
    ])('is a 400 naming cursor for %j', (query, message) => {
      try {
        toCaseListParams(query, key);
        throw new Error('expected a 400');
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidParametersError);
        expect((error as InvalidParametersError).problems).toEqual([{ parameter: 'cursor', message: expect.stringMatching(message) }]);
      }
    });
  });

  describe('for the export', () => {
    it('keeps the filters', () => {
      expect(toCaseExportParams({ type: 'radar', hasVideo: 'true', sort: 'oldest' })).toMatchObject({
        type: ['radar'],
        hasVideo: true,
        sort: 'oldest',
      });
    });

    it('refuses paging, fields and facets, naming each', () => {
      expect(() => toCaseExportParams({ limit: 5, cursor: 'x' })).toThrow(/limit does not apply to the export.*cursor does not apply/);
      expect(() => toCaseExportParams({ fields: 'id', facets: 'type' })).toThrow(/fields does not apply to the export.*facets does not apply/);
    });
  });
});

describe('the new filters', () => {
  it('turn comma lists into deduplicated lists in one canonical order', () => {
    const params = toCaseListParams({
      type: 'radar,military,radar',
      credibility: 'reported,official',
      tranche: 'PURSUE-2,PURSUE-10,pre-disclosure',
      country: 'US,CA',
      precision: 'region,site',
    });
    expect(params).toMatchObject({
      type: ['military', 'radar'],
      credibility: ['official', 'reported'],
      tranche: ['PURSUE-10', 'PURSUE-2', 'pre-disclosure'],
      country: ['CA', 'US'],
      precision: ['site', 'region'],
    });
    expect(toCaseListParams({ type: 'military,radar' })).toEqual(toCaseListParams({ type: 'radar,military' }));
  });

  it('widen date bounds to the whole year, month or day, leap years included', () => {
    expect(toCaseListParams({ dateFrom: '1947', dateTo: '1952' })).toMatchObject({ dateFrom: '1947-01-01', dateTo: '1952-12-31' });
    expect(toCaseListParams({ dateFrom: '1952-02', dateTo: '1952-02' })).toMatchObject({ dateFrom: '1952-02-01', dateTo: '1952-02-29' });
    expect(toCaseListParams({ dateFrom: '1951-02-03', dateTo: '1951-02' })).toMatchObject({ dateFrom: '1951-02-03', dateTo: '1951-02-28' });
  });

  it('read places as numbers', () => {
    expect(toCaseListParams({ bbox: '170,-20,-170,20', near: '38.9,-77.04', radiusKm: 300 })).toMatchObject({
      bbox: { minLng: 170, minLat: -20, maxLng: -170, maxLat: 20 },
      near: { lat: 38.9, lng: -77.04 },
      radiusKm: 300,
    });
  });

  it('keep fields and facets in their canonical order, and relevance without a keyword as newest', () => {
    expect(toCaseListParams({ fields: 'title,id,date', facets: 'decade,type' })).toMatchObject({
      fields: ['id', 'date', 'title'],
      facets: ['type', 'decade'],
    });
    expect(toCaseListParams({ sort: 'relevance' }).sort).toBe('newest');
  });

  it.each([
    [{ dateFrom: '1953', dateTo: '1952' }, 'dateFrom', /dateFrom must not be after dateTo/],
    [{ radiusKm: 10 }, 'radiusKm', /radiusKm needs near/],
    [{ sort: 'distance' }, 'sort', /sort=distance needs near/],
  ])('%j is a 400 naming %s', (query, parameter, message) => {
    try {
      toCaseListParams(query);
      throw new Error('expected a 400');
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidParametersError);
      expect((error as InvalidParametersError).problems).toEqual([{ parameter, message: expect.stringMatching(message) }]);
    }
  });
});

describe('date bounds', () => {
  it.each([
    ['1947', '1947-01-01', '1947-12-31'],
    ['2000-02', '2000-02-01', '2000-02-29'],
    ['1900-02', '1900-02-01', '1900-02-28'],
    ['1952-07-19', '1952-07-19', '1952-07-19'],
  ])('%s runs from %s to %s', (bound, first, last) => {
    expect(firstDay(bound)).toBe(first);
    expect(lastDay(bound)).toBe(last);
  });
});
