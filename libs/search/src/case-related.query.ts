import type { estypes } from '@elastic/elasticsearch';
import type { CaseRecord } from '@app/cases';
import { GEO_POINT_FIELD } from './case-filter.query';
import { INCIDENT_DATE_FIELD } from './case-index.definition';
import { CASE_LIST_FILTER_PATH, summariesFrom } from './case-list.query';

/** The texts two cases are compared on, in both languages. */
export const RELATED_TEXT_FIELDS = ['title.en', 'title.zh', 'summary.en', 'summary.zh', 'detail.en', 'detail.zh'];

/** Nearby means hundreds of kilometres (one base, one city's sky); near in time means a few years (one wave). */
const PLACE_PIVOT = '300km';
const DATE_PIVOT = '1095d';
/** How much a close place, a close date and a shared type add next to the text's similarity. */
const PLACE_BOOST = 3;
const DATE_BOOST = 2;
const TYPE_BOOST = 1;

/**
 * Cases most like this one: more_like_this over its own titles, summaries and details (both
 * languages; a term must appear in at least one other case to count), plus extra for a point
 * nearby, a date close by and the same type, each of which alone can bring a case in. The case
 * itself is never among them. A case placed nowhere (precision `unknown`) has no point to be near,
 * and a case of unknown date (datePrecision `unknown`) no date to be close to: its `date` is a
 * placeholder, and only dated cases have the incidentDate compared against.
 */
export function buildRelatedCasesRequest(
  index: string,
  record: Pick<CaseRecord, 'id' | 'date' | 'datePrecision' | 'type' | 'location'>,
  limit: number,
): estypes.SearchRequest {
  const should: estypes.QueryDslQueryContainer[] = [
    {
      more_like_this: {
        fields: RELATED_TEXT_FIELDS,
        like: [{ _index: index, _id: record.id }],
        min_term_freq: 1,
        min_doc_freq: 2,
        max_query_terms: 40,
        minimum_should_match: '10%',
      },
    },
  ];
  if (record.location.precision !== 'unknown') {
    const origin = { lat: record.location.lat, lon: record.location.lng };
    should.push({ distance_feature: { field: GEO_POINT_FIELD, origin, pivot: PLACE_PIVOT, boost: PLACE_BOOST } });
  }
  if (record.datePrecision !== 'unknown') {
    should.push({ distance_feature: { field: INCIDENT_DATE_FIELD, origin: record.date, pivot: DATE_PIVOT, boost: DATE_BOOST } });
  }
  should.push({ term: { type: { value: record.type, boost: TYPE_BOOST } } });
  return {
    index,
    filter_path: CASE_LIST_FILTER_PATH,
    size: limit,
    ...summariesFrom('listing'),
    query: { bool: { should, minimum_should_match: 1, must_not: [{ ids: { values: [record.id] } }] } },
    // The id breaks ties, so equally similar cases always come in one order.
    sort: ['_score', { id: { order: 'asc' } }],
  };
}
