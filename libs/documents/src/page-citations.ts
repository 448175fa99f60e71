import { parse } from 'csv-parse/sync';

/**
 * Page citations (data/document-pages.csv): a case names pages of a corpus document where its
 * facts stand. The ingest reads them beside the case records' sources, so a document cited only
 * here still lists the case, and the case's full record lists the document with those pages.
 * (The rules a row must meet against the corpus are libs/cases/src/page-citations; test/data checks them.)
 */

/** The pages one case cites in one document. */
export interface CasePages {
  caseId: string;
  pages: number[];
}

/** One row of the page citations: a case, a document and the pages. */
export interface DocumentPageCitation extends CasePages {
  documentId: string;
}

const REQUIRED_COLUMNS = ['case_id', 'document_id', 'pages'];

/** Pages written `2;5`, sorted and without repeats; a page that is not a whole number from 1 is an error. */
function pagesOf(text: string, where: string): number[] {
  const pages = new Set<number>();
  for (const part of text.split(';')) {
    const trimmed = part.trim();
    if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1) throw new Error(`${where}: "${text}" is not a list of pages such as 2;5`);
    pages.add(Number(trimmed));
  }
  return [...pages].sort((a, b) => a - b);
}

/**
 * The rows of a page citations CSV (case_id, document_id, pages `2;5`; other columns such as
 * key_words are ignored). A missing column, an empty id or a malformed page list is an error
 * naming the line: a broken file is not read as fewer citations.
 */
export function parsePageCitations(csv: string): DocumentPageCitation[] {
  const rows = parse(csv, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<string, string>[];
  if (rows.length === 0) return [];
  const missing = REQUIRED_COLUMNS.filter((column) => !(column in rows[0]));
  if (missing.length > 0) throw new Error(`page citations lack the column(s) ${missing.join(', ')}`);
  return rows.map((row, i) => {
    const where = `page citations line ${i + 2}`;
    if (!row.case_id || !row.document_id) throw new Error(`${where}: case_id and document_id must not be empty`);
    return { caseId: row.case_id, documentId: row.document_id, pages: pagesOf(row.pages, where) };
  });
}

/** The union of page lists, sorted. */
export function mergePages(...lists: readonly (readonly number[])[]): number[] {
  return [...new Set(lists.flat())].sort((a, b) => a - b);
}

/** Which cases cite which pages of each document: built once from the CSV's rows, asked once per corpus file. */
export class PageCitationIndex {
  private readonly byDocument = new Map<string, Map<string, number[]>>();
  /** The citations as text, sorted: equal for equal citations (the ingest's --if-changed compares it). */
  readonly fingerprint: string;

  constructor(citations: Iterable<DocumentPageCitation>) {
    for (const { caseId, documentId, pages } of citations) {
      const cases = this.byDocument.get(documentId) ?? new Map<string, number[]>();
      cases.set(caseId, mergePages(cases.get(caseId) ?? [], pages));
      this.byDocument.set(documentId, cases);
    }
    this.fingerprint = [...this.byDocument]
      .flatMap(([documentId, cases]) => [...cases].map(([caseId, pages]) => `${documentId}\t${caseId}\t${pages.join(';')}`))
      .sort()
      .join('\n');
  }

  /** The cases citing pages of this document, by case id, each with its pages. */
  casePagesOf(documentId: string): CasePages[] {
    return [...(this.byDocument.get(documentId) ?? [])]
      .map(([caseId, pages]) => ({ caseId, pages }))
      .sort((a, b) => (a.caseId < b.caseId ? -1 : a.caseId > b.caseId ? 1 : 0));
  }
}
