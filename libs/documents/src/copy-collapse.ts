import type { estypes } from '@elastic/elasticsearch';
import { DOCUMENT_RESULT_WINDOW } from './document-index.definition';
import { documentSearchRequest, type DocumentSearchParams } from './document-search.query';
import type { PageCopy } from './page-copies';

/** Documents read per request while walking the ranked list for copies. */
export const COPY_WALK_BATCH = 1000;

/** A ranked document as the copy walk reads it: its id, title, best page and that page's copies. */
export interface RankedDocument {
  documentId: string;
  title: string;
  page: number;
  copies: PageCopy[];
}

/** A document left out of a list with collapse=copies: its best page copies a page of the document it is listed under. */
export interface FoldedCopy {
  id: string;
  title: string;
  /** Its best matching page. */
  page: number;
  /** The page of the listed document that it copies. */
  copyOf: number;
}

export interface FoldedList {
  /** The listed documents in rank order, each with the documents folded into it. */
  listed: { documentId: string; otherCopies: FoldedCopy[] }[];
}

/**
 * One batch of the ranked list with no text, snippets or counts: each document's best page
 * (the collapse's top hit) and that page's copies, to fold copies before the list is paged.
 */
export function rankedDocumentsRequest(params: DocumentSearchParams, from: number, size: number): estypes.SearchRequest {
  const { query, collapse, sort } = documentSearchRequest({ ...params, offset: from, limit: size, facets: false });
  return {
    from,
    size,
    track_total_hits: false,
    query,
    _source: ['documentId', 'title', 'page', 'copies'],
    collapse: { field: (collapse as estypes.SearchFieldCollapse).field },
    sort,
  };
}

/** The walk's hits as ranked documents. */
export function readRankedDocuments(response: estypes.SearchResponse<Record<string, unknown>>): RankedDocument[] {
  return response.hits.hits.map((hit) => {
    const source = hit._source ?? {};
    return {
      documentId: source.documentId as string,
      title: source.title as string,
      page: source.page as number,
      copies: (source.copies as PageCopy[] | undefined) ?? [],
    };
  });
}

/**
 * Folds copies: going down the ranked list, a document whose best page has a copy in a document
 * already listed is left out and named under the first such document (with both pages), so the
 * same memo found in five files is listed once. Only the best page decides: a file that holds a
 * copy among other matching pages of its own still ranks on those.
 */
export function foldCopies(ranked: RankedDocument[]): FoldedList {
  const listed: FoldedList['listed'] = [];
  const position = new Map<string, number>();
  for (const document of ranked) {
    const under = document.copies
      .map((copy) => ({ copy, at: position.get(copy.documentId) }))
      .filter((entry): entry is { copy: PageCopy; at: number } => entry.at !== undefined)
      .sort((a, b) => a.at - b.at)[0];
    if (under) {
      listed[under.at].otherCopies.push({ id: document.documentId, title: document.title, page: document.page, copyOf: under.copy.page });
    } else {
      position.set(document.documentId, listed.length);
      listed.push({ documentId: document.documentId, otherCopies: [] });
    }
  }
  return { listed };
}

/** The most documents a copy walk reads: the result window, past which a ranked list cannot go. */
export const COPY_WALK_LIMIT = DOCUMENT_RESULT_WINDOW;

/** The request for one page of a collapsed list: the usual list, its hits kept to these documents (post_filter, so the counts and facets stay the search's). */
export function collapsedPageRequest(params: DocumentSearchParams, documentIds: string[]): estypes.SearchRequest {
  return {
    ...documentSearchRequest({ ...params, offset: 0, limit: Math.max(documentIds.length, 1) }),
    post_filter: { terms: { documentId: documentIds } },
  };
}
