/**
 * Page citations (data/document-pages.csv): a case names the pages of a corpus document where its
 * facts stand, and the words on those pages that show it. The check below holds each citation to
 * what a reader would check by eye: the page exists, and it holds one of the case's key words.
 * OCR misreads letters, so a long word may differ by one letter and a month by one letter.
 */

/** One row of data/document-pages.csv. */
export interface PageCitation {
  caseId: string;
  documentId: string;
  pages: number[];
  /** Words of the case that the cited pages hold; `date` stands for the case's date in any written form. */
  keyWords: string[];
}

/** What the check needs of a case: its date and the English words a key word must come from. */
export interface PageCitingCase {
  id: string;
  date: string;
  datePrecision: string;
  englishText: string;
}

/** A corpus document as the check sees it: its pages' text by page number. */
export type PageReader = (documentId: string) => ReadonlyMap<number, string> | undefined;

/** The key word that stands for the case's own date. */
export const DATE_KEY_WORD = 'date';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A month's three-letter abbreviation, with any one letter misread ("Deo" for "Dec"). */
function fuzzyMonth(abbreviation: string): string {
  const misreads = [...abbreviation].map((_, i) => `${abbreviation.slice(0, i)}.${abbreviation.slice(i + 1)}`);
  return `(?:${[abbreviation, ...misreads].join('|')})`;
}

/**
 * The ways a government page writes one day: "13 December 1948", "13 Dec 1948", "December 13, 1948",
 * "12/13/48", "13.12.1948", "1948-12-13", "19481213", and a military date-time group
 * ("202043:00ZMAY22", "201530Z MAY 22"). Only a day-precise date has them; a month or a year is too
 * common a string to show that a page holds the case's facts.
 */
export function datePatterns(date: string, datePrecision: string): RegExp[] {
  if (datePrecision !== 'day') return [];
  const [year, month, day] = date.split('-').map(Number);
  const name = MONTHS[month - 1];
  const abbreviation = name.slice(0, 3);
  const yy = String(year).slice(2);
  const dd = String(day).padStart(2, '0');
  const mm = String(month).padStart(2, '0');
  const monthWord = `(?:${name}|${fuzzyMonth(abbreviation)}\\.?)`;
  const sources = [
    `\\b0?${day}(?:st|nd|rd|th)?[\\s.,-]*${monthWord}[\\s.,-]*(?:${year}|'?${yy})\\b`,
    `\\b${monthWord}[\\s.,-]*0?${day}(?:st|nd|rd|th)?[\\s.,-]*(?:${year}|'?${yy})\\b`,
    `\\b0?${month}/0?${day}/(?:${year}|${yy})\\b`,
    `\\b0?${day}\\.0?${month}\\.(?:${year}|${yy})\\b`,
    `\\b${year}-${mm}-${dd}\\b`,
    `\\b${year}${mm}${dd}\\b`,
    `\\b${dd}\\d{4}(?::\\d\\d)?Z\\s?${abbreviation}\\s?(?:${yy}|${year})\\b`,
  ];
  return sources.map((source) => new RegExp(source, 'i'));
}

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** Whether two words differ by at most one letter (one substitution, insertion or deletion). */
function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) return [...a].filter((letter, i) => letter !== b[i]).length <= 1;
  const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < shorter.length && shorter[i] === longer[i]) i++;
  return shorter.slice(i) === longer.slice(i + 1);
}

/** Whether a page's text holds a key word (or phrase); words of six letters or more may differ by one letter. */
export function pageHoldsWord(pageText: string, keyWord: string): boolean {
  const wanted = words(keyWord);
  if (!wanted.length) return false;
  const page = words(pageText);
  for (let start = 0; start + wanted.length <= page.length; start++) {
    if (wanted.every((word, i) => page[start + i] === word || (word.length >= 6 && withinOneEdit(page[start + i], word)))) return true;
  }
  return false;
}

/** Whether a page holds a citation's key word: the case's date in any form, or one of its words. */
export function pageHoldsKeyWord(pageText: string, keyWord: string, citing: PageCitingCase): boolean {
  return keyWord === DATE_KEY_WORD
    ? datePatterns(citing.date, citing.datePrecision).some((pattern) => pattern.test(pageText))
    : pageHoldsWord(pageText, keyWord);
}

/**
 * Every page citation names a case of the archive and a document of the corpus, cites pages the
 * document has, and each cited page holds at least one of the citation's key words; each key word is
 * the case's own (its English text has it) or `date` for a day-precise case.
 */
export function pageCitationProblems(citations: readonly PageCitation[], cases: readonly PageCitingCase[], readPages: PageReader): string[] {
  const byId = new Map(cases.map((c) => [c.id, c]));
  return citations.flatMap((citation) => {
    const where = `${citation.caseId} cites ${citation.documentId}`;
    const citing = byId.get(citation.caseId);
    if (!citing) return [`${where}: no case has that id`];
    const pages = readPages(citation.documentId);
    if (!pages) return [`${where}: the corpus has no document with that id`];
    if (!citation.pages.length || !citation.keyWords.length) return [`${where}: a citation needs pages and key words`];
    const problems: string[] = [];
    for (const keyWord of citation.keyWords) {
      if (keyWord === DATE_KEY_WORD ? citing.datePrecision !== 'day' : !pageHoldsWord(citing.englishText, keyWord)) {
        problems.push(`${where}: "${keyWord}" is not the case's own (its English text lacks it, or its date is not day-precise)`);
      }
    }
    for (const page of citation.pages) {
      const text = pages.get(page);
      if (text === undefined) problems.push(`${where}: page ${page} does not exist (the document has ${pages.size})`);
      else if (!citation.keyWords.some((keyWord) => pageHoldsKeyWord(text, keyWord, citing))) {
        problems.push(`${where}: page ${page} holds none of ${citation.keyWords.join(', ')}`);
      }
    }
    return problems;
  });
}
