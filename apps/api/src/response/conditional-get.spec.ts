import { etagMatches } from './conditional-get';

describe('etagMatches', () => {
  const etag = '"abc"';

  it('matches the same tag, a tag in a list, a weak form of it, and *', () => {
    expect(etagMatches('"abc"', etag)).toBe(true);
    expect(etagMatches('"x", "abc"', etag)).toBe(true);
    expect(etagMatches('W/"abc"', etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
  });

  it('does not match another tag, an unquoted one, or no header', () => {
    expect(etagMatches('"abcd"', etag)).toBe(false);
    expect(etagMatches('abc', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
    expect(etagMatches('', etag)).toBe(false);
  });
});
