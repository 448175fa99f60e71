import { buildRelatedCasesRequest } from './case-related.query';

const TEXT = ['title.en', 'title.zh', 'summary.en', 'summary.zh', 'detail.en', 'detail.zh'];
const place = (precision: 'site' | 'unknown', lat: number, lng: number) => ({ name: { zh: '', en: '' }, country: 'US', lat, lng, precision });

describe('buildRelatedCasesRequest', () => {
  it('asks for cases like this one by text, place, date and type, never itself', () => {
    const request = buildRelatedCasesRequest(
      'cases',
      { id: 'a', date: '1952-07-19', datePrecision: 'day', type: 'radar', location: place('site', 38.85, -77.04) },
      5,
    );
    expect(request).toEqual({
      index: 'cases',
      filter_path: ['hits.total.value', 'hits.hits.fields', 'hits.hits._source', 'hits.hits.sort', 'hits.hits.highlight'],
      size: 5,
      // Each summary from the case's listing (doc values), as the list reads it.
      _source: false,
      stored_fields: '_none_',
      docvalue_fields: ['listing'],
      query: {
        bool: {
          should: [
            {
              more_like_this: {
                fields: TEXT,
                like: [{ _index: 'cases', _id: 'a' }],
                min_term_freq: 1,
                min_doc_freq: 2,
                max_query_terms: 40,
                minimum_should_match: '10%',
              },
            },
            { distance_feature: { field: 'point', origin: { lat: 38.85, lon: -77.04 }, pivot: '300km', boost: 3 } },
            { distance_feature: { field: 'incidentDate', origin: '1952-07-19', pivot: '1095d', boost: 2 } },
            { term: { type: { value: 'radar', boost: 1 } } },
          ],
          minimum_should_match: 1,
          must_not: [{ ids: { values: ['a'] } }],
        },
      },
      sort: ['_score', { id: { order: 'asc' } }],
    });
  });

  it('gives a case placed nowhere no place to be near', () => {
    const request = buildRelatedCasesRequest(
      'cases',
      { id: 'b', date: '1969-07-01', datePrecision: 'month', type: 'astronaut', location: place('unknown', 0, 0) },
      5,
    );
    const should = (request.query as { bool: { should: object[] } }).bool.should;
    expect(should.map((clause) => Object.keys(clause)[0])).toEqual(['more_like_this', 'distance_feature', 'term']);
    expect(JSON.stringify(should)).not.toContain('"point"');
  });

  it('gives a case of unknown date no date to be close to: its date is a placeholder', () => {
    const request = buildRelatedCasesRequest(
      'cases',
      { id: 'c', date: '2026-05-08', datePrecision: 'unknown', type: 'military', location: place('site', 35, 18) },
      5,
    );
    const should = (request.query as { bool: { should: object[] } }).bool.should;
    expect(should.map((clause) => Object.keys(clause)[0])).toEqual(['more_like_this', 'distance_feature', 'term']);
    expect(JSON.stringify(should)).not.toContain('2026-05-08');
    expect(JSON.stringify(should)).not.toContain('incidentDate');
  });
});
