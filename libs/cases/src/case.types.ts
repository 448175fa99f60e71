import type { CaseType, Credibility, LocationPrecision, Tranche } from './case.enums';

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

/** The fields the list endpoint returns for each case. */
export interface CaseSummary {
  id: string;
  date: string;
  dateDisplay: LocalizedText;
  title: LocalizedText;
  location: CaseLocation;
  type: CaseType;
  credibility: Credibility;
  tranche: Tranche;
  hasVideo: boolean;
  summary: LocalizedText;
}

/** The full record, as stored in the dataset and returned by the single-case endpoint. */
export interface CaseRecord extends CaseSummary {
  detail: LocalizedText;
  videos: CaseVideo[];
  specs: CaseSpec[];
  sources: CaseSource[];
  images: CaseImage[];
}

export const CASE_SUMMARY_FIELDS = [
  'id',
  'date',
  'dateDisplay',
  'title',
  'location',
  'type',
  'credibility',
  'tranche',
  'hasVideo',
  'summary',
] as const satisfies readonly (keyof CaseSummary)[];
