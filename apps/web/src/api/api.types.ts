import type { CaseRecord, CaseSummary, LocalizedText } from '../../../../libs/cases/src/case.types';

export type { LocalizedText };

/** A listed case; `highlight` is there only when the list was asked for it (`highlight=true`), `match` only with `q`. */
export interface ListedCase extends CaseSummary {
  highlight?: Record<string, string[]>;
  match?: 'all' | 'some';
}

export type FullCase = CaseRecord;

export interface CaseListResponse {
  count: number;
  total: number;
  limit: number;
  offset?: number;
  nextCursor?: string | null;
  /** With `facets=`: facet name -> value -> cases. */
  facets?: Record<string, FacetCounts>;
  /** With `q`: the query with its misspelt words corrected, or null. */
  suggestion?: string | null;
  cases: ListedCase[];
}

export type FacetCounts = Record<string, number>;

export interface RelatedCasesResponse {
  id: string;
  count: number;
  cases: ListedCase[];
}

/** One completion from /api/suggest. */
export interface Suggestion {
  id: string;
  text: string;
  field: 'title' | 'place';
  language: 'en' | 'zh';
  title: string;
}

export interface SuggestResponse {
  q: string;
  suggestions: Suggestion[];
}

export interface CaseResponse {
  case: FullCase;
}

export interface StatsResponse {
  total: number;
  withVideo: number;
  yearRange: { from: number | null; to: number | null };
  byType: Record<string, number>;
  byTranche: Record<string, number>;
  byCountry: Record<string, number>;
  byYear: Record<string, number>;
  /** Newer apis: the newest `updatedAt`, and the day each PURSUE release was published. */
  lastUpdated?: string | null;
  releases?: Record<string, string>;
}

export interface ApiErrorBody {
  error: { status: number; code: string; message: string };
}
