import type { CaseType, Credibility, LocationPrecision } from '@app/cases';
import type { CaseListParams } from '@app/search';
import { InvalidParametersError } from '../http/api-error';
import type { CaseListQueryDto } from './case-list-query.dto';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 500;
/** Elasticsearch's index.max_result_window, as set in elastic/index/cases.settings.json. */
export const MAX_WINDOW = 10_000;

/**
 * Turns a validated query into search parameters: defaults applied, numbers parsed, `limit`
 * clamped to 500 (the response's `limit` reports the clamp), empty `q` meaning no keyword.
 */
export function toCaseListParams(query: CaseListQueryDto): CaseListParams {
  const limit = query.limit === undefined ? DEFAULT_LIMIT : Math.min(Number(query.limit), MAX_LIMIT);
  const offset = query.offset === undefined ? 0 : Number(query.offset);
  if (offset + limit > MAX_WINDOW) {
    throw new InvalidParametersError([
      {
        parameter: 'offset',
        message: `offset + limit must be at most ${MAX_WINDOW}; narrow the filters to page deeper`,
      },
    ]);
  }
  return {
    type: query.type as CaseType | undefined,
    credibility: query.credibility as Credibility | undefined,
    tranche: query.tranche,
    country: query.country,
    precision: query.precision === undefined ? undefined : ([...new Set(query.precision.split(','))] as LocationPrecision[]),
    hasVideo: query.hasVideo === undefined ? undefined : query.hasVideo === 'true',
    year: query.year === undefined ? undefined : Number(query.year),
    q: query.q ? query.q : undefined,
    highlight: query.highlight === 'true' ? true : undefined,
    updatedSince: query.updatedSince === undefined ? undefined : toUtcDay(query.updatedSince),
    limit,
    offset,
  };
}

/**
 * `updatedAt` is a day, so a timestamp asks for every case changed on or after its UTC day:
 * a client syncing with the time of its last sync may see a case twice, never miss one.
 */
export function toUtcDay(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : new Date(value).toISOString().slice(0, 10);
}
