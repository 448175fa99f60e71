import { hash } from 'node:crypto';
import { type CursorProblem, readSignedCursor, signCursor } from '@app/search';
import type { DocumentSearchParams } from './document-search.query';

/** Where a page of the document list ends: how many documents came before the next one, and, in id order, the last id. */
export interface DocumentCursor {
  offset: number;
  /** In id order (no q): the last document's id, to continue after (search_after) past the result window. */
  after?: [string];
}

/** Parameters that change neither which documents match nor their order: paging, and the facets a page shows. */
const WALK_NEUTRAL_KEYS = new Set(['limit', 'offset', 'searchAfter', 'facets']);

/**
 * A ranked list (with q) collapses pages on documentId and sorts by score, and Elasticsearch
 * continues a collapsed search after sort values only when it is sorted on the collapse field
 * alone; so only the id order (no q) continues after the last id, and a ranked walk carries its
 * offset (within the result window, which the corpus's few thousand documents stay under).
 */
export function walksById(params: Pick<DocumentSearchParams, 'q' | 'concepts'>): boolean {
  return !params.q && !params.concepts;
}

/** A short hash of what decides the list and its order, so a cursor cannot be replayed with other filters. */
export function documentFilterFingerprint(params: DocumentSearchParams): string {
  const filters = Object.entries(params)
    .filter(([key, value]) => !WALK_NEUTRAL_KEYS.has(key) && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return hash('sha256', JSON.stringify(filters), 'base64url').slice(0, 16);
}

/** Signed as the case list's cursors are (signCursor), with the same key. */
export function encodeDocumentCursor(cursor: DocumentCursor, params: DocumentSearchParams, key: Buffer): string {
  return signCursor({ o: cursor.offset, a: cursor.after ?? null, f: documentFilterFingerprint(params) }, key);
}

/** Reads a cursor for these parameters, or says what is wrong with it (the case list's problems and messages). */
export function decodeDocumentCursor(text: string, params: DocumentSearchParams, key: Buffer): DocumentCursor | CursorProblem {
  const raw = readSignedCursor(text, key);
  if (typeof raw === 'string') return raw;
  const { o: offset, a: after, f: filters } = raw;
  const byId = walksById(params);
  const afterFits = byId ? Array.isArray(after) && after.length === 1 && typeof after[0] === 'string' : after === null;
  if (!Number.isSafeInteger(offset) || (offset as number) < 0 || typeof filters !== 'string') return 'malformed';
  if (filters !== documentFilterFingerprint(params)) return 'other-filters';
  if (!afterFits) return 'malformed';
  return { offset: offset as number, ...(byId ? { after: after as [string] } : {}) };
}
