import { canonicalQuery } from './response-cache';

describe('canonicalQuery', () => {
  it('is the same whatever order the parameters came in, and ignores unset ones', () => {
    expect(canonicalQuery('list', { type: 'radar', limit: 5, q: undefined })).toBe(canonicalQuery('list', { limit: 5, type: 'radar' }));
    expect(canonicalQuery('list', { limit: 5, type: 'radar' })).toBe('list [["limit",5],["type","radar"]]');
  });

  it('tells routes and values apart', () => {
    expect(canonicalQuery('case', { id: 'a' })).not.toBe(canonicalQuery('list', { id: 'a' }));
    expect(canonicalQuery('list', { hasVideo: false })).not.toBe(canonicalQuery('list', { hasVideo: 'false' }));
  });
});
