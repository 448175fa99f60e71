import { createHash } from 'node:crypto';
import type { CaseListParams } from './case-list.query';
import type { SortValues } from './raw-hits';

/** Where a page ends: what the next page starts after, how many cases came before it, and for which filters. */
export interface CaseCursor {
  after: SortValues;
  offset: number;
  filters: string;
}

/** Raised cursor formats are rejected as stale rather than misread. */
const CURSOR_VERSION = 1;

/** Parameters that move through the list without changing which cases match. */
const PAGING_KEYS = new Set(['limit', 'offset', 'searchAfter']);

/**
 * A short hash of everything but paging, in a fixed order: a cursor carries it so that it
 * cannot be replayed with other filters (which would silently skip or repeat cases).
 */
export function filterFingerprint(params: CaseListParams): string {
  const filters = Object.entries(params)
    .filter(([key, value]) => !PAGING_KEYS.has(key) && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 16);
}

export function encodeCursor(cursor: CaseCursor): string {
  return Buffer.from(JSON.stringify({ v: CURSOR_VERSION, o: cursor.offset, a: cursor.after, f: cursor.filters })).toString('base64url');
}

export type CursorProblem = 'malformed' | 'stale' | 'other-filters';

/**
 * Reads a cursor for these parameters, or says what is wrong with it. The sort values must have
 * the shape the sort gives (numbers, then the id as text), so a tampered cursor is refused here
 * rather than by Elasticsearch.
 */
export function decodeCursor(text: string, params: CaseListParams): CaseCursor | CursorProblem {
  let raw: { v?: unknown; o?: unknown; a?: unknown; f?: unknown };
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) return 'malformed';
    raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return 'malformed';
  }
  if (typeof raw !== 'object' || raw === null) return 'malformed';
  if (raw.v !== CURSOR_VERSION) return typeof raw.v === 'number' ? 'stale' : 'malformed';
  const { o: offset, a: after, f: filters } = raw;
  const sortLength = params.q ? 3 : 2;
  if (
    !Number.isSafeInteger(offset) ||
    (offset as number) < 0 ||
    !Array.isArray(after) ||
    after.length !== sortLength ||
    typeof after[after.length - 1] !== 'string' ||
    !after.slice(0, -1).every((value) => typeof value === 'number' && Number.isFinite(value)) ||
    typeof filters !== 'string'
  ) {
    return 'malformed';
  }
  if (filters !== filterFingerprint(params)) return 'other-filters';
  return { after: after as SortValues, offset: offset as number, filters };
}
