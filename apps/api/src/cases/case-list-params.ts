import { DEFAULT_LIMIT, MAX_LIMIT, type LocationPrecision } from '@app/cases';
import { CaseListParams, CursorProblem, decodeCursor, MAX_RESULT_WINDOW } from '@app/search';
import { InvalidParametersError } from '../errors/api-error';
import type { CaseListQueryDto } from './case-list-query.dto';

/**
 * Turns a validated query into search parameters: defaults applied, numbers parsed, `limit`
 * clamped to MAX_LIMIT (the response's `limit` reports the clamp), empty `q` meaning no keyword.
 * `cursorKey` (see CURSOR_KEY) checks the signature of a `cursor`; only a query with one needs it.
 */
export function toCaseListParams(query: CaseListQueryDto, cursorKey?: Buffer): CaseListParams {
  const limit = query.limit === undefined ? DEFAULT_LIMIT : Math.min(Number(query.limit), MAX_LIMIT);
  const offset = query.offset === undefined ? 0 : Number(query.offset);
  if (query.cursor !== undefined) return withCursor(query.cursor, query.offset, { ...toFilters(query), limit, offset: 0 }, cursorKey);
  if (offset + limit > MAX_RESULT_WINDOW) {
    throw new InvalidParametersError([
      {
        parameter: 'offset',
        message: `offset + limit must be at most ${MAX_RESULT_WINDOW}; narrow the filters to page deeper`,
      },
    ]);
  }
  return { ...toFilters(query), limit, offset };
}

/**
 * The export takes the list's filters and nothing else: it always streams every matching case,
 * so paging parameters are refused rather than silently ignored.
 */
export function toCaseExportParams(query: CaseListQueryDto): CaseListParams {
  const paging = (['limit', 'offset', 'cursor'] as const).filter((name) => query[name] !== undefined);
  if (paging.length > 0) {
    throw new InvalidParametersError(
      paging.map((parameter) => ({ parameter, message: `${parameter} does not apply to the export, which streams every matching case` })),
    );
  }
  return { ...toFilters(query), limit: 0, offset: 0 };
}

function toFilters(query: CaseListQueryDto): Omit<CaseListParams, 'limit' | 'offset'> {
  return {
    type: query.type,
    credibility: query.credibility,
    tranche: query.tranche,
    country: query.country,
    precision: query.precision === undefined ? undefined : ([...new Set(query.precision.split(','))] as LocationPrecision[]),
    hasVideo: query.hasVideo === undefined ? undefined : query.hasVideo === 'true',
    year: query.year,
    q: query.q ? query.q : undefined,
    highlight: query.highlight === 'true' ? true : undefined,
    updatedSince: query.updatedSince === undefined ? undefined : toUtcDay(query.updatedSince),
  };
}

/**
 * `updatedAt` is a day, so a timestamp asks for every case changed on or after its UTC day:
 * a client syncing with the time of its last sync may see a case twice, never miss one.
 */
export function toUtcDay(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : new Date(value).toISOString().slice(0, 10);
}

const CURSOR_PROBLEMS: Record<CursorProblem, string> = {
  malformed: 'cursor is not a cursor this API issued; pass the nextCursor of a previous page unchanged',
  stale: 'cursor is from an older version of this API; start the walk again without a cursor',
  'other-filters': 'cursor was issued for other filters; repeat the exact filters of the request that returned it',
};

/** A cursor continues a walk: the cases after its last one, counted on from where it ended. */
function withCursor(text: string, offset: number | undefined, params: CaseListParams, key: Buffer | undefined): CaseListParams {
  if (!key) throw new Error('toCaseListParams needs the cursor key to read a cursor');
  if (offset !== undefined) {
    throw new InvalidParametersError([
      { parameter: 'cursor', message: 'cursor cannot be combined with offset; a cursor already says where the page starts' },
    ]);
  }
  const cursor = decodeCursor(text, params, key);
  if (typeof cursor === 'string') throw new InvalidParametersError([{ parameter: 'cursor', message: CURSOR_PROBLEMS[cursor] }]);
  return { ...params, offset: cursor.offset, searchAfter: cursor.after };
}
