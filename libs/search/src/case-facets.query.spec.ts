import { bucketCounts, buildFacetAggs, decades, toFacetCounts } from './case-facets.query';

describe('buildFacetAggs', () => {
  it('asks one aggregation per facet, year and decade sharing one histogram', () => {
    expect(buildFacetAggs(['decade', 'country', 'year', 'tranche', 'credibility', 'precision'])).toEqual({
      credibility: { terms: { field: 'credibility', size: 14 } },
      tranche: { terms: { field: 'tranche', size: 100 } },
      country: { terms: { field: 'location.country', size: 300 } },
      precision: { terms: { field: 'location.precision', size: 15 } },
      year: { date_histogram: { field: 'incidentDate', calendar_interval: 'year', format: 'yyyy', min_doc_count: 1 } },
    });
  });
});

describe('toFacetCounts', () => {
  const buckets = (pairs: [string | number, number, string?][]) => ({
    buckets: pairs.map(([key, doc_count, key_as_string]) => ({ key, doc_count, ...(key_as_string ? { key_as_string } : {}) })),
  });

  it('lists closed value sets whole, tranches in release order, booleans and years by their text', () => {
    const counts = toFacetCounts(
      {
        credibility: buckets([['official', 2]]),
        tranche: buckets([
          ['pre-disclosure', 1],
          ['PURSUE-10', 1],
          ['PURSUE-2', 1],
        ]),
        hasVideo: buckets([[1, 2, 'true']]),
        year: buckets([
          [-7e11, 1, '1947'],
          [-5e11, 2, '1952'],
          [1.5e12, 1, '2020'],
        ]),
      } as never,
      ['year', 'credibility', 'tranche', 'hasVideo', 'decade'],
    );
    expect(counts).toEqual({
      credibility: { official: 2, corroborated: 0, reported: 0, explained: 0 },
      tranche: { 'PURSUE-2': 1, 'PURSUE-10': 1, 'pre-disclosure': 1 },
      hasVideo: { true: 2, false: 0 },
      year: { '1947': 1, '1952': 2, '2020': 1 },
      decade: { '1940': 1, '1950': 2, '2020': 1 },
    });
    expect(Object.keys(counts)).toEqual(['credibility', 'tranche', 'hasVideo', 'year', 'decade']);
    expect(Object.keys(counts.tranche!)).toEqual(['PURSUE-2', 'PURSUE-10', 'pre-disclosure']);
  });

  it('gives empty counts (zeros for closed sets) when nothing matched', () => {
    expect(toFacetCounts({ country: { buckets: [] } } as never, ['country', 'precision'])).toEqual({
      country: {},
      precision: { site: 0, locality: 0, region: 0, area: 0, unknown: 0 },
    });
  });
});

describe('bucketCounts and decades', () => {
  it('read terms buckets by key', () => {
    expect(bucketCounts({ buckets: [{ key: 'US', doc_count: 4 }] } as never)).toEqual({ US: 4 });
    expect(bucketCounts(undefined)).toEqual({});
  });

  it('fold years into decades by their first year', () => {
    expect(decades({ '1949': 1, '1950': 2, '1959': 3, '2001': 1 })).toEqual({ '1940': 1, '1950': 5, '2000': 1 });
  });
});
