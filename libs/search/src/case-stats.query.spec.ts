import { buildCaseQuery } from './case-list.query';
import { buildStatsRequest, toStats } from './case-stats.query';

const response = (total: number, aggregations: Record<string, unknown>) =>
  ({
    took: 1,
    timed_out: false,
    _shards: { total: 1, successful: 1, failed: 0 },
    hits: { total: { value: total, relation: 'eq' }, hits: [] },
    aggregations,
  }) as never;

const terms = (pairs: [string, number][]) => ({ buckets: pairs.map(([key, doc_count]) => ({ key, doc_count })) });

describe('buildStatsRequest', () => {
  it('asks for every statistic in one size-0 request', () => {
    expect(buildStatsRequest('cases')).toEqual({
      index: 'cases',
      size: 0,
      track_total_hits: true,
      aggs: {
        withVideo: { filter: { term: { hasVideo: true } } },
        firstYear: { min: { field: 'incidentDate', format: 'yyyy' } },
        lastYear: { max: { field: 'incidentDate', format: 'yyyy' } },
        byType: { terms: { field: 'type', size: 17 } },
        byTranche: { terms: { field: 'tranche', size: 100 } },
        byCountry: { terms: { field: 'location.country', size: 300 } },
        byYear: { date_histogram: { field: 'incidentDate', calendar_interval: 'year', format: 'yyyy', min_doc_count: 1 } },
        lastUpdated: { max: { field: 'updatedAt', format: 'strict_date' } },
      },
    });
  });

  it("counts only the cases the list's filters keep, with the list's own query", () => {
    const request = buildStatsRequest('cases', { type: ['radar', 'military'], dateFrom: '1947-01-01', q: 'Washington' });
    expect(request.query).toEqual(buildCaseQuery({ type: ['radar', 'military'], dateFrom: '1947-01-01', q: 'Washington' }));
    expect(request).toMatchObject({ size: 0, track_total_hits: true });
    expect(buildStatsRequest('cases', { type: undefined })).not.toHaveProperty('query');
  });
});

describe('toStats', () => {
  it('lists every type and the spec tranches with zeros, plus newer tranches in release order', () => {
    const stats = toStats(
      response(6, {
        withVideo: { doc_count: 2 },
        firstYear: { value: -7.0e11, value_as_string: '1947' },
        lastYear: { value: 1.7e12, value_as_string: '2026' },
        byType: terms([
          ['military', 5],
          ['crash', 1],
        ]),
        byTranche: terms([
          ['PURSUE-10', 1],
          ['PURSUE-2', 2],
          ['PURSUE-6', 2],
          ['pre-disclosure', 1],
        ]),
        byCountry: terms([
          ['US', 4],
          ['ZZ', 2],
        ]),
        byYear: {
          buckets: [
            { key: -7.0e11, key_as_string: '1947', doc_count: 1 },
            { key: 1.7e12, key_as_string: '2026', doc_count: 5 },
          ],
        },
        lastUpdated: { value: 1.79e12, value_as_string: '2026-11-22' },
      }),
    );
    expect(stats).toEqual({
      total: 6,
      withVideo: 2,
      yearRange: { from: 1947, to: 2026 },
      byType: { military: 5, radar: 0, mass: 0, photo: 0, astronaut: 0, document: 0, crash: 1 },
      byTranche: { 'PURSUE-1': 0, 'PURSUE-2': 2, 'PURSUE-3': 0, 'PURSUE-6': 2, 'PURSUE-10': 1, 'pre-disclosure': 1 },
      byCountry: { US: 4, ZZ: 2 },
      byYear: { '1947': 1, '2026': 5 },
      lastUpdated: '2026-11-22',
      releases: {
        'PURSUE-1': '2026-05-08',
        'PURSUE-2': '2026-05-22',
        'PURSUE-3': '2026-06-12',
        'PURSUE-4': '2026-07-10',
        'PURSUE-5': '2026-08-07',
        'PURSUE-6': '2026-09-18',
      },
    });
    expect(Object.keys(stats.byTranche)).toEqual(['PURSUE-1', 'PURSUE-2', 'PURSUE-3', 'PURSUE-6', 'PURSUE-10', 'pre-disclosure']);
  });

  it('gives null years and zero counts for an empty archive', () => {
    const stats = toStats(
      response(0, {
        withVideo: { doc_count: 0 },
        firstYear: { value: null },
        lastYear: { value: null },
        byType: terms([]),
        byTranche: terms([]),
        byCountry: terms([]),
        lastUpdated: { value: null },
      }),
    );
    expect(stats.yearRange).toEqual({ from: null, to: null });
    expect(stats.lastUpdated).toBeNull();
    expect(stats.total).toBe(0);
    expect(stats.byCountry).toEqual({});
    expect(Object.values(stats.byType).every((n) => n === 0)).toBe(true);
  });
});
