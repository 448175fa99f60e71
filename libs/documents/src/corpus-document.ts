/** The corpus format this reader understands (line 1 of every text file names it). */
export const CORPUS_SCHEMA = 'ufo-files-archive-ocr/v1';

/** A document is a paged text file; a transcript is a video's speech-to-text, cut into pages by time. */
export type DocumentKind = 'document' | 'transcript';

/** How the text was made, as a reader should be told. */
export type TextMethod = 'ocr' | 'embedded-text' | 'speech-to-text';

export interface CorpusPage {
  /** 1-based. */
  page: number;
  text: string;
  /** For a transcript page: where in the video it starts. */
  startMs?: number;
  /** The corpus's own note on the page (e.g. an OCR timeout that left it nearly empty). */
  note?: string;
}

/** One government file of the corpus, read and described; its pages are held only while it is indexed. */
export interface CorpusDocument {
  /** Stable, readable id (see documentId). */
  id: string;
  kind: DocumentKind;
  title: string;
  /** The collection's id (`war-gov-pursue`, `national-archives-uap-bulk`, ...). */
  collection: string;
  /** PURSUE release number, for war.gov files and their videos. */
  release?: number;
  agency: string;
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD` where known. */
  date?: string;
  pageCount: number;
  /** The government's own page or file for it. */
  governmentUrl: string;
  /** The source file's path in its collection, as the corpus header gives it. */
  sourceFile: string;
  sha256?: string;
  bytes?: number;
  textMethod: TextMethod;
  /** The OCR engine or speech-to-text model, as the corpus names it. */
  engine?: string;
  /** Keys a case's source can cite this file by (see citationKeysOfDocument). */
  citationKeys: string[];
  pages: CorpusPage[];
}

/** A file the reader could not read: the file (relative to the corpus folder) and what is wrong. */
export interface CorpusProblem {
  file: string;
  message: string;
}

export class CorpusFormatError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
  }
}
