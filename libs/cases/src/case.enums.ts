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
 * space, or records that name only a multi-country command area. Such cases carry no coordinates.
 */
export const NO_COUNTRY = 'ZZ';
