import { InvalidParametersError } from '../http/api-error';
import { toCaseListParams } from './case-list-params';

describe('toCaseListParams', () => {
  it('applies the spec defaults', () => {
    expect(toCaseListParams({})).toEqual({
      type: undefined, credibility: undefined, tranche: undefined, country: undefined,
      hasVideo: undefined, year: undefined, q: undefined, limit: 50, offset: 0,
    });
  });

  it('parses numbers and booleans and drops an empty keyword', () => {
    expect(toCaseListParams({ hasVideo: 'false', year: '1952', limit: '0', offset: '30', q: '' })).toMatchObject({
      hasVideo: false, year: 1952, limit: 0, offset: 30, q: undefined,
    });
  });

  it('splits a precision list and drops repeats', () => {
    expect(toCaseListParams({ precision: 'site,locality,site' }).precision).toEqual(['site', 'locality']);
    expect(toCaseListParams({}).precision).toBeUndefined();
  });

  it('clamps limit to 500', () => {
    expect(toCaseListParams({ limit: '501' }).limit).toBe(500);
    expect(toCaseListParams({ limit: '99999999999999999999' }).limit).toBe(500);
  });

  it('refuses a window past 10000, counting the clamped limit', () => {
    expect(toCaseListParams({ offset: '9500', limit: '9000' })).toMatchObject({ offset: 9500, limit: 500 });
    expect(() => toCaseListParams({ offset: '9501', limit: '9000' })).toThrow(InvalidParametersError);
    expect(() => toCaseListParams({ offset: '10001', limit: '0' })).toThrow(/offset \+ limit must be at most 10000/);
  });
});

describe('updatedSince', () => {
  it('keeps a day and turns a timestamp into its UTC day', () => {
    expect(toCaseListParams({ updatedSince: '2026-11-21' }).updatedSince).toBe('2026-11-21');
    expect(toCaseListParams({ updatedSince: '2026-11-21T08:00:00Z' }).updatedSince).toBe('2026-11-21');
    expect(toCaseListParams({ updatedSince: '2026-11-21T23:30:00-05:00' }).updatedSince).toBe('2026-11-22');
    expect(toCaseListParams({ updatedSince: '2026-11-22T01:00:00.123+02:00' }).updatedSince).toBe('2026-11-21');
  });
});
