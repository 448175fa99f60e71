import type { estypes } from '@elastic/elasticsearch';
import type { CorpusDocument, DocumentKind, TextMethod } from './corpus-document';
import type { FoldedCopy } from './copy-collapse';
import { FACET_FIELDS } from './document-search.query';

/** A document's facts, as every one of its pages carries them: the file's description, less its text and citation keys, with the cases citing it. */
export type DocumentFacts = Omit<CorpusDocument, 'pages' | 'citationKeys'> & { caseIds: string[] };

export interface MatchingPage {
  page: number;
  /** The text around the match, HTML-escaped, the matched words in `<mark>`. */
  snippet: string;
  startMs?: number;
}

export interface DocumentHit extends DocumentFacts {
  pages: MatchingPage[];
  /** With collapse=copies: the documents folded under this one. */
  otherCopies?: FoldedCopy[];
}

export interface DocumentSearchResult {
  documents: DocumentHit[];
  total: number;
  totalPages: number;
  /** Facet name -> value -> matching documents (as the case list's facets). */
  facets?: Record<(typeof FACET_FIELDS)[number], Record<string, number>>;
}

type PageSource = Record<string, unknown>;

/** A page's stored facts as the document's (documentId becomes id; absent optional fields stay absent). */
export function documentFactsOf(source: PageSource): DocumentFacts {
  const optional = <K extends string>(key: K) => (source[key] === undefined ? {} : { [key]: source[key] });
  return {
    id: source.documentId as string,
    kind: source.kind as DocumentKind,
    title: source.title as string,
    collection: source.collection as string,
    ...optional('release'),
    agency: source.agency as string,
    ...optional('date'),
    pageCount: source.pageCount as number,
    caseIds: (source.caseIds as string[] | undefined) ?? [],
    governmentUrl: source.governmentUrl as string,
    sourceFile: source.sourceFile as string,
    ...optional('sha256'),
    ...optional('bytes'),
    textMethod: source.textMethod as TextMethod,
    ...optional('engine'),
  } as DocumentFacts;
}

/** The collapsed search response as documents with their best pages, counts and facets. */
export function readDocumentSearch(response: estypes.SearchResponse<PageSource>): DocumentSearchResult {
  const documents = response.hits.hits.map((hit): DocumentHit => {
    const inner = hit.inner_hits?.pages?.hits.hits ?? [];
    return {
      ...documentFactsOf(hit._source ?? {}),
      pages: inner.map((page) => {
        const source = (page._source ?? {}) as { page: number; startMs?: number };
        // text's fragment when it marks a match; else text.exact's (a fuzzy or phrase match); else text's opening (no_match_size).
        const english = page.highlight?.text?.[0];
        const snippet = english?.includes('<mark>') ? english : (page.highlight?.['text.exact']?.[0] ?? english ?? '');
        return { page: source.page, snippet, ...(source.startMs !== undefined ? { startMs: source.startMs } : {}) };
      }),
    };
  });
  const aggregations = response.aggregations as
    Record<string, { value?: number; buckets?: { key: string | number; documents: { value: number } }[] }> | undefined;
  const total = aggregations?.documents?.value ?? 0;
  const totalPages = typeof response.hits.total === 'number' ? response.hits.total : (response.hits.total?.value ?? 0);
  const facets = aggregations?.[`facet_${FACET_FIELDS[0]}`]
    ? (Object.fromEntries(
        FACET_FIELDS.map((field) => [
          field,
          Object.fromEntries((aggregations[`facet_${field}`]?.buckets ?? []).map((bucket) => [String(bucket.key), bucket.documents.value])),
        ]),
      ) as DocumentSearchResult['facets'])
    : undefined;
  return { documents, total, totalPages, ...(facets ? { facets } : {}) };
}
