import { Inject, Injectable } from '@nestjs/common';
import {
  decodeDocumentCursor,
  DEFAULT_DOCUMENT_LIMIT,
  DOCUMENT_RESULT_WINDOW,
  type DocumentSearchParams,
  encodeDocumentCursor,
  walksById,
  DocumentsRepository,
  hasChinese,
  toSimplified,
  translateQuery,
  type Translation,
} from '@app/documents';
import glossaryEntries from '@app/documents/glossary/glossary-entries.json';
import { ArchiveGenerationTracker } from '@app/search';
import { CURSOR_KEY, readCursor } from '../cursors/list-cursors';
import { InvalidParametersError } from '../errors/api-error';
import type { Payload } from '../response/envelope.dto';
import { CachedReply } from '../response/cached-reply';
import { canonicalQuery, ResponseCache } from '../response/response-cache';
import { type DocumentListQueryDto, type DocumentPageQueryDto } from './document-list-query.dto';
import {
  type DocumentListResponseDto,
  type DocumentPageResponseDto,
  type DocumentResponseDto,
  EMPTY_ARCHIVE_NOTICE,
  MACHINE_TEXT_NOTICE,
} from './document.dto';
import { DocumentNotFoundError, PageNotFoundError } from './documents.errors';

export type DocumentListBody = Payload<DocumentListResponseDto>;
export type DocumentBody = Payload<DocumentResponseDto>;
export type DocumentPageBody = Payload<DocumentPageResponseDto>;

/** The documents alias's generation tracker (its own alias, its own polling). */
export const DOCUMENT_GENERATIONS = Symbol('DOCUMENT_GENERATIONS');

/** Ids are lower-case file names; anything else names no document, and is answered without a search. */
export const DOCUMENT_ID_FORMAT = /^[a-z0-9][a-z0-9._-]{0,199}$/;
const PAGE_NUMBER = /^[1-9]\d{0,8}$/;
/** The bilingual glossary a Chinese query is translated through (generated; see glossary-sources.ts). */
const GLOSSARY = new Map(Object.entries(glossaryEntries.entries));

/** A Chinese q as the English the files use; undefined for a q with no Chinese. */
function translated(q: string | undefined): Translation | undefined {
  return q && hasChinese(q) ? translateQuery(q, GLOSSARY, toSimplified) : undefined;
}

/**
 * The document endpoints' payloads. Answers go through the case endpoints' response cache; each
 * key names the documents index the alias points at, so a document re-index is a new key. With
 * no documents index (DOCUMENTS_DIR unset) the list is empty and says so, and every id is a 404.
 */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly repository: DocumentsRepository,
    @Inject(DOCUMENT_GENERATIONS) private readonly generations: ArchiveGenerationTracker,
    private readonly responses: ResponseCache,
    @Inject(CURSOR_KEY) private readonly cursorKey: Buffer,
  ) {}

  async list(query: DocumentListQueryDto): Promise<CachedReply<DocumentListBody>> {
    const translation = translated(query.q);
    const params: DocumentSearchParams = {
      ...(query.q ? { q: query.q } : {}),
      ...(translation ? { concepts: translation.concepts } : {}),
      ...(query.collection ? { collection: query.collection.split(',') } : {}),
      ...(query.release ? { release: query.release.split(',').map(Number) } : {}),
      ...(query.agency ? { agency: [query.agency] } : {}),
      ...(query.caseId ? { caseId: query.caseId } : {}),
      ...(query.dateFrom ? { dateFrom: query.dateFrom } : {}),
      ...(query.dateTo ? { dateTo: query.dateTo } : {}),
      ...(query.kind ? { kind: query.kind } : {}),
      limit: query.limit ?? DEFAULT_DOCUMENT_LIMIT,
      offset: query.offset ?? 0,
      facets: query.facets !== undefined,
      ...(query.collapse === 'copies' ? { collapseCopies: true as const } : {}),
    };
    if (params.collapseCopies && !query.q) {
      throw new InvalidParametersError([
        { parameter: 'collapse', message: 'collapse=copies needs q: copies are folded by the page each document is found by' },
      ]);
    }
    if (query.cursor !== undefined) this.continueWalk(query.cursor, query.offset, params);
    // Elasticsearch refuses a page past its result window; that is the client's 400, not our 500.
    if (!params.searchAfter && params.offset + params.limit > DOCUMENT_RESULT_WINDOW) {
      const parameter = query.cursor === undefined ? 'offset' : 'cursor';
      throw new InvalidParametersError([{ parameter, message: `offset + limit may not exceed ${DOCUMENT_RESULT_WINDOW}` }]);
    }
    const index = await this.liveIndex();
    // The key names the facets asked for, not only whether any were: the body carries just those.
    const key = canonicalQuery('documents', { ...params, facets: query.facets, index });
    return this.responses.respond(key, async (): Promise<DocumentListBody> => {
      const empty = { documents: [], total: 0, totalPages: 0 };
      const result = index ? await this.repository.search(params) : empty;
      const facets = query.facets && 'facets' in result && result.facets ? pick(result.facets, query.facets.split(',')) : undefined;
      return {
        notice: index ? MACHINE_TEXT_NOTICE : `${MACHINE_TEXT_NOTICE} ${EMPTY_ARCHIVE_NOTICE}`,
        indexed: index !== null,
        ...(translation ? { searchedFor: translation.searchedFor } : {}),
        count: result.documents.length,
        total: result.total,
        totalPages: result.totalPages,
        limit: params.limit,
        offset: params.offset,
        documents: result.documents,
        nextCursor: this.nextCursor(params, result.documents, result.total),
        ...(query.facets ? { facets: facets ?? {} } : {}),
      };
    });
  }

  /** A cursor continues a walk where its page ended (readCursor: the same 400s as the case list's). */
  private continueWalk(text: string, offset: number | undefined, params: DocumentSearchParams): void {
    const cursor = readCursor(offset, () => decodeDocumentCursor(text, params, this.cursorKey));
    params.offset = cursor.offset;
    if (cursor.after) params.searchAfter = cursor.after;
  }

  /**
   * The next page's cursor, or null after the last document (and, for a ranked list, at the result
   * window it cannot pass). A short page ends the walk too: total is a cardinality, exact only for
   * up to a few thousand documents.
   */
  private nextCursor(params: DocumentSearchParams, documents: { id: string }[], total: number): string | null {
    const offset = params.offset + documents.length;
    const byId = walksById(params);
    if (documents.length < params.limit || offset >= total || (!byId && offset >= DOCUMENT_RESULT_WINDOW)) return null;
    return encodeDocumentCursor({ offset, ...(byId ? { after: [documents[documents.length - 1].id] as [string] } : {}) }, params, this.cursorKey);
  }

  async get(id: string): Promise<CachedReply<DocumentBody>> {
    const index = await this.liveIndex();
    if (!index || !DOCUMENT_ID_FORMAT.test(id)) throw new DocumentNotFoundError(id.slice(0, 200), index !== null);
    return this.responses.respond(canonicalQuery('document', { id, index }), async (): Promise<DocumentBody> => {
      const found = await this.repository.factsAndDuplicates(id);
      if (!found) throw new DocumentNotFoundError(id, true);
      const { facts, duplicates } = found;
      const pages = await this.repository.pageLengths(id, facts.pageCount);
      return {
        notice: MACHINE_TEXT_NOTICE,
        document: {
          ...facts,
          pages: pages.map(({ page, chars }) => ({ page, length: chars, hasText: chars > 0 })),
          cases: facts.caseIds.map((caseId) => ({ id: caseId, url: `/api/cases/${caseId}` })),
          duplicates: duplicates.map(({ documentId, title, pages, share }) => ({
            id: documentId,
            title,
            pages,
            share,
            url: `/api/documents/${documentId}`,
          })),
        },
      };
    });
  }

  async page(id: string, n: string, query: DocumentPageQueryDto): Promise<CachedReply<DocumentPageBody>> {
    if (!PAGE_NUMBER.test(n)) throw new InvalidParametersError([{ parameter: 'n', message: 'n must be a page number: a positive integer' }]);
    const page = Number(n);
    const index = await this.liveIndex();
    if (!index || !DOCUMENT_ID_FORMAT.test(id)) throw new DocumentNotFoundError(id.slice(0, 200), index !== null);
    return this.responses.respond(canonicalQuery('document-page', { id, page, q: query.q, index }), async (): Promise<DocumentPageBody> => {
      const stored = await this.repository.page(id, page);
      if (!stored) {
        const facts = await this.repository.facts(id);
        if (!facts) throw new DocumentNotFoundError(id, true);
        throw new PageNotFoundError(id, page, facts.pageCount);
      }
      const translation = translated(query.q);
      const highlighted = query.q
        ? await this.repository.highlightedPage(id, page, translation ? { concepts: translation.concepts } : { q: query.q })
        : null;
      const { facts } = stored;
      return {
        notice: MACHINE_TEXT_NOTICE,
        document: { id: facts.id, title: facts.title, pageCount: facts.pageCount, governmentUrl: facts.governmentUrl, textMethod: facts.textMethod },
        page,
        text: stored.text,
        ...(highlighted ? { highlighted } : {}),
        ...(stored.startMs !== undefined ? { startMs: stored.startMs } : {}),
        ...(stored.note ? { note: stored.note } : {}),
        copies: stored.copies.map((copy) => ({
          id: copy.documentId,
          title: copy.title,
          page: copy.page,
          similarity: copy.similarity,
          url: `/api/documents/${copy.documentId}/pages/${copy.page}`,
        })),
        previous: page > 1 ? page - 1 : null,
        next: page < facts.pageCount ? page + 1 : null,
      };
    });
  }

  /** The index behind the documents alias, or null when no documents are indexed. */
  private async liveIndex(): Promise<string | null> {
    return (await this.generations.current()).index;
  }
}

function pick<T>(record: Record<string, T>, keys: string[]): Record<string, T> {
  return Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));
}
