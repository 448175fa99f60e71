import { buildCaseFeedRequest, toCaseFeedPage } from './case-feed.query';
import { buildCaseListRequest } from './case-list.query';
import { type CaseListParams, type CaseSort, listOrder } from './case-list.query';

/** Parameters as the api's reading of a request leaves them: the order written out (listOrder). */
const list = (params: Omit<CaseListParams, 'sort'> & { sort?: CaseSort }): CaseListParams => ({
  ...params,
  sort: listOrder(params.sort, params.q),
});

describe('buildCaseFeedRequest', () => {
  it("keeps every list filter and orders by the latest change, with the archive's last update alongside", () => {
    const params = {
      tranche: ['PURSUE-7'],
      country: ['US'],
      type: ['radar' as const],
      updatedSince: '2026-11-01',
      q: 'lights',
      limit: 20,
      offset: 0,
    };
    const request = buildCaseFeedRequest('cases', list(params));
    expect(request.query).toEqual(buildCaseListRequest('cases', list(params)).query);
    expect(request).toMatchObject({ index: 'cases', from: 0, size: 20 });
    expect(request.sort).toEqual([{ updatedAt: { order: 'desc' } }, { id: { order: 'asc' } }]);
    expect(request.aggs).toEqual({ archive: { global: {}, aggs: { lastUpdated: { max: { field: 'updatedAt', format: 'strict_date' } } } } });
  });
});

describe('toCaseFeedPage', () => {
  const response = (hits: object[], lastUpdated: object) =>
    ({
      hits: { total: { value: hits.length, relation: 'eq' }, hits: hits.map((_source) => ({ _source })) },
      aggregations: { archive: { doc_count: 3, lastUpdated } },
    }) as never;

  it('returns the cases in order and the archive date', () => {
    expect(toCaseFeedPage(response([{ id: 'b' }, { id: 'a' }], { value: 1, value_as_string: '2026-11-22' }))).toEqual({
      cases: [{ id: 'b' }, { id: 'a' }],
      archiveUpdated: '2026-11-22',
    });
    expect(toCaseFeedPage(response([], { value: null })).archiveUpdated).toBeNull();
  });
});
