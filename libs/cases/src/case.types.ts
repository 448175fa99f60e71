import type { CaseType, Credibility, DatePrecision, LocationPrecision, Tranche } from './case.enums';

export interface LocalizedText {
  zh: string;
  en: string;
}

export interface CaseLocation {
  name: LocalizedText;
  /** ISO 3166-1 alpha-2, or `ZZ` when no single country applies. */
  country: string;
  /** Always a number; `precision` says what the point stands for (`unknown`: the nominal point 0, 0). */
  lat: number;
  lng: number;
  precision: LocationPrecision;
}

/** A video at an external host: `provider` names the host, `<provider>Id` holds its id. */
export interface CaseVideo {
  provider: 'dvids';
  dvidsId: string;
  caption: LocalizedText;
}

export interface CaseSpec {
  label: LocalizedText;
  value: LocalizedText;
}

export interface CaseSource {
  label: string;
  url: string;
}

export interface CaseImage {
  url: string;
  caption: LocalizedText;
  credit: string;
}

/** One change to a case in the archive: when, and why, in both languages. */
export interface CaseRevision {
  /** `YYYY-MM-DD`, the day the archive's copy changed (not the incident date). */
  date: string;
  reason: LocalizedText;
}

/** The fields the list endpoint returns for each case. */
export interface CaseSummary {
  id: string;
  /** `YYYY-MM-DD`; with `datePrecision` unknown, a placeholder (never the incident date). */
  date: string;
  datePrecision: DatePrecision;
  dateDisplay: LocalizedText;
  title: LocalizedText;
  location: CaseLocation;
  type: CaseType;
  credibility: Credibility;
  tranche: Tranche;
  hasVideo: boolean;
  summary: LocalizedText;
  /** `YYYY-MM-DD`: the day the case entered the archive. */
  addedAt: string;
  /** `YYYY-MM-DD`: the day its content last changed (equals addedAt until then). */
  updatedAt: string;
}

/** The full record, as stored in the dataset and returned by the single-case endpoint. */
export interface CaseRecord extends CaseSummary {
  detail: LocalizedText;
  videos: CaseVideo[];
  specs: CaseSpec[];
  sources: CaseSource[];
  images: CaseImage[];
  /** Other cases that may be the same incident in another record (same day and area); every link goes both ways. */
  relatedIds: string[];
  /** Newest first; the last entry is the day the case was added. Kept by `npm run data:revise`. */
  revisions: CaseRevision[];
}

export const CASE_SUMMARY_FIELDS = [
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
] as const satisfies readonly (keyof CaseSummary)[];
