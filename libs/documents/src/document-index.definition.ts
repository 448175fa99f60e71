import type { estypes } from '@elastic/elasticsearch';
// The index layout lives in elastic/ as plain JSON, so operators can read it without TypeScript.
import settings from '../../../elastic/index/documents.settings.json';
import mappings from '../../../elastic/index/documents.mappings.json';
import type { CorpusDocument, CorpusPage } from './corpus-document';
import type { CasePages } from './page-citations';
import type { DuplicatedDocument, PageCopy } from './page-copies';

export const DOCUMENT_INDEX_SETTINGS = settings as estypes.IndicesIndexSettings;
export const DOCUMENT_INDEX_MAPPINGS = mappings as estypes.MappingTypeMapping;

/** index.max_result_window of the documents index. */
export const DOCUMENT_RESULT_WINDOW: number = settings.max_result_window;

/** One page as Elasticsearch holds it: the page, and its file's metadata beside it. */
export interface PageSearchDocument {
  documentId: string;
  page: number;
  kind: CorpusDocument['kind'];
  title: string;
  collection: string;
  release?: number;
  agency: string;
  date?: string;
  pageCount: number;
  caseIds: string[];
  /** The cases whose page citations (data/document-pages.csv) name pages of this file, with the pages; stored, not indexed. */
  casePages?: CasePages[];
  /** The page's near-duplicates in other documents (see page-copies.ts); stored, not indexed. */
  copies?: PageCopy[];
  /** The documents holding copies of most of this one's pages; stored, not indexed. */
  duplicates?: DuplicatedDocument[];
  citationKeys: string[];
  governmentUrl: string;
  sourceFile: string;
  sha256?: string;
  bytes?: number;
  textMethod: CorpusDocument['textMethod'];
  engine?: string;
  startMs?: number;
  note?: string;
  chars: number;
  text: string;
}

/** A page's Elasticsearch id: the document's id and the page number. */
export function pageId(documentId: string, page: number): string {
  return `${documentId}:${page}`;
}

/** The search document of one page; casePages, when any, also count among caseIds. */
export function pageSearchDocument(document: CorpusDocument, page: CorpusPage, caseIds: string[], casePages: CasePages[] = []): PageSearchDocument {
  return {
    documentId: document.id,
    page: page.page,
    kind: document.kind,
    title: document.title,
    collection: document.collection,
    ...(document.release !== undefined ? { release: document.release } : {}),
    agency: document.agency,
    ...(document.date ? { date: document.date } : {}),
    pageCount: document.pageCount,
    caseIds: [...new Set([...caseIds, ...casePages.map((entry) => entry.caseId)])].sort(),
    ...(casePages.length > 0 ? { casePages } : {}),
    citationKeys: document.citationKeys,
    governmentUrl: document.governmentUrl,
    sourceFile: document.sourceFile,
    ...(document.sha256 ? { sha256: document.sha256 } : {}),
    ...(document.bytes !== undefined ? { bytes: document.bytes } : {}),
    textMethod: document.textMethod,
    ...(document.engine ? { engine: document.engine } : {}),
    ...(page.startMs !== undefined ? { startMs: page.startMs } : {}),
    ...(page.note ? { note: page.note } : {}),
    chars: page.text.length,
    text: page.text,
  };
}
