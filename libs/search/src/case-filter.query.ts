import type { estypes } from '@elastic/elasticsearch';
import type { CaseType, Credibility, LocationPrecision } from '@app/cases';
import { INCIDENT_DATE_FIELD } from './case-index.definition';

/** A point on the map, in the order people say it (`near=lat,lng`). */
export interface GeoPoint {
  lat: number;
  lng: number;
}

/** A map area, in GeoJSON's bbox order; `minLng > maxLng` is a box across the antimeridian. */
export interface GeoBox {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

/** Which cases match: validated, normalized filters (see the api's CaseFilterQueryDto). */
export interface CaseFilterParams {
  /** Each list holds any of its values (OR); different filters combine with AND. */
  type?: CaseType[];
  credibility?: Credibility[];
  tranche?: string[];
  country?: string[];
  /** Any of these location precisions (e.g. everything placed on a map: site, locality, region). */
  precision?: LocationPrecision[];
  hasVideo?: boolean;
  year?: number;
  /** `YYYY-MM-DD`, inclusive: the first day of what the client wrote (`1947` -> `1947-01-01`). */
  dateFrom?: string;
  /** `YYYY-MM-DD`, inclusive: the last day of what the client wrote (`1952-02` -> `1952-02-29`). */
  dateTo?: string;
  bbox?: GeoBox;
  near?: GeoPoint;
  /** Only with `near`: at most this far from it, in kilometres. */
  radiusKm?: number;
  q?: string;
  /** `YYYY-MM-DD`: only cases whose updatedAt is on or after this day. */
  updatedSince?: string;
}

/** Every filter of CaseFilterParams by its query parameter's name, in a fixed order (the feed's title, say). */
export const CASE_FILTER_NAMES = [
  'type',
  'credibility',
  'tranche',
  'country',
  'precision',
  'hasVideo',
  'year',
  'dateFrom',
  'dateTo',
  'bbox',
  'near',
  'radiusKm',
  'q',
  'updatedSince',
] as const satisfies readonly (keyof CaseFilterParams)[];

/** Fails to compile, naming the filter, when CaseFilterParams gains one that CASE_FILTER_NAMES does not list. */
type UnlistedFilter = Exclude<keyof CaseFilterParams, (typeof CASE_FILTER_NAMES)[number]>;
const everyFilterListed: [UnlistedFilter] extends [never] ? true : UnlistedFilter = true;
void everyFilterListed;

/** The field that holds a case's point; the ingest gives none to a case of precision `unknown`. */
export const GEO_POINT_FIELD = 'point';

/**
 * Every filter as a non-scoring clause. A list of one value is a `terms` of one, which matches
 * exactly what a `term` did. The place filters go through the indexed point, which a case of
 * precision `unknown` does not have: its nominal 0, 0 can never fall in a box or a radius.
 */
export function caseFilterClauses(params: CaseFilterParams): estypes.QueryDslQueryContainer[] {
  const filter: estypes.QueryDslQueryContainer[] = [];
  const anyOf = (field: string, values: readonly (string | boolean)[] | undefined) => {
    if (values?.length) filter.push({ terms: { [field]: [...values] } });
  };
  anyOf('type', params.type);
  anyOf('credibility', params.credibility);
  anyOf('tranche', params.tranche);
  anyOf('location.country', params.country);
  anyOf('location.precision', params.precision);
  if (params.hasVideo !== undefined) filter.push({ term: { hasVideo: params.hasVideo } });
  // A case of unknown date has no incidentDate, so no year or date range matches it.
  if (params.year !== undefined) {
    filter.push({ range: { [INCIDENT_DATE_FIELD]: { gte: `${params.year}-01-01`, lte: `${params.year}-12-31` } } });
  }
  if (params.dateFrom || params.dateTo) {
    const bounds = { ...(params.dateFrom ? { gte: params.dateFrom } : {}), ...(params.dateTo ? { lte: params.dateTo } : {}) };
    filter.push({ range: { [INCIDENT_DATE_FIELD]: bounds } });
  }
  if (params.bbox) {
    const { minLng, minLat, maxLng, maxLat } = params.bbox;
    // Lucene reads a left edge east of the right edge as a box across the antimeridian.
    filter.push({ geo_bounding_box: { [GEO_POINT_FIELD]: { top_left: { lat: maxLat, lon: minLng }, bottom_right: { lat: minLat, lon: maxLng } } } });
  }
  if (params.near) {
    filter.push(
      params.radiusKm === undefined
        ? { exists: { field: GEO_POINT_FIELD } }
        : { geo_distance: { distance: `${params.radiusKm}km`, [GEO_POINT_FIELD]: { lat: params.near.lat, lon: params.near.lng } } },
    );
  }
  if (params.updatedSince) filter.push({ range: { updatedAt: { gte: params.updatedSince } } });
  return filter;
}
