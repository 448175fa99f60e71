import { z } from 'zod';
import { searchCasesInput, toListQuery } from './search-cases.tool';

const parse = (args: unknown) => z.object(searchCasesInput).parse(args);

describe('search_cases arguments', () => {
  it('become the api query string: booleans as true/false, defaults filled, presentation options left out', () => {
    expect(toListQuery(parse({ q: ' 罗斯威尔 ', hasVideo: false, year: 1947, country: 'us', cursor: 'abc', lang: 'zh', full: true }))).toEqual({
      limit: 10,
      q: '罗斯威尔',
      country: 'us',
      year: 1947,
      cursor: 'abc',
      hasVideo: 'false',
    });
    expect(toListQuery(parse({}))).toEqual({ limit: 10 });
    expect(toListQuery(parse({ type: ['military', 'radar'], credibility: ['official'], near: '38.9,-77', radiusKm: 300, sort: 'distance' }))).toEqual(
      {
        limit: 10,
        near: '38.9,-77',
        radiusKm: 300,
        sort: 'distance',
        type: 'military,radar',
        credibility: 'official',
      },
    );
  });

  it('are refused with the argument named when the schema forbids them', () => {
    expect(() => parse({ type: ['ufo'] })).toThrow(/type/);
    expect(() => parse({ limit: 26 })).toThrow(/limit/);
    expect(() => parse({ country: 'USA' })).toThrow(/two-letter ISO 3166-1 code/);
  });
});
