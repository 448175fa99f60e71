import type { ArchiveIndexService } from '@app/search';
import { type CaseLinkedDocument, caseLinkedDocumentsRequest } from './case-documents';
import {
  collapsedPageRequest,
  COPY_WALK_BATCH,
  COPY_WALK_LIMIT,
  foldCopies,
  type RankedDocument,
  rankedDocumentsRequest,
  readRankedDocuments,
} from './copy-collapse';
import { pageId } from './document-index.definition';
import type { CasePages } from './page-citations';
import { documentPagesRequest, documentSearchRequest, type DocumentSearchParams, pageHighlightRequest } from './document-search.query';
import { type DocumentFacts, documentFactsOf, type DocumentHit, type DocumentSearchResult, readDocumentSearch } from './document-search.response';
import type { DuplicatedDocument, PageCopy } from './page-copies';

export interface StoredPage {
  facts: DocumentFacts;
  page: number;
  text: string;
  startMs?: number;
  note?: string;
  /** Its near-duplicates in other documents, most alike first. */
  copies: PageCopy[];
}

export interface PageLength {
  page: number;
  chars: number;
}

/**
 * The documents' reads, through the documents alias's engine owner (its circuit, deadlines and
 * error mapping): a search, a document's pages, one page. Every method takes the pure builders'
 * requests and returns our shapes.
 */
export class DocumentsRepository {
  constructor(private readonly index: ArchiveIndexService) {}

  async search(params: DocumentSearchParams): Promise<DocumentSearchResult> {
    if (params.collapseCopies) return this.searchFoldingCopies(params);
    return readDocumentSearch(await this.index.search<Record<string, unknown>>({ index: this.index.alias, ...documentSearchRequest(params) }));
  }

  /**
   * collapse=copies: the whole ranked list (best pages and their copies only) is read and folded
   * first, so that paging, total and cursors count the folded list; then the page's documents
   * are searched as usual, kept to those ids, for their snippets. total is the folded list's;
   * totalPages and the facets stay the search's.
   */
  private async searchFoldingCopies(params: DocumentSearchParams): Promise<DocumentSearchResult> {
    const ranked: RankedDocument[] = [];
    for (let from = 0; from < COPY_WALK_LIMIT; from += COPY_WALK_BATCH) {
      const size = Math.min(COPY_WALK_BATCH, COPY_WALK_LIMIT - from);
      const batch = readRankedDocuments(
        await this.index.search<Record<string, unknown>>({ index: this.index.alias, ...rankedDocumentsRequest(params, from, size) }),
      );
      ranked.push(...batch);
      if (batch.length < size) break;
    }
    const { listed } = foldCopies(ranked);
    const shown = listed.slice(params.offset, params.offset + params.limit);
    const result = readDocumentSearch(
      await this.index.search<Record<string, unknown>>({
        index: this.index.alias,
        ...collapsedPageRequest(
          params,
          shown.map((entry) => entry.documentId),
        ),
      }),
    );
    const hits = new Map(result.documents.map((hit) => [hit.id, hit]));
    const documents = shown.flatMap((entry): DocumentHit[] => {
      const hit = hits.get(entry.documentId);
      return hit ? [{ ...hit, otherCopies: entry.otherCopies }] : [];
    });
    return { ...result, documents, total: listed.length };
  }

  /** One page, or null when the document has no such page (or no such document). */
  async page(documentId: string, page: number): Promise<StoredPage | null> {
    const source = await this.index.findSource<Record<string, unknown>>(pageId(documentId, page));
    if (!source) return null;
    return {
      facts: documentFactsOf(source),
      page: source.page as number,
      text: source.text as string,
      copies: (source.copies as PageCopy[] | undefined) ?? [],
      ...(source.startMs !== undefined ? { startMs: source.startMs as number } : {}),
      ...(source.note !== undefined ? { note: source.note as string } : {}),
    };
  }

  /** The document's facts from its first page (every document has one), or null. */
  async facts(documentId: string): Promise<DocumentFacts | null> {
    const source = await this.index.findSource<Record<string, unknown>>(pageId(documentId, 1), ['text']);
    return source ? documentFactsOf(source) : null;
  }

  /** The document's facts and the documents it largely duplicates, from its first page; null for no such document. */
  async factsAndDuplicates(documentId: string): Promise<{ facts: DocumentFacts; duplicates: DuplicatedDocument[] } | null> {
    const source = await this.index.findSource<Record<string, unknown>>(pageId(documentId, 1), ['text', 'copies']);
    return source ? { facts: documentFactsOf(source), duplicates: (source.duplicates as DuplicatedDocument[] | undefined) ?? [] } : null;
  }

  async pageLengths(documentId: string, pageCount: number): Promise<PageLength[]> {
    const response = await this.index.search({ index: this.index.alias, ...documentPagesRequest(documentId, pageCount) });
    return response.hits.hits.map((hit) => ({ page: Number(hit.fields?.page?.[0]), chars: Number(hit.fields?.chars?.[0]) }));
  }

  /** The documents a case cites, by id: those holding any of its sources' citation keys, and those whose page citations name it. */
  async citedBy(caseId: string, keys: string[]): Promise<CitedDocument[]> {
    const response = await this.index.search<{ documentId: string; title: string; citationKeys?: string[]; casePages?: CasePages[] }>({
      index: this.index.alias,
      ...caseLinkedDocumentsRequest(caseId, keys),
    });
    return response.hits.hits.map((hit) => ({
      id: hit._source!.documentId,
      title: hit._source!.title,
      citationKeys: hit._source!.citationKeys ?? [],
      casePages: hit._source!.casePages ?? [],
    }));
  }

  /** The page's whole text, HTML-escaped, with q's matches in `<mark>`; null when nothing on it matches. */
  async highlightedPage(documentId: string, page: number, search: Pick<DocumentSearchParams, 'q' | 'concepts'>): Promise<string | null> {
    const response = await this.index.search({ index: this.index.alias, ...pageHighlightRequest(documentId, page, search) });
    const highlight = response.hits.hits[0]?.highlight;
    const english = highlight?.text?.[0];
    return (english?.includes('<mark>') ? english : (highlight?.['text.exact']?.[0] ?? null)) ?? null;
  }
}

export type CitedDocument = Required<CaseLinkedDocument>;
