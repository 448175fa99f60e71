import { keywordClauses } from './case-keyword.query';
import { caseListing } from './case-index.definition';
import {
  buildCaseListRequest,
  KEYWORD_FIELDS,
  readCaseListPage as readOrNull,
  didYouMeanOf,
  listOrder,
  type CaseListParams,
  type CaseSort,
  toCaseListPage as toOrNull,
  withSummariesFromSource,
} from './case-list.query';

/** Parameters as the api's reading of a request leaves them: the order written out (listOrder). */
const list = (params: Omit<CaseListParams, 'sort'> & { sort?: CaseSort }): CaseListParams => ({
  ...params,
  sort: listOrder(params.sort, params.q),
});

/** The page, which these responses always carry summaries for. */
function readCaseListPage(...args: Parameters<typeof readOrNull>) {
  const page = readOrNull(...args);
  if (!page) throw new Error('no summaries');
  return page;
}
function toCaseListPage(...args: Parameters<typeof toOrNull>) {
  const page = toOrNull(...args);
  if (!page) throw new Error('no summaries');
  return page;
}

const FIELDS = ['title.en^3', 'title.zh^3', 'location.name.en^2', 'location.name.zh^2', 'summary.en', 'summary.zh'];

const SUMMARY = [
  'id',
  'date',
  'datePrecision',
  'dateDisplay',
  'title',
  'location',
  'type',
  'credibility',
  'tranche',
  'hasVideo',
  'summary',
  'addedAt',
  'updatedAt',
];

describe('buildCaseListRequest', () => {
  it('lists everything newest first, then by id, when nothing is filtered', () => {
    expect(buildCaseListRequest('cases', list({ limit: 50, offset: 0 }))).toEqual({
      index: 'cases',
      filter_path: ['hits.total.value', 'hits.hits.fields', 'hits.hits._source', 'hits.hits.sort', 'hits.hits.highlight'],
      from: 0,
      size: 50,
      track_total_hits: true,
      // Whole summaries from each case's listing (doc values), not from its whole record.
      _source: false,
      stored_fields: '_none_',
      docvalue_fields: ['listing'],
      query: { bool: { filter: [], must: [] } },
      sort: [{ incidentDate: { order: 'desc', missing: Number.MIN_SAFE_INTEGER } }, { id: { order: 'asc' } }],
    });
  });

  it('puts every filter in filter context: each list as terms (any of them), the dates as ranges', () => {
    const request = buildCaseListRequest(
      'cases',
      list({
        type: ['military', 'radar'],
        credibility: ['official'],
        tranche: ['PURSUE-4'],
        country: ['CA', 'US'],
        precision: ['site', 'locality'],
        hasVideo: false,
        year: 1952,
        dateFrom: '1947-01-01',
        dateTo: '1952-02-29',
        updatedSince: '2026-11-21',
        limit: 10,
        offset: 20,
      }),
    );
    expect(request.query).toEqual({
      bool: {
        filter: [
          { terms: { type: ['military', 'radar'] } },
          { terms: { credibility: ['official'] } },
          { terms: { tranche: ['PURSUE-4'] } },
          { terms: { 'location.country': ['CA', 'US'] } },
          { terms: { 'location.precision': ['site', 'locality'] } },
          { term: { hasVideo: false } },
          { range: { incidentDate: { gte: '1952-01-01', lte: '1952-12-31' } } },
          { range: { incidentDate: { gte: '1947-01-01', lte: '1952-02-29' } } },
          { range: { updatedAt: { gte: '2026-11-21' } } },
        ],
        must: [],
      },
    });
    expect(request).toMatchObject({ from: 20, size: 10 });
  });

  it('takes an open-ended date range', () => {
    expect(buildCaseListRequest('cases', list({ dateTo: '1950-12-31', limit: 1, offset: 0 })).query).toEqual({
      bool: { filter: [{ range: { incidentDate: { lte: '1950-12-31' } } }], must: [] },
    });
  });

  it('filters a map box through the indexed point, top-left to bottom-right, across the antimeridian as given', () => {
    expect(buildCaseListRequest('cases', list({ bbox: { minLng: 170, minLat: -20, maxLng: -170, maxLat: 20 }, limit: 1, offset: 0 })).query).toEqual({
      bool: { filter: [{ geo_bounding_box: { point: { top_left: { lat: 20, lon: 170 }, bottom_right: { lat: -20, lon: -170 } } } }], must: [] },
    });
  });

  it('keeps only placed cases near a point, within a radius when given', () => {
    const near = { lat: 38.9, lng: -77.04 };
    expect(buildCaseListRequest('cases', list({ near, radiusKm: 300, limit: 1, offset: 0 })).query).toEqual({
      bool: { filter: [{ geo_distance: { distance: '300km', point: { lat: 38.9, lon: -77.04 } } }], must: [] },
    });
    expect(buildCaseListRequest('cases', list({ near, limit: 1, offset: 0 })).query).toEqual({
      bool: { filter: [{ exists: { field: 'point' } }], must: [] },
    });
  });

  it('puts the keyword clauses beside the filters, orders by score, and asks how each hit matched (no suggester in the search)', () => {
    const request = buildCaseListRequest('cases', list({ q: 'title:(x OR y*', type: ['radar'], limit: 5, offset: 0 }));
    expect(request.query).toEqual({ bool: { filter: [{ terms: { type: ['radar'] } }], ...keywordClauses('title:(x OR y*') } });
    expect(request.filter_path).toContain('hits.hits.matched_queries');
    expect(request).not.toHaveProperty('suggest');
    expect(KEYWORD_FIELDS).toEqual(FIELDS);
    expect(request.sort).toEqual(['_score', { incidentDate: { order: 'desc', missing: Number.MIN_SAFE_INTEGER } }, { id: { order: 'asc' } }]);
    expect(request).not.toHaveProperty('highlight');
    expect(buildCaseListRequest('cases', list({ limit: 5, offset: 0 }))).not.toHaveProperty('suggest');
  });

  it('asks for highlighted fragments of the searched fields when highlight is set with a keyword', () => {
    expect(buildCaseListRequest('cases', list({ q: 'Roswell', highlight: true, limit: 5, offset: 0 })).highlight).toEqual({
      encoder: 'html',
      fields: {
        'title.en': { number_of_fragments: 0 },
        'title.zh': { number_of_fragments: 0 },
        'location.name.en': { number_of_fragments: 0 },
        'location.name.zh': { number_of_fragments: 0 },
        'summary.en': { number_of_fragments: 3, fragment_size: 150 },
        'summary.zh': { number_of_fragments: 3, fragment_size: 150 },
      },
      // Only the words as typed are marked: highlighting the fuzzy layers is far slower than the search.
      highlight_query: { multi_match: { query: 'Roswell', fields: FIELDS, type: 'cross_fields', operator: 'or' } },
    });
    expect(buildCaseListRequest('cases', list({ highlight: true, limit: 5, offset: 0 }))).not.toHaveProperty('highlight');
  });
});

describe('buildCaseListRequest orders', () => {
  it.each([
    [{}, [{ incidentDate: { order: 'desc', missing: Number.MIN_SAFE_INTEGER } }, { id: { order: 'asc' } }]],
    [{ q: 'x' }, ['_score', { incidentDate: { order: 'desc', missing: Number.MIN_SAFE_INTEGER } }, { id: { order: 'asc' } }]],
    [{ q: 'x', sort: 'newest' as const }, [{ incidentDate: { order: 'desc', missing: Number.MIN_SAFE_INTEGER } }, { id: { order: 'asc' } }]],
    [{ sort: 'oldest' as const }, [{ incidentDate: { order: 'asc', missing: Number.MAX_SAFE_INTEGER } }, { id: { order: 'asc' } }]],
    [
      { sort: 'distance' as const, near: { lat: 38.9, lng: -77.04 } },
      [
        { _geo_distance: { point: { lat: 38.9, lon: -77.04 }, order: 'asc', unit: 'km' } },
        { incidentDate: { order: 'desc', missing: Number.MIN_SAFE_INTEGER } },
        { id: { order: 'asc' } },
      ],
    ],
  ])('%j sorts by %j', (params, sort) => {
    expect(buildCaseListRequest('cases', list({ ...params, limit: 1, offset: 0 })).sort).toEqual(sort);
  });
});

describe('buildCaseListRequest shapes', () => {
  it('trims the summaries to the fields asked for, always with the id', () => {
    expect(buildCaseListRequest('cases', list({ fields: ['date', 'title'], limit: 1, offset: 0 }))._source).toEqual(['id', 'date', 'title']);
    expect(buildCaseListRequest('cases', list({ fields: ['id'], limit: 1, offset: 0 }))._source).toEqual(['id']);
  });

  it('counts facets with aggregations in the same search, and keeps them in filter_path', () => {
    const request = buildCaseListRequest('cases', list({ type: ['radar'], facets: ['type', 'hasVideo', 'decade'], limit: 0, offset: 0 }));
    expect(request.filter_path).toEqual([
      'hits.total.value',
      'hits.hits.fields',
      'hits.hits._source',
      'hits.hits.sort',
      'hits.hits.highlight',
      'aggregations',
    ]);
    expect(request.aggs).toEqual({
      type: { terms: { field: 'type', size: 17 } },
      hasVideo: { terms: { field: 'hasVideo', size: 2 } },
      year: { date_histogram: { field: 'incidentDate', calendar_interval: 'year', format: 'yyyy', min_doc_count: 1 } },
    });
    expect(buildCaseListRequest('cases', list({ limit: 1, offset: 0 }))).not.toHaveProperty('aggs');
  });
});

describe('readCaseListPage with facets', () => {
  it('reads the counts from the aggregations beside the raw hits', () => {
    const body = Buffer.from(
      JSON.stringify({
        hits: { total: { value: 3 }, hits: [{ _source: { id: 'a' }, sort: [1, 'a'] }] },
        aggregations: {
          type: { buckets: [{ key: 'radar', doc_count: 3 }] },
          year: {
            buckets: [
              { key_as_string: '1952', key: 1, doc_count: 2 },
              { key_as_string: '1957', key: 2, doc_count: 1 },
            ],
          },
        },
      }),
    );
    const page = readCaseListPage(body, { facets: ['type', 'decade'] });
    expect(page.facets).toEqual({
      type: { military: 0, radar: 3, mass: 0, photo: 0, astronaut: 0, document: 0, crash: 0 },
      decade: { '1950': 3 },
    });
    expect(page.casesJson.map(String)).toEqual(['{"id":"a"}']);
  });
});

describe('buildCaseListRequest with a cursor', () => {
  it('continues after the sort values instead of skipping hits', () => {
    const request = buildCaseListRequest('cases', list({ type: ['radar'], limit: 20, offset: 12_000, searchAfter: [-7.2e11, 'a'] }));
    expect(request).toMatchObject({ from: 0, size: 20, search_after: [-7.2e11, 'a'] });
    expect(request.sort).toEqual([{ incidentDate: { order: 'desc', missing: Number.MIN_SAFE_INTEGER } }, { id: { order: 'asc' } }]);
    expect(buildCaseListRequest('cases', list({ limit: 20, offset: 40 }))).not.toHaveProperty('search_after');
  });
});

describe('toCaseListPage', () => {
  it('reads an empty page, which filter_path leaves without hits.hits', () => {
    expect(toCaseListPage({ hits: { total: { value: 0 } } } as never)).toEqual({ total: 0, cases: [] });
  });

  it('returns the total and the summaries in hit order', () => {
    const page = toCaseListPage({
      took: 1,
      timed_out: false,
      _shards: { total: 1, successful: 1, failed: 0 },
      hits: {
        total: { value: 7, relation: 'eq' },
        hits: [
          { _index: 'i', _id: 'b', _source: { id: 'b' } },
          { _index: 'i', _id: 'a', _source: { id: 'a' } },
        ],
      },
    } as never);
    expect(page).toEqual({ total: 7, cases: [{ id: 'b' }, { id: 'a' }] });
  });

  it("keeps the last hit's sort values for the next cursor", () => {
    const page = toCaseListPage({
      took: 1,
      timed_out: false,
      _shards: { total: 1, successful: 1, failed: 0 },
      hits: {
        total: { value: 9, relation: 'eq' },
        hits: [
          { _index: 'i', _id: 'b', _source: { id: 'b' }, sort: [5, 'b'] },
          { _index: 'i', _id: 'a', _source: { id: 'a' }, sort: [3, 'a'] },
        ],
      },
    } as never);
    expect(page.lastSort).toEqual([3, 'a']);
  });

  it('gives every case a highlight object when highlights were asked for', () => {
    const response = {
      took: 1,
      timed_out: false,
      _shards: { total: 1, successful: 1, failed: 0 },
      hits: {
        total: { value: 2, relation: 'eq' },
        hits: [
          { _index: 'i', _id: 'b', _source: { id: 'b' }, highlight: { 'title.en': ['<em>Roswell</em>'] } },
          { _index: 'i', _id: 'a', _source: { id: 'a' } },
        ],
      },
    } as never;
    expect(toCaseListPage(response, { highlight: true }).cases).toEqual([
      { id: 'b', highlight: { 'title.en': ['<em>Roswell</em>'] } },
      { id: 'a', highlight: {} },
    ]);
    expect(toCaseListPage(response).cases).toEqual([{ id: 'b' }, { id: 'a' }]);
  });
});

describe('toCaseListPage with a keyword', () => {
  it('says of each case whether it matched every word', () => {
    const response = {
      hits: {
        total: { value: 2 },
        hits: [
          { _source: { id: 'b' }, matched_queries: ['word 0', 'word 1'] },
          { _source: { id: 'a' }, matched_queries: ['word 1'] },
        ],
      },
    } as never;
    expect(toCaseListPage(response, { q: 'Rosswell crash' })).toEqual({
      total: 2,
      cases: [
        { id: 'b', match: 'all' },
        { id: 'a', match: 'some' },
      ],
      lastSort: undefined,
    });
  });

  it('leaves match out when fields= does not name it, and keeps it when it does', () => {
    const response = { hits: { total: { value: 1 }, hits: [{ _source: { id: 'b' }, matched_queries: ['word 0'] }] } } as never;
    expect(toCaseListPage(response, { q: 'x', fields: ['title'] }).cases).toEqual([{ id: 'b' }]);
    expect(toCaseListPage(response, { q: 'x', fields: ['title', 'match'] }).cases).toEqual([{ id: 'b', match: 'all' }]);
    expect(buildCaseListRequest('cases', list({ q: 'x', fields: ['title', 'match'], limit: 1, offset: 0 }))._source).toEqual(['id', 'title']);
  });

  it('carries the did-you-mean on every page of a q search, and looks it up on the first only', () => {
    expect(didYouMeanOf({ q: 'Rosswell', offset: 0 })).toBe('look-up');
    expect(didYouMeanOf({ q: 'Rosswell', offset: 10 })).toBe('null');
    expect(didYouMeanOf({ q: 'Rosswell', offset: 0, searchAfter: [1, 'a'] })).toBe('null');
    expect(didYouMeanOf({ offset: 0 })).toBeUndefined();
  });

  it('orders by the sort asked for, else by relevance with q and newest without', () => {
    expect(listOrder(undefined, 'radar')).toBe('relevance');
    expect(listOrder(undefined, undefined)).toBe('newest');
    expect(listOrder('relevance', undefined)).toBe('newest');
    expect(listOrder('oldest', 'radar')).toBe('oldest');
  });

  it('builds the keyword clauses from the spelling lookup’s answer', () => {
    const spelling = { corrections: { Rosswell: 'roswell' }, suggestion: 'roswell crash' };
    const request = buildCaseListRequest('cases', list({ q: 'Rosswell crash', spelling, limit: 10, offset: 0 }));
    expect(request.query).toEqual({ bool: { filter: [], ...keywordClauses('Rosswell crash', spelling) } });
  });

  it('splices match onto each summary as it came, without parsing it, when the hits carry sort values', () => {
    const body = Buffer.from(
      '{"hits":{"total":{"value":2},"hits":[{"_source":{"id":"b","title":{"en":"B"}},"sort":[2.5,-1,"b"],"matched_queries":["word 0","word 1"]},' +
        '{"_source":{"id":"a"},"sort":[1.5,-1,"a"],"matched_queries":["word 1"]}]}}',
    );
    const page = readCaseListPage(body, { q: 'b a' });
    expect(page.casesJson.map((json) => json.toString('utf8'))).toEqual(['{"id":"b","title":{"en":"B"},"match":"all"}', '{"id":"a","match":"some"}']);
    expect(page).toMatchObject({ total: 2, lastSort: [1.5, -1, 'a'], everyWordMatched: true });
    expect(page).not.toHaveProperty('suggestion');
  });

  it('says whether any case of the page matched every word, which a did-you-mean must improve on', () => {
    const some = Buffer.from('{"hits":{"total":{"value":1},"hits":[{"_source":{"id":"a"},"sort":[1.5,-1,"a"],"matched_queries":["word 1"]}]}}');
    expect(readCaseListPage(some, { q: 'b a' }).everyWordMatched).toBe(false);
    expect(readCaseListPage(some, { q: 'b a', highlight: true }).everyWordMatched).toBe(false);
    expect(readCaseListPage(Buffer.from('{"hits":{"total":{"value":0}}}'), { q: 'b a' }).everyWordMatched).toBe(false);
    expect(readCaseListPage(some)).not.toHaveProperty('everyWordMatched');
  });
});

describe('readCaseListPage', () => {
  const text = Buffer.from(
    JSON.stringify({
      hits: {
        total: { value: 2 },
        hits: [
          { _source: { id: 'b', title: { zh: '乙', en: 'B' } }, highlight: { 'title.en': ['<em>B</em>'] }, sort: [5, 'b'] },
          { _source: { id: 'a', title: { zh: '甲', en: 'A' } }, sort: [3, 'a'] },
        ],
      },
    }),
  );

  it('gives each case as JSON text, with the total and the last sort values', () => {
    const plain = Buffer.from(text.toString('utf8').replace(',"highlight":{"title.en":["<em>B</em>"]}', ''));
    const page = readCaseListPage(plain);
    expect(page.casesJson.map((json) => json.toString('utf8'))).toEqual([
      '{"id":"b","title":{"zh":"乙","en":"B"}}',
      '{"id":"a","title":{"zh":"甲","en":"A"}}',
    ]);
    expect(page).toMatchObject({ total: 2, lastSort: [3, 'a'] });
  });

  it('parses the response whole when highlights were asked for, and gives every case its highlight object', () => {
    expect(readCaseListPage(text, { highlight: true }).casesJson.map((json) => JSON.parse(json.toString('utf8')))).toEqual([
      { id: 'b', title: { zh: '乙', en: 'B' }, highlight: { 'title.en': ['<em>B</em>'] } },
      { id: 'a', title: { zh: '甲', en: 'A' }, highlight: {} },
    ]);
  });
});

describe('a list read from listings (doc values)', () => {
  const records = [
    { id: 'b', title: { zh: '乙', en: 'B' }, detail: { en: 'not in a list' } },
    { id: 'a', title: { zh: '甲', en: 'A "quoted"' }, relatedIds: [] },
  ];
  const hit = (record: (typeof records)[number], sort: unknown[], extra = '') =>
    `{"fields":{"listing":["${caseListing(record as never)}"]}${extra},"sort":${JSON.stringify(sort)}`;

  it('gives each case its summary as the indexer kept it: only the summary fields, in the record’s order', () => {
    const body = Buffer.from(
      `{"hits":{"total":{"value":2},"hits":[${hit(records[0], [5, 'b'])},"matched_queries":["word 0","word 1"]},${hit(records[1], [3, 'a'])},"matched_queries":["word 0"]}]}}`,
    );
    const page = readCaseListPage(body, { q: 'b c' });
    expect(page.casesJson.map(String)).toEqual([
      '{"id":"b","title":{"zh":"乙","en":"B"},"match":"all"}',
      '{"id":"a","title":{"zh":"甲","en":"A \\"quoted\\""},"match":"some"}',
    ]);
    expect(page).toMatchObject({ total: 2, lastSort: [3, 'a'] });
  });

  it('decodes the listings when the response is parsed whole (highlights)', () => {
    const body = Buffer.from(`{"hits":{"total":{"value":1},"hits":[${hit(records[0], [5, 'b'], ',"highlight":{"title.en":["<em>B</em>"]}')}}]}}`);
    expect(readCaseListPage(body, { highlight: true }).casesJson.map((json) => JSON.parse(String(json)))).toEqual([
      { id: 'b', title: { zh: '乙', en: 'B' }, highlight: { 'title.en': ['<em>B</em>'] } },
    ]);
  });

  it('answers null for hits without a summary (an index built before listings), and the same search then reads _source', () => {
    expect(readOrNull(Buffer.from('{"hits":{"total":{"value":1},"hits":[{"sort":[5,"b"]}]}}'))).toBeNull();
    const request = buildCaseListRequest('cases', list({ q: 'radar', limit: 5, offset: 0 }));
    const fromSource = withSummariesFromSource(request);
    expect(fromSource).toEqual({ ...request, _source: SUMMARY, stored_fields: undefined, docvalue_fields: undefined });
    expect(fromSource).not.toHaveProperty('docvalue_fields');
  });

  it('reads fields= from _source, which filters each summary down to them', () => {
    expect(buildCaseListRequest('cases', list({ fields: ['title'], limit: 5, offset: 0 }))).toMatchObject({ _source: ['id', 'title'] });
    expect(buildCaseListRequest('cases', list({ fields: ['title'], limit: 5, offset: 0 }))).not.toHaveProperty('docvalue_fields');
  });
});
