import type { estypes } from '@elastic/elasticsearch';
import type { ArchiveGenerationTracker } from './archive-generation';
import type { ArchiveIndexService } from './archive-index.service';
import { caseListing } from './case-index.definition';
import { CasesRepository } from './cases.repository';
import type { SpellingLookup } from './spelling-lookup';
import { type CaseListParams, type CaseSort, listOrder } from './case-list.query';

/** Parameters as the api's reading of a request leaves them: the order written out (listOrder). */
const list = (params: Omit<CaseListParams, 'sort'> & { sort?: CaseSort }): CaseListParams => ({
  ...params,
  sort: listOrder(params.sort, params.q),
});

/** A repository over an engine that answers each search with the next of these bodies. */
function repositoryAnswering(...bodies: string[]) {
  const requests: estypes.SearchRequest[] = [];
  const index = {
    alias: 'cases',
    searchBytes: async (request: estypes.SearchRequest) => {
      requests.push(request);
      return Buffer.from(bodies[requests.length - 1]);
    },
  } as unknown as ArchiveIndexService;
  const spelling = { resolve: async <T>(params: T) => params } as unknown as SpellingLookup;
  return { repository: new CasesRepository(index, {} as ArchiveGenerationTracker, spelling), requests };
}

describe('CasesRepository.list', () => {
  it('reads each summary from its listing in one search', async () => {
    const listing = caseListing({ id: 'a', title: { en: 'A', zh: '甲' } } as never);
    const { repository, requests } = repositoryAnswering(
      `{"hits":{"total":{"value":1},"hits":[{"fields":{"listing":["${listing}"]},"sort":[1,"a"]}]}}`,
    );
    const page = await repository.list(list({ limit: 1, offset: 0 }));
    expect(page.casesJson.map(String)).toEqual(['{"id":"a","title":{"en":"A","zh":"甲"}}']);
    expect(requests).toHaveLength(1);
  });

  it('reads the page again from _source when the index was built before listings existed', async () => {
    const { repository, requests } = repositoryAnswering(
      '{"hits":{"total":{"value":1},"hits":[{"sort":[1,"a"]}]}}',
      '{"hits":{"total":{"value":1},"hits":[{"_source":{"id":"a","title":{"en":"A","zh":"甲"}},"sort":[1,"a"]}]}}',
    );
    const page = await repository.list(list({ limit: 1, offset: 0 }));
    expect(page).toMatchObject({ total: 1, lastSort: [1, 'a'] });
    expect(page.casesJson.map(String)).toEqual(['{"id":"a","title":{"en":"A","zh":"甲"}}']);
    expect(requests.map((request) => request.docvalue_fields)).toEqual([['listing'], undefined]);
    expect(Array.isArray(requests[1]._source)).toBe(true);
  });
});
