import type { estypes } from '@elastic/elasticsearch';
import { citationOfSource, type CitedSource } from './case-citations';
import { MAX_CASE_DOCUMENTS } from './document-search.query';
import { type CasePages, mergePages } from './page-citations';

export interface CaseDocumentLink {
  id: string;
  title: string;
  /** The pages the case's sources name for this document and its page citations give it (empty when neither names any). */
  pages: number[];
}

/** The keys a case's sources cite corpus files by, each with the pages its source names. */
export function caseCitations(sources: readonly CitedSource[]): { keys: string[]; pagesByKey: Map<string, number[]> } {
  const pagesByKey = new Map<string, number[]>();
  for (const source of sources) {
    const { keys, pages } = citationOfSource(source);
    for (const key of keys) pagesByKey.set(key, [...(pagesByKey.get(key) ?? []), ...pages]);
  }
  return { keys: [...pagesByKey.keys()].sort(), pagesByKey };
}

/** A document as the case's links read it from the index. */
export interface CaseLinkedDocument {
  id: string;
  title: string;
  citationKeys: string[];
  /** The cases whose page citations (data/document-pages.csv) name pages of this document. */
  casePages?: CasePages[];
}

/**
 * The documents a case cites: those holding one of its sources' keys, and those whose page
 * citations name it (the ingest counts those cases in caseIds). One hit per document, by id.
 */
export function caseLinkedDocumentsRequest(caseId: string, keys: string[]): estypes.SearchRequest {
  const should: estypes.QueryDslQueryContainer[] = [{ term: { caseIds: caseId } }];
  if (keys.length > 0) should.push({ terms: { citationKeys: keys } });
  return {
    size: MAX_CASE_DOCUMENTS,
    query: { bool: { filter: [{ bool: { should, minimum_should_match: 1 } }] } },
    collapse: { field: 'documentId' },
    _source: ['documentId', 'title', 'citationKeys', 'casePages'],
    sort: [{ documentId: 'asc' }],
  };
}

/**
 * The documents found for a case, each with the pages its citing sources name (by key) and the
 * pages its page citations give this case, merged. Without a case id only the sources' pages count.
 */
export function caseDocumentLinks(documents: readonly CaseLinkedDocument[], pagesByKey: Map<string, number[]>, caseId?: string): CaseDocumentLink[] {
  return documents.map((document) => {
    const named = document.citationKeys.flatMap((key) => pagesByKey.get(key) ?? []);
    const cited = (document.casePages ?? []).filter((entry) => entry.caseId === caseId).flatMap((entry) => entry.pages);
    return { id: document.id, title: document.title, pages: mergePages(named, cited) };
  });
}
