import type { CaseRecord, CaseSummary, LocalizedText } from '../../../../libs/cases/src/case.types';

export type { LocalizedText };

/**
 * Fields the api is gaining (location precision, release dates, highlights). The explorer reads
 * them when a response has them and falls back when it does not, as any client of the api should.
 */
export interface ListedCase extends Omit<CaseSummary, 'location'> {
  location: CaseSummary['location'] & { precision?: string };
  addedAt?: string;
  updatedAt?: string;
  highlight?: Record<string, string[]>;
}

export interface FullCase extends ListedCase, Omit<CaseRecord, 'location' | keyof CaseSummary> {
  revisions?: { date: string; reason: LocalizedText }[];
}

export interface CaseListResponse {
  count: number;
  total: number;
  limit: number;
  offset?: number;
  nextCursor?: string | null;
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
  /** Not in every version of the api; the year chart counts from the case list without it. */
  byYear?: Record<string, number>;
  /** Newer apis: the newest `updatedAt`, and the day each PURSUE release was published. */
  lastUpdated?: string | null;
  releases?: Record<string, string>;
}

export interface ApiErrorBody {
  error: { status: number; code: string; message: string };
}
