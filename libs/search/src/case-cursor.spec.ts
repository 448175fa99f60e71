import { decodeCursor, encodeCursor, filterFingerprint } from './case-cursor';

const params = { type: 'radar' as const, limit: 10, offset: 0 };

describe('case cursors', () => {
  it('round-trip as opaque base64url text', () => {
    const text = encodeCursor({ after: [-7.2e11, '1947-roswell-debris-recovery'], offset: 20, filters: filterFingerprint(params) });
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text, { ...params, limit: 3 })).toEqual({
      after: [-7.2e11, '1947-roswell-debris-recovery'],
      offset: 20,
      filters: filterFingerprint(params),
    });
  });

  it('fingerprint the filters but not the paging, in any order', () => {
    expect(filterFingerprint({ limit: 1, offset: 5, type: 'radar', searchAfter: [1, 'a'] })).toBe(filterFingerprint(params));
    expect(filterFingerprint({ ...params, country: 'US' })).not.toBe(filterFingerprint(params));
    expect(filterFingerprint({ ...params, q: 'x' })).not.toBe(filterFingerprint(params));
  });

  it('refuse a cursor made for other filters', () => {
    const text = encodeCursor({ after: [1, 'a'], offset: 1, filters: filterFingerprint(params) });
    expect(decodeCursor(text, { ...params, type: 'mass' })).toBe('other-filters');
  });

  it('refuse a cursor of another format version as stale', () => {
    const text = Buffer.from(JSON.stringify({ v: 0, o: 1, a: [1, 'a'], f: filterFingerprint(params) })).toString('base64url');
    expect(decodeCursor(text, params)).toBe('stale');
  });

  const keyword = { ...params, q: 'x' };
  it.each([
    ['not base64url', '***', params],
    ['not JSON', Buffer.from('{oops').toString('base64url'), params],
    ['not an object', Buffer.from('42').toString('base64url'), params],
    ['sort values of the wrong shape', Buffer.from(JSON.stringify({ v: 1, o: 1, a: ['a', 1], f: 'x' })).toString('base64url'), params],
    ['too few sort values for a keyword search', encodeCursor({ after: [1, 'a'], offset: 1, filters: filterFingerprint(keyword) }), keyword],
    ['a negative offset', Buffer.from(JSON.stringify({ v: 1, o: -1, a: [1, 'a'], f: 'x' })).toString('base64url'), params],
  ])('refuse %s as malformed', (_what, text, forParams) => {
    expect(decodeCursor(text, forParams)).toBe('malformed');
  });
});
