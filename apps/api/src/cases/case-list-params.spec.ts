import { InvalidParametersError } from '../errors/api-error';
import { encodeCursor, filterFingerprint } from '@app/search';
import { toCaseExportParams, toCaseListParams } from './case-list-params';

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
      limit: 50,
      offset: 0,
    });
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
    const cursor = encodeCursor({ after: [1, 'a'], offset: 12_000, filters: filterFingerprint({ type: 'radar', limit: 0, offset: 0 }) }, key);

    it('continues after its sort values, past the 10,000 window, reporting where the page starts', () => {
      expect(toCaseListParams({ type: 'radar', cursor, limit: 500 }, key)).toMatchObject({
        type: 'radar',
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
      expect(toCaseExportParams({ type: 'radar', hasVideo: 'true' })).toMatchObject({ type: 'radar', hasVideo: true });
    });

    it('refuses paging parameters, naming each', () => {
      expect(() => toCaseExportParams({ limit: 5, cursor: 'x' })).toThrow(/limit does not apply to the export.*cursor does not apply/);
    });
  });
});
