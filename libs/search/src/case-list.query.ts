import type { estypes } from '@elastic/elasticsearch';
import { CASE_SUMMARY_FIELDS, CaseSummary, CaseType, Credibility, LocationPrecision } from '@app/cases';
import { readRawHits, type SortValues } from './raw-hits';

/** Validated, normalized list parameters (see the api's CaseListQueryDto). */
export interface CaseListParams {
  type?: CaseType;
  credibility?: Credibility;
  tranche?: string;
  country?: string;
  /** Any of these location precisions (e.g. everything placed on a map: site, locality, region). */
  precision?: LocationPrecision[];
  hasVideo?: boolean;
  year?: number;
  q?: string;
  /** Return, for each case, the fragments of its searched fields that match `q`. */
  highlight?: boolean;
  /** `YYYY-MM-DD`: only cases whose updatedAt is on or after this day. */
  updatedSince?: string;
  limit: number;
  /** Cases before this page; with `searchAfter` it is only reported back, never sent as `from`. */
  offset: number;
  /** Continue after these sort values (from a cursor) instead of skipping `offset` hits. */
  searchAfter?: SortValues;
}

/** Field path (e.g. `summary.en`) to the matching fragments, matches wrapped in <em>, text HTML-escaped. */
export type CaseHighlight = Record<string, string[]>;

export interface CaseListPage {
  total: number;
  cases: (CaseSummary & { highlight?: CaseHighlight })[];
  /** The sort values of the last hit, for the next cursor; absent on an empty page. */
  lastSort?: SortValues;
}

/** A list page with each case as the JSON bytes it is sent as. */
export interface CaseListPageJson {
  total: number;
  casesJson: Buffer[];
  lastSort?: SortValues;
}

/** Title matches weigh more than location or summary matches. */
export const KEYWORD_FIELDS = ['title.en^3', 'title.zh^3', 'location.name.en^2', 'location.name.zh^2', 'summary.en', 'summary.zh'];

/**
 * Only what toCaseListPage reads. Elasticsearch then writes, and the client parses, just the
 * summaries, sort values, highlights and the total: no per-hit _index/_id/_score, no _shards.
 * With no hits the response has no `hits.hits` at all.
 */
export const CASE_LIST_FILTER_PATH = ['hits.total.value', 'hits.hits._source', 'hits.hits.sort', 'hits.hits.highlight'];

/** Newest first; `id` breaks ties so that pages never overlap or skip. */
const CHRONOLOGICAL: estypes.SortCombinations[] = [{ date: { order: 'desc' } }, { id: { order: 'asc' } }];

export function buildCaseListRequest(index: string, params: CaseListParams): estypes.SearchRequest {
  const filter: estypes.QueryDslQueryContainer[] = [];
  if (params.type) filter.push({ term: { type: params.type } });
  if (params.credibility) filter.push({ term: { credibility: params.credibility } });
  if (params.tranche) filter.push({ term: { tranche: params.tranche } });
  if (params.country) filter.push({ term: { 'location.country': params.country } });
  if (params.precision?.length) filter.push({ terms: { 'location.precision': params.precision } });
  if (params.hasVideo !== undefined) filter.push({ term: { hasVideo: params.hasVideo } });
  if (params.year !== undefined) {
    filter.push({ range: { date: { gte: `${params.year}-01-01`, lte: `${params.year}-12-31` } } });
  }

  if (params.updatedSince) filter.push({ range: { updatedAt: { gte: params.updatedSince } } });

  return {
    index,
    filter_path: CASE_LIST_FILTER_PATH,
    // search_after costs the same on page 1 and page 1,000, and is not bound by the 10,000 window.
    from: params.searchAfter ? 0 : params.offset,
    size: params.limit,
    track_total_hits: true,
    _source: [...CASE_SUMMARY_FIELDS],
    query: { bool: { filter, ...(params.q ? keywordClauses(params.q) : { must: [] }) } },
    sort: params.q ? ['_score', ...CHRONOLOGICAL] : CHRONOLOGICAL,
    ...(params.searchAfter ? { search_after: params.searchAfter } : {}),
    ...(params.highlight && params.q ? { highlight: HIGHLIGHT } : {}),
  };
}

/**
 * The all-words match decides the order, and words found in the query's order (within a few
 * positions) count extra; the any-word match only keeps a query from coming back empty because one
 * of its words appears nowhere ("sightings over Washington" when no case says "over"), or because a
 * Chinese query spans a word boundary and so forms a character pair no text has (哈拉雷机场 against
 * 哈拉雷国际机场). Measured with scripts/search-quality.mjs.
 */
const ALL_WORDS_BOOST = 10;
const PHRASE_SLOP = 3;
const PHRASE_BOOST = 2;

/**
 * multi_match takes the text as plain words: no operators or wildcards are ever parsed.
 * cross_fields lets the words of one language spread over that language's fields, so "Nimitz
 * video" matches a title naming Nimitz and a summary mentioning video. Synonyms and the
 * Traditional-to-Simplified mapping come from the fields' search analyzers (elastic/index).
 */
function keywordClauses(q: string): Pick<estypes.QueryDslBoolQuery, 'must' | 'should'> {
  const words = { query: q, fields: KEYWORD_FIELDS, type: 'cross_fields' as const };
  return {
    must: [{ multi_match: { ...words, operator: 'or', minimum_should_match: '1' } }],
    should: [
      { multi_match: { ...words, operator: 'and', boost: ALL_WORDS_BOOST } },
      { multi_match: { query: q, fields: KEYWORD_FIELDS, type: 'phrase', slop: PHRASE_SLOP, boost: PHRASE_BOOST } },
    ],
  };
}

/** Titles and place names whole, summaries as up to three fragments of about 150 characters. */
const HIGHLIGHT: estypes.SearchHighlight = {
  encoder: 'html',
  fields: {
    'title.en': { number_of_fragments: 0 },
    'title.zh': { number_of_fragments: 0 },
    'location.name.en': { number_of_fragments: 0 },
    'location.name.zh': { number_of_fragments: 0 },
    'summary.en': { number_of_fragments: 3, fragment_size: 150 },
    'summary.zh': { number_of_fragments: 3, fragment_size: 150 },
  },
};

/**
 * Reads a list response from its bytes. Without highlights each case's `_source` is taken as it
 * came (readRawHits), which spares the api a parse and a re-serialization of every summary;
 * with highlights, or any shape that reader does not vouch for, the response is parsed whole.
 */
export function readCaseListPage(body: Buffer, params: Pick<CaseListParams, 'highlight'> = {}): CaseListPageJson {
  const raw = params.highlight ? undefined : readRawHits(body);
  if (raw) return { total: raw.total ?? 0, casesJson: raw.sources, lastSort: raw.lastSort };
  const page = toCaseListPage(JSON.parse(body.toString('utf8')) as estypes.SearchResponse<CaseSummary>, params);
  return { total: page.total, casesJson: page.cases.map((summary) => Buffer.from(JSON.stringify(summary))), lastSort: page.lastSort };
}

/** With `highlight` set, every case carries a `highlight` object, empty when nothing matched in it. */
export function toCaseListPage(response: estypes.SearchResponse<CaseSummary>, params: Pick<CaseListParams, 'highlight'> = {}): CaseListPage {
  const total = response.hits.total;
  // filter_path drops `hits.hits` when there are none.
  const hits = response.hits.hits ?? [];
  return {
    total: typeof total === 'number' ? total : (total?.value ?? 0),
    cases: hits.map((hit) => (params.highlight ? { ...(hit._source as CaseSummary), highlight: hit.highlight ?? {} } : (hit._source as CaseSummary))),
    lastSort: hits.at(-1)?.sort as SortValues | undefined,
  };
}
