import { citationOfSource, type CitedSource } from './case-citations';

export interface CaseDocumentLink {
  id: string;
  title: string;
  /** The pages the case's sources name for this document (empty when they name none). */
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

/** The documents found for a case's keys, each with the pages its citing sources name. */
export function caseDocumentLinks(
  documents: readonly { id: string; title: string; citationKeys: string[] }[],
  pagesByKey: Map<string, number[]>,
): CaseDocumentLink[] {
  return documents.map((document) => {
    const pages = new Set<number>();
    for (const key of document.citationKeys) for (const page of pagesByKey.get(key) ?? []) pages.add(page);
    return { id: document.id, title: document.title, pages: [...pages].sort((a, b) => a - b) };
  });
}
