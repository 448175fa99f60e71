import { CASE_TYPES, CREDIBILITY_LEVELS, DEFAULT_LIMIT, LOCATION_PRECISIONS, MAX_LIMIT } from '@app/cases';
import {
  CASE_FACETS,
  CASE_LIST_FIELDS,
  type CaseFilterParams,
  type CaseListParams,
  type CaseSort,
  type CaseSummaryField,
  decodeCursor,
  didYouMeanOf,
  listOrder,
  type CaseFacet,
  MAX_RESULT_WINDOW,
} from '@app/search';
import { readCursor } from '../cursors/list-cursors';
import { InvalidParametersError, type ParameterProblem } from '../errors/api-error';
import type { CaseFilterQueryDto, CaseListQueryDto } from './case-list-query.dto';
import { parseBbox, parsePoint } from './geo-params';

/**
 * Turns a validated query into search parameters: defaults applied, numbers parsed, `limit`
 * clamped to MAX_LIMIT (the response's `limit` reports the clamp), empty `q` meaning no keyword.
 * `cursorKey` (see CURSOR_KEY) checks the signature of a `cursor`; only a query with one needs it.
 */
export function toCaseListParams(query: CaseListQueryDto, cursorKey?: Buffer): CaseListParams {
  const limit = query.limit === undefined ? DEFAULT_LIMIT : Math.min(Number(query.limit), MAX_LIMIT);
  const offset = query.offset === undefined ? 0 : Number(query.offset);
  // Paging goes onto the same object, for the reason toShown gives.
  const params: CaseListParams = Object.assign(toShown(query), { limit, offset: query.cursor === undefined ? offset : 0 });
  if (query.cursor !== undefined) withCursor(query.cursor, query.offset, params, cursorKey);
  else if (offset + limit > MAX_RESULT_WINDOW) {
    throw new InvalidParametersError([
      {
        parameter: 'offset',
        message: `offset + limit must be at most ${MAX_RESULT_WINDOW}; narrow the filters to page deeper`,
      },
    ]);
  }
  params.didYouMean = didYouMeanOf(params);
  return params;
}

/**
 * The export takes the list's filters and order and nothing else: it always streams every
 * matching case as full records, so paging, fields and facets are refused rather than ignored.
 */
export function toCaseExportParams(query: CaseListQueryDto): CaseListParams {
  const paging = (['limit', 'offset', 'cursor', 'fields', 'facets'] as const).filter((name) => query[name] !== undefined);
  if (paging.length > 0) {
    throw new InvalidParametersError(
      paging.map((parameter) => ({ parameter, message: `${parameter} does not apply to the export, which streams every matching case whole` })),
    );
  }
  const { sort } = toShown(query);
  return { ...toCaseFilterParams(query), sort, limit: 0, offset: 0 };
}

/**
 * The filters, each list deduplicated and in a fixed order, so that equal questions written
 * differently (`type=radar,military`, `type=military,radar`) are one cache entry and one cursor.
 * Combinations no single parameter can judge are checked here, each a 400 naming the parameter.
 */
export function toCaseFilterParams(query: CaseFilterQueryDto): CaseFilterParams {
  const problems: ParameterProblem[] = [];
  const dateFrom = query.dateFrom === undefined ? undefined : firstDay(query.dateFrom);
  const dateTo = query.dateTo === undefined ? undefined : lastDay(query.dateTo);
  if (dateFrom && dateTo && dateFrom > dateTo) problems.push({ parameter: 'dateFrom', message: 'dateFrom must not be after dateTo' });
  const near = query.near === undefined ? undefined : parsePoint(query.near);
  const radiusKm = query.radiusKm === undefined ? undefined : Number(query.radiusKm);
  if (radiusKm !== undefined && !near) problems.push({ parameter: 'radiusKm', message: 'radiusKm needs near=lat,lng, the point to measure from' });
  if (problems.length > 0) throw new InvalidParametersError(problems);
  return {
    type: inOrder(query.type, CASE_TYPES),
    credibility: inOrder(query.credibility, CREDIBILITY_LEVELS),
    tranche: sortedSet(query.tranche),
    country: sortedSet(query.country),
    precision: inOrder(query.precision, LOCATION_PRECISIONS),
    hasVideo: query.hasVideo === undefined ? undefined : query.hasVideo === 'true',
    year: query.year,
    dateFrom,
    dateTo,
    bbox: query.bbox === undefined ? undefined : parseBbox(query.bbox),
    near,
    radiusKm,
    q: query.q ? query.q : undefined,
    updatedSince: query.updatedSince === undefined ? undefined : toUtcDay(query.updatedSince),
  };
}

/** The filters plus what to show of the matches, and in which order (the default written out). */
function toShown(query: CaseListQueryDto): Omit<CaseListParams, 'limit' | 'offset'> {
  const filters = toCaseFilterParams(query);
  const asked = query.sort as CaseSort | undefined;
  if (asked === 'distance' && !filters.near) {
    throw new InvalidParametersError([{ parameter: 'sort', message: 'sort=distance needs near=lat,lng, the point to measure from' }]);
  }
  const sort = listOrder(asked, filters.q);
  // Added to the filters' own object rather than spread into a new one: spreading these fifteen
  // or so fields, twice, was most of what reading a query cost.
  const shown = filters as Omit<CaseListParams, 'limit' | 'offset'>;
  shown.highlight = query.highlight === 'true' ? true : undefined;
  shown.sort = sort;
  shown.fields = inOrder(query.fields, CASE_LIST_FIELDS) as CaseSummaryField[] | undefined;
  shown.facets = inOrder(query.facets, CASE_FACETS) as CaseFacet[] | undefined;
  return shown;
}

/** A validated comma list as the known values it names, in their canonical order. */
function inOrder<T extends string>(text: string | undefined, order: readonly T[]): T[] | undefined {
  if (text === undefined) return undefined;
  const named = new Set(text.split(','));
  return order.filter((value) => named.has(value));
}

function sortedSet(text: string | undefined): string[] | undefined {
  return text === undefined ? undefined : [...new Set(text.split(','))].sort();
}

/** `1947` -> `1947-01-01`, `1952-07` -> `1952-07-01`; a day stays itself. */
export function firstDay(bound: string): string {
  return bound.length === 4 ? `${bound}-01-01` : bound.length === 7 ? `${bound}-01` : bound;
}

/** `1952` -> `1952-12-31`, `1952-02` -> `1952-02-29`; a day stays itself. */
export function lastDay(bound: string): string {
  if (bound.length === 4) return `${bound}-12-31`;
  if (bound.length !== 7) return bound;
  const [year, month] = bound.split('-').map(Number);
  // Day 0 of the next month is the last day of this one.
  return `${bound}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`;
}

/**
 * `updatedAt` is a day, so a timestamp asks for every case changed on or after its UTC day:
 * a client syncing with the time of its last sync may see a case twice, never miss one.
 */
export function toUtcDay(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : new Date(value).toISOString().slice(0, 10);
}

/** A cursor continues a walk: the cases after its last one, counted on from where it ended. */
function withCursor(text: string, offset: number | undefined, params: CaseListParams, key: Buffer | undefined): void {
  if (!key) throw new Error('toCaseListParams needs the cursor key to read a cursor');
  const cursor = readCursor(offset, () => decodeCursor(text, params, key));
  params.offset = cursor.offset;
  params.searchAfter = cursor.after;
}
