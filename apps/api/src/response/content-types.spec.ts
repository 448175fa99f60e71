import { COMPRESSIBLE_CONTENT_TYPES } from './content-types';

describe('COMPRESSIBLE_CONTENT_TYPES', () => {
  it.each([
    ['application/json; charset=utf-8', true],
    ['application/json', true],
    ['application/x-ndjson; charset=utf-8', true],
    ['application/atom+xml; charset=utf-8', true],
    ['application/jsonp', false],
    ['text/html; charset=utf-8', false],
    ['application/atomxxml', false],
  ])('%s: %s', (type, compressed) => {
    expect(COMPRESSIBLE_CONTENT_TYPES.test(type)).toBe(compressed);
  });
});
