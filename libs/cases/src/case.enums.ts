/** The classifications fixed by the interface spec. Order here is the order stats report them in. */
export const CASE_TYPES = ['military', 'radar', 'mass', 'photo', 'astronaut', 'document', 'crash'] as const;
export type CaseType = (typeof CASE_TYPES)[number];

export const CREDIBILITY_LEVELS = ['official', 'corroborated', 'reported', 'explained'] as const;
export type Credibility = (typeof CREDIBILITY_LEVELS)[number];

/**
 * Tranches are open-ended: every PURSUE release adds one. The spec names the first three and
 * `pre-disclosure`; stats always list those four, zeros included.
 */
export const PRE_DISCLOSURE = 'pre-disclosure';
export const SPEC_TRANCHES = ['PURSUE-1', 'PURSUE-2', 'PURSUE-3', PRE_DISCLOSURE] as const;
export type Tranche = string;

/** A tranche as stored and served. */
export const TRANCHE_FORMAT = /^(?:pre-disclosure|PURSUE-[1-9]\d*)$/;
const TRANCHE_INPUT = /^(?:pre-disclosure|pursue-([1-9]\d*))$/i;

/** Case ids are lowercase slugs: `2022-iran-four-uap-formation`. */
export const CASE_ID_FORMAT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `pursue-4` -> `PURSUE-4`, `Pre-Disclosure` -> `pre-disclosure`; anything else -> null. */
export function normalizeTranche(raw: string): Tranche | null {
  const match = TRANCHE_INPUT.exec(raw.trim());
  if (!match) return null;
  return match[1] ? `PURSUE-${match[1]}` : PRE_DISCLOSURE;
}

/**
 * ISO 3166-1 leaves `ZZ` to users; like CLDR we use it for "no single country": incidents in
 * space, places not released, or areas spanning many countries (a command's area, an ocean).
 */
export const NO_COUNTRY = 'ZZ';

/**
 * How far to trust `location.lat`/`lng`, finest first (rules in data/README.md):
 * `site` a named installation, airport or landmark; `locality` a town or city, or near one;
 * `region` a state, a country, part of one country, or a named sea, gulf or strait (its centre);
 * `area` a multi-country area: a command's area of responsibility, the Middle East, an ocean (its centroid);
 * `unknown` no place on Earth or none released: the nominal point below, country `ZZ`.
 */
export const LOCATION_PRECISIONS = ['site', 'locality', 'region', 'area', 'unknown'] as const;
export type LocationPrecision = (typeof LOCATION_PRECISIONS)[number];

/**
 * The one point every `unknown` case carries: 0°N 0°E, the point geocoders conventionally emit
 * for "no location". It lies in open sea far from land, so it is never mistaken for a real place;
 * consumers drop these cases with `precision`.
 */
export const NOMINAL_POINT = { lat: 0, lng: 0 } as const;

/**
 * How precise a case's `date` is (rules in data/README.md#dates): `day`; `month` (the date is the
 * month's first day); `year` (1 January); `unknown`: the records give no incident date, and `date`
 * is only the placeholder `dateDisplay` explains, which the api never sorts, filters or counts by.
 */
export const DATE_PRECISIONS = ['day', 'month', 'year', 'unknown'] as const;
export type DatePrecision = (typeof DATE_PRECISIONS)[number];
