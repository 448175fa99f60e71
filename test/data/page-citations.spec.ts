// Facts traced to pages (data/README.md#facts-traced-to-pages): every row of data/document-pages.csv
// names a case of the archive and a document of the government-document corpus, cites pages the
// document has, and each cited page holds one of the case's key words, allowing for OCR's misreadings.
// The corpus is read from DOCUMENTS_DIR (.ci/run sets it to ../shared/documents); it is not ours to
// commit, so without it this check cannot run and says so.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { loadEnvironment } from '@app/config';
import { pageCitationProblems, type PageCitation, type PageCitingCase } from '@app/cases';
import { listCorpusFiles, locateCorpusFile, parseOcrText } from '@app/documents';
import { readDataset } from '../../apps/ingest/src/dataset/dataset-reader';

const DATA = join(__dirname, '..', '..', 'data');
const DOCUMENTS_DIR = loadEnvironment().DOCUMENTS_DIR;

/** The English text of a case, without its change history: where a key word must come from. */
function englishText(value: unknown, key = ''): string {
  if (key === 'revisions' || value === null || typeof value !== 'object') return typeof value === 'string' && key === 'label' ? value : '';
  if (Array.isArray(value)) return value.map((item) => englishText(item)).join('\n');
  const object = value as Record<string, unknown>;
  if (typeof object.en === 'string' && typeof object.zh === 'string') return object.en;
  return Object.entries(object)
    .map(([child, item]) => englishText(item, child))
    .join('\n');
}

function readCitations(): PageCitation[] {
  const rows = parse(readFileSync(join(DATA, 'document-pages.csv'), 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return rows.map((row) => ({
    caseId: row.case_id,
    documentId: row.document_id,
    pages: row.pages.split(';').map(Number),
    keyWords: row.key_words.split('|'),
  }));
}

describe('data/document-pages.csv', () => {
  const citations = readCitations();

  it('names each case and document once, with pages as positive whole numbers', () => {
    const pairs = citations.map((c) => `${c.caseId} ${c.documentId}`);
    expect(pairs.filter((pair, i) => pairs.indexOf(pair) !== i)).toEqual([]);
    expect(citations.filter((c) => !c.pages.every((page) => Number.isInteger(page) && page > 0))).toEqual([]);
  });

  const describeWithCorpus = DOCUMENTS_DIR ? describe : describe.skip;
  describeWithCorpus(`against the corpus in ${DOCUMENTS_DIR || '(DOCUMENTS_DIR not set: the page check needs the corpus)'}`, () => {
    it('cites pages that exist and hold the case’s date, places or names', async () => {
      const cited = new Set(citations.map((c) => c.documentId));
      const files = new Map<string, string>();
      for (const file of await listCorpusFiles(DOCUMENTS_DIR)) {
        const location = locateCorpusFile(file);
        if (location && cited.has(location.id) && location.kind === 'document') files.set(location.id, file);
      }
      const pagesOf = new Map<string, ReadonlyMap<number, string>>();
      for (const [id, file] of files) {
        const parsed = parseOcrText(file, readFileSync(join(DOCUMENTS_DIR, file), 'utf8'));
        pagesOf.set(id, new Map(parsed.pages.map((page) => [page.page, page.text])));
      }
      const records = (await readDataset(join(DATA, 'cases'))).records as { id: string; date: string; datePrecision: string }[];
      const cases: PageCitingCase[] = records.map((c) => ({
        id: c.id,
        date: c.date,
        datePrecision: c.datePrecision,
        englishText: englishText(c),
      }));
      expect(pageCitationProblems(citations, cases, (id) => pagesOf.get(id))).toEqual([]);
    });
  });
});
