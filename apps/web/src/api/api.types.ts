import type { CaseRecord, CaseSummary, LocalizedText } from '../../../../libs/cases/src/case.types';

export type { LocalizedText };

/** A listed case; `highlight` is there only when the list was asked for it (`highlight=true`). */
export interface ListedCase extends CaseSummary {
  highlight?: Record<string, string[]>;
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
  cases: ListedCase[];
}

export type FacetCounts = Record<string, number>;

export interface RelatedCasesResponse {
  id: string;
  count: number;
  cases: ListedCase[];
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
