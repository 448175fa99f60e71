import { decodeDocumentCursor, documentFilterFingerprint, encodeDocumentCursor } from './document-cursor';
import type { DocumentSearchParams } from './document-search.query';

const KEY = Buffer.from('k'.repeat(32));
const ranked: DocumentSearchParams = { q: 'lights', collection: ['fbi-vault-ufo'], limit: 5, offset: 0, facets: false };
const byId: DocumentSearchParams = { limit: 5, offset: 0, facets: false };

describe('document cursors', () => {
  it('round-trips an id-order cursor with its last id', () => {
    const text = encodeDocumentCursor({ offset: 5, after: ['nara-1'] }, byId, KEY);
    expect(decodeDocumentCursor(text, { ...byId, limit: 50 }, KEY)).toEqual({ offset: 5, after: ['nara-1'] });
  });

  it('round-trips a ranked cursor by its offset alone', () => {
    const text = encodeDocumentCursor({ offset: 10 }, ranked, KEY);
    expect(decodeDocumentCursor(text, { ...ranked, facets: true }, KEY)).toEqual({ offset: 10 });
  });

  it('refuses a cursor for other filters, another key or a changed payload', () => {
    const text = encodeDocumentCursor({ offset: 10 }, ranked, KEY);
    expect(decodeDocumentCursor(text, { ...ranked, q: 'radar' }, KEY)).toBe('other-filters');
    expect(decodeDocumentCursor(text, byId, KEY)).toBe('other-filters');
    expect(decodeDocumentCursor(text, ranked, Buffer.from('x'.repeat(32)))).toBe('malformed');
    expect(decodeDocumentCursor(`A${text}`, ranked, KEY)).toBe('malformed');
    expect(decodeDocumentCursor('hello', ranked, KEY)).toBe('malformed');
  });

  it('fingerprints filters, not paging', () => {
    expect(documentFilterFingerprint({ ...ranked, limit: 50, offset: 40, facets: true })).toBe(documentFilterFingerprint(ranked));
    expect(documentFilterFingerprint({ ...ranked, kind: 'document' })).not.toBe(documentFilterFingerprint(ranked));
  });
});
