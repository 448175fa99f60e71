import type { estypes } from '@elastic/elasticsearch';
import type { LocalizedText } from '@app/cases';

/** Validated suggest parameters (see the api's SuggestQueryDto). */
export interface CaseSuggestParams {
  /** What has been typed so far, trimmed and non-empty. */
  q: string;
  limit: number;
}

export type SuggestionField = 'title' | 'place';
export type SuggestionLanguage = 'en' | 'zh';

/** One completion: the title or place name that the typed text starts words of, and its case. */
export interface CaseSuggestion {
  id: string;
  /** The completed title or place name, in the language it matched. */
  text: string;
  field: SuggestionField;
  language: SuggestionLanguage;
  /** The case's title in that language (for a place, which case it is). */
  title: string;
}

/** The completions of a text and, when there are none, a corrected text that has some (did you mean). */
export interface CaseSuggestPage {
  suggestions: CaseSuggestion[];
  suggestion?: string;
}

/**
 * One named query per field and language, in the order a match is preferred: titles before
 * place names. English every word as the start of a word (edge n-grams: "Rendlesham Fo"), Chinese
 * by character pairs (any stretch of two or more characters: 凯克斯 is in 凯克斯堡), both through
 * the fields' search analyzers, so Traditional input and the place-name synonyms work as in `q`.
 */
const SUGGEST_FIELDS: { name: string; path: string; field: SuggestionField; language: SuggestionLanguage; boost: number }[] = [
  { name: 'title.en', path: 'title.en.prefix', field: 'title', language: 'en', boost: 2 },
  { name: 'title.zh', path: 'title.zh', field: 'title', language: 'zh', boost: 2 },
  { name: 'place.en', path: 'location.name.en.prefix', field: 'place', language: 'en', boost: 1 },
  { name: 'place.zh', path: 'location.name.zh', field: 'place', language: 'zh', boost: 1 },
];

/** Han characters: a query with any is matched in Chinese first. */
const HAN = /\p{Script=Han}/u;

/** Only the ids, titles and place names the suggestions are made of, and which fields matched. */
export const CASE_SUGGEST_FILTER_PATH = ['hits.hits._source', 'hits.hits.matched_queries'];

export function buildCaseSuggestRequest(index: string, params: CaseSuggestParams): estypes.SearchRequest {
  return {
    index,
    filter_path: CASE_SUGGEST_FILTER_PATH,
    size: params.limit,
    track_total_hits: false,
    _source: ['id', 'title', 'location.name'],
    query: {
      bool: {
        should: SUGGEST_FIELDS.map(({ name, path, boost }) => ({ match: { [path]: { query: params.q, operator: 'and', boost, _name: name } } })),
      },
    },
    // Most relevant first; the newest case breaks ties, then the id, so the answer is stable.
    sort: ['_score', { date: { order: 'desc' } }, { id: { order: 'asc' } }],
  };
}

interface SuggestSource {
  id: string;
  title: LocalizedText;
  location: { name: LocalizedText };
}

/**
 * Each hit as the completion it matched best: a title before a place name, and, when both
 * languages matched, the language of the typed text (Chinese if it has a Han character).
 */
export function toCaseSuggestions(response: estypes.SearchResponse<SuggestSource>, q: string): CaseSuggestion[] {
  const languages: SuggestionLanguage[] = HAN.test(q) ? ['zh', 'en'] : ['en', 'zh'];
  const order = (['title', 'place'] as const).flatMap((field) =>
    languages.map((language) => SUGGEST_FIELDS.find((candidate) => candidate.field === field && candidate.language === language)!),
  );
  return (response.hits?.hits ?? []).flatMap((hit) => {
    const source = hit._source as SuggestSource;
    const matched = Array.isArray(hit.matched_queries) ? hit.matched_queries : Object.keys(hit.matched_queries ?? {});
    const best = order.find(({ name }) => matched.includes(name));
    if (!best) return [];
    const text = best.field === 'title' ? source.title[best.language] : source.location.name[best.language];
    return [{ id: source.id, text, field: best.field, language: best.language, title: source.title[best.language] }];
  });
}
