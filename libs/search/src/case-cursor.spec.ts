import { decodeCursor, encodeCursor, filterFingerprint } from './case-cursor';
import { type CaseListParams, type CaseSort, listOrder } from './case-list.query';

/** Parameters as the api's reading of a request leaves them: the order written out (listOrder). */
const list = (params: Omit<CaseListParams, 'sort'> & { sort?: CaseSort }): CaseListParams => ({
  ...params,
  sort: listOrder(params.sort, params.q),
});

const params = { type: ['radar' as const], limit: 10, offset: 0 };
const key = Buffer.from('a test key that is long enough to use');
const otherKey = Buffer.from('the key of another deployment, not ours');

/** A cursor payload as the API writes it, with this signature part (or none). */
const withPayload = (payload: object, signature?: string) =>
  Buffer.from(JSON.stringify(payload)).toString('base64url') + (signature === undefined ? '' : `.${signature}`);

describe('case cursors', () => {
  it('round-trip as opaque base64url text', () => {
    const text = encodeCursor({ after: [-7.2e11, '1947-roswell-debris-recovery'], offset: 20, filters: filterFingerprint(list(params)) }, key);
    expect(text).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(decodeCursor(text, list({ ...params, limit: 3 }), key)).toEqual({
      after: [-7.2e11, '1947-roswell-debris-recovery'],
      offset: 20,
      filters: filterFingerprint(list(params)),
    });
  });

  it('fingerprint the filters but not the paging, in any order', () => {
    expect(filterFingerprint(list({ limit: 1, offset: 5, type: ['radar'], searchAfter: [1, 'a'], fields: ['title'], facets: ['type'] }))).toBe(
      filterFingerprint(list(params)),
    );
    expect(filterFingerprint(list({ ...params, country: ['US'] }))).not.toBe(filterFingerprint(list(params)));
    expect(filterFingerprint(list({ ...params, q: 'x' }))).not.toBe(filterFingerprint(list(params)));
  });

  it('remember the order: the default written out equals the default left out, another order is other filters', () => {
    expect(filterFingerprint({ ...params, sort: 'newest' })).toBe(filterFingerprint(list(params)));
    expect(filterFingerprint({ ...params, q: 'x', sort: 'relevance' })).toBe(filterFingerprint(list({ ...params, q: 'x' })));
    const text = encodeCursor({ after: [1, 'a'], offset: 1, filters: filterFingerprint(list(params)) }, key);
    expect(decodeCursor(text, { ...params, sort: 'oldest' }, key)).toBe('other-filters');
  });

  it('expect a distance, then a date, then the id under sort=distance', () => {
    const near = { ...params, near: { lat: 38.9, lng: -77 }, sort: 'distance' as const };
    const good = encodeCursor({ after: [12.5, -5.4e11, 'a'], offset: 1, filters: filterFingerprint(near) }, key);
    expect(decodeCursor(good, near, key)).toMatchObject({ after: [12.5, -5.4e11, 'a'] });
    const short = encodeCursor({ after: [-5.4e11, 'a'], offset: 1, filters: filterFingerprint(near) }, key);
    expect(decodeCursor(short, near, key)).toBe('malformed');
  });

  it('refuse a cursor made for other filters', () => {
    const text = encodeCursor({ after: [1, 'a'], offset: 1, filters: filterFingerprint(list(params)) }, key);
    expect(decodeCursor(text, list({ ...params, type: ['mass' as const] }), key)).toBe('other-filters');
  });

  it('refuse an unsigned cursor of the earlier format as stale', () => {
    expect(decodeCursor(withPayload({ v: 1, o: 1, a: [1, 'a'], f: filterFingerprint(list(params)) }), list(params), key)).toBe('stale');
  });

  it('refuse any change to a signed cursor: its sort values, offset or filters, or the signature itself', () => {
    const text = encodeCursor({ after: [1, 'a'], offset: 1, filters: filterFingerprint(list(params)) }, key);
    const signature = text.split('.')[1];
    const forged = [
      withPayload({ v: 2, o: 1, a: [-1e20, 'x'], f: filterFingerprint(list(params)) }, signature),
      withPayload({ v: 2, o: 5, a: [1, 'a'], f: filterFingerprint(list(params)) }, signature),
      withPayload({ v: 2, o: 1, a: [1, 'a'], f: filterFingerprint(list({ ...params, type: ['mass'] })) }, signature),
      `${text.split('.')[0]}.${Buffer.alloc(16).toString('base64url')}`,
      `${text.split('.')[0]}.${signature.slice(0, -2)}`,
    ];
    for (const cursor of forged) expect(decodeCursor(cursor, list(params), key)).toBe('malformed');
    expect(decodeCursor(text, list(params), otherKey)).toBe('malformed');
  });

  const keyword = { ...params, q: 'x' };
  it.each([
    ['not base64url', '***', params],
    ['not JSON', Buffer.from('{oops').toString('base64url'), params],
    ['not an object', Buffer.from('42').toString('base64url'), params],
    ['unsigned, in the current format', withPayload({ v: 2, o: 1, a: [1, 'a'], f: filterFingerprint(list(params)) }), params],
    [
      'too few sort values for a keyword search',
      encodeCursor({ after: [1, 'a'], offset: 1, filters: filterFingerprint(list(keyword)) }, key),
      keyword,
    ],
  ])('refuse %s as malformed', (_what, text, forParams) => {
    expect(decodeCursor(text, list(forParams), key)).toBe('malformed');
  });
});
