import { createHmac, hash, timingSafeEqual } from 'node:crypto';
import type { CaseListParams } from './case-list.query';
import type { SortValues } from './raw-hits';

/** Where a page ends: what the next page starts after, how many cases came before it, and for which filters. */
export interface CaseCursor {
  after: SortValues;
  offset: number;
  filters: string;
}

/** Raised cursor formats are rejected as stale rather than misread. 2: signed. */
const CURSOR_VERSION = 2;

/** Bytes of the HMAC-SHA256 kept in a cursor: 128 bits is beyond guessing, and cursors stay short. */
const SIGNATURE_BYTES = 16;

/**
 * Parameters that change neither which cases match nor their order: paging, and what each
 * page shows of them (a walk may switch fields, facets or highlights between pages).
 */
const WALK_NEUTRAL_KEYS = new Set(['limit', 'offset', 'searchAfter', 'fields', 'facets', 'highlight', 'didYouMean']);

/**
 * A short hash of the filters and the order (the default written out), in a fixed order: a
 * cursor carries it so that it cannot be replayed with other filters or another order (which
 * would silently skip or repeat cases).
 */
export function filterFingerprint(params: CaseListParams): string {
  const filters = Object.entries(params)
    .filter(([key, value]) => !WALK_NEUTRAL_KEYS.has(key) && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return hash('sha256', JSON.stringify(filters), 'base64url').slice(0, 16);
}

function sign(payload: string, key: Buffer): Buffer {
  return createHmac('sha256', key).update(payload).digest().subarray(0, SIGNATURE_BYTES);
}

/** What a signed cursor carries: the format version, the offset, the sort values to continue after, the filters' fingerprint. */
export interface SignedCursorFields {
  v: unknown;
  o: unknown;
  a: unknown;
  f: unknown;
}

/**
 * `<payload>.<signature>`, both base64url. The HMAC covers every byte of the payload (sort values,
 * offset and filters), so a cursor this API did not issue is refused before anything in it is read.
 * Every list that walks by cursor (cases, documents) signs the same way.
 */
export function signCursor(fields: { o: number; a: unknown; f: string }, key: Buffer): string {
  const payload = Buffer.from(JSON.stringify({ v: CURSOR_VERSION, ...fields })).toString('base64url');
  return `${payload}.${sign(payload, key).toString('base64url')}`;
}

export function encodeCursor(cursor: CaseCursor, key: Buffer): string {
  return signCursor({ o: cursor.offset, a: cursor.after, f: cursor.filters }, key);
}

export type CursorProblem = 'malformed' | 'stale' | 'other-filters';

/**
 * A cursor's fields once its signature checks out (with the deployment's key), or what is wrong
 * with it; the caller still checks the fields' shapes.
 */
export function readSignedCursor(text: string, key: Buffer): SignedCursorFields | Exclude<CursorProblem, 'other-filters'> {
  const match = /^([A-Za-z0-9_-]+)(?:\.([A-Za-z0-9_-]+))?$/.exec(text);
  if (!match) return 'malformed';
  const [, payload, signature] = match;
  let raw: { v?: unknown; o?: unknown; a?: unknown; f?: unknown };
  try {
    raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return 'malformed';
  }
  if (typeof raw !== 'object' || raw === null) return 'malformed';
  // An unsigned cursor of an earlier format: from this API, but no longer readable.
  if (signature === undefined) return typeof raw.v === 'number' && raw.v < CURSOR_VERSION ? 'stale' : 'malformed';
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== SIGNATURE_BYTES || !timingSafeEqual(given, sign(payload, key))) return 'malformed';
  if (raw.v !== CURSOR_VERSION) return 'malformed';
  return { v: raw.v, o: raw.o, a: raw.a, f: raw.f };
}

/**
 * Reads a cursor for these parameters, or says what is wrong with it. The signature is checked
 * first (with the deployment's key); the shape the order gives (numbers, then the id as text) is
 * still checked after it, so that a cursor of an older format, or one signed by a buggy release,
 * is refused rather than sent to Elasticsearch.
 */
export function decodeCursor(text: string, params: CaseListParams, key: Buffer): CaseCursor | CursorProblem {
  const raw = readSignedCursor(text, key);
  if (typeof raw === 'string') return raw;
  const { o: offset, a: after, f: filters } = raw;
  // Relevance and distance sort on a number before the date and the id.
  const sortLength = ['relevance', 'distance'].includes(params.sort) ? 3 : 2;
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
