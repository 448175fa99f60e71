import { buildCaseExportRequest } from './case-export.query';
import { type CaseListParams, type CaseSort, listOrder } from './case-list.query';

/** Parameters as the api's reading of a request leaves them: the order written out (listOrder). */
const list = (params: Omit<CaseListParams, 'sort'> & { sort?: CaseSort }): CaseListParams => ({
  ...params,
  sort: listOrder(params.sort, params.q),
});

describe('buildCaseExportRequest', () => {
  it('pages full records over a point in time with the list query and sort', () => {
    expect(buildCaseExportRequest({ pitId: 'pit-1' }, list({ type: ['radar'], limit: 50, offset: 10 }), 500)).toEqual({
      pit: { id: 'pit-1', keep_alive: '1m' },
      filter_path: ['pit_id', 'hits.hits._source', 'hits.hits.sort'],
      size: 500,
      track_total_hits: false,
      _source: { excludes: ['point', 'incidentDate'] },
      query: { bool: { filter: [{ terms: { type: ['radar'] } }], must: [] } },
      sort: [{ incidentDate: { order: 'desc', missing: Number.MIN_SAFE_INTEGER } }, { id: { order: 'asc' } }],
    });
  });

  it('reads the first page from a concrete index, with no point in time', () => {
    const request = buildCaseExportRequest({ index: 'cases-1' }, list({ limit: 50, offset: 0 }), 500);
    expect(request).toMatchObject({ index: 'cases-1', size: 500 });
    expect(request).not.toHaveProperty('pit');
  });

  it('continues after the last hit of the previous page', () => {
    expect(buildCaseExportRequest({ pitId: 'pit-2' }, list({ q: 'radar', limit: 0, offset: 0 }), 2, [1.5, 100, 'a'])).toMatchObject({
      search_after: [1.5, 100, 'a'],
      sort: ['_score', { incidentDate: { order: 'desc', missing: Number.MIN_SAFE_INTEGER } }, { id: { order: 'asc' } }],
    });
  });
});
