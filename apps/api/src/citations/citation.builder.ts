import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import type { CaseRecord } from '@app/cases';
import { COLLECTIONS, type DocumentFacts } from '@app/documents';
import { BIBTEX_CONTENT_TYPE, CSL_JSON_CONTENT_TYPE, RIS_CONTENT_TYPE } from '../response/content-types';

/** The formats GET .../cite answers in, each with its Content-Type: the one list the DTO, the docs and the service read. */
export const CITATION_CONTENT_TYPES = {
  bibtex: BIBTEX_CONTENT_TYPE,
  'csl-json': CSL_JSON_CONTENT_TYPE,
  ris: RIS_CONTENT_TYPE,
} as const;
export type CitationFormat = keyof typeof CITATION_CONTENT_TYPES;
export const CITATION_FORMATS = Object.keys(CITATION_CONTENT_TYPES) as CitationFormat[];
export const DEFAULT_CITATION_FORMAT: CitationFormat = 'csl-json';

/** A CSL-JSON date: year, month, day as far as known. */
interface CslDate {
  'date-parts': [number[]];
}

/** The CSL-JSON variables the citations set (https://citeproc-js.readthedocs.io/en/latest/csl-json/markup.html). */
export interface CslItem {
  id: string;
  type: 'document';
  title: string;
  /** The agency, as one literal name: an institution has no given and family name. */
  author: { literal: string }[];
  issued?: CslDate;
  accessed: CslDate;
  page?: string;
  'number-of-pages'?: string;
  'collection-title'?: string;
  /** The archive the text was read in (the operator's name). */
  archive: string;
  /** The archive's stable address for what is cited. */
  URL: string;
  /** The government's own address(es) and the date retrieved, in words (see noteOf). */
  note: string;
  language?: string;
}

/** What every citation says beside the record: where the archive is, its name, and today. */
export interface CitationContext {
  /** The archive's public address, without a trailing slash. */
  baseUrl: string;
  archiveName: string;
  now: Date;
}

const day = (now: Date) => now.toISOString().slice(0, 10);
const dateOf = (text: string): CslDate => ({ 'date-parts': [text.split('-').map(Number)] });

/**
 * The government's address and the date retrieved as a note. BibTeX has no field for a second URL
 * or for the date retrieved, and citation-js writes CSL's `accessed` into BibTeX's `note` only when
 * there is no note, so the note says both for every format.
 */
function noteOf(label: string, urls: string[], now: Date): string {
  return `${label}: ${urls.join(' ; ')}. Accessed ${day(now)}.`;
}

const TEXT_METHODS: Record<DocumentFacts['textMethod'], string> = {
  ocr: 'OCR',
  'embedded-text': "the PDF's own text layer",
  'speech-to-text': 'speech-to-text',
};

/** A page (or, without `page`, the whole) of a government file, as the archive shows it. */
export function documentCitation(facts: DocumentFacts, page: number | undefined, context: CitationContext): CslItem {
  const path = `/api/documents/${encodeURIComponent(facts.id)}${page === undefined ? '' : `/pages/${page}`}`;
  const collection = COLLECTIONS[facts.collection]?.name;
  return {
    id: page === undefined ? facts.id : `${facts.id}-page-${page}`,
    type: 'document',
    title: facts.title,
    author: [{ literal: facts.agency }],
    ...(facts.date ? { issued: dateOf(facts.date) } : {}),
    accessed: dateOf(day(context.now)),
    ...(page === undefined ? { 'number-of-pages': String(facts.pageCount) } : { page: String(page) }),
    ...(collection ? { 'collection-title': collection } : {}),
    archive: context.archiveName,
    URL: `${context.baseUrl}${path}`,
    note: `${noteOf("Government's file", [facts.governmentUrl], context.now)} Text made by machine (${TEXT_METHODS[facts.textMethod]}).`,
  };
}

/** The agency a case names in its specs ("Agency"); every case in the archive has one. */
function agencyOf(record: CaseRecord): string | undefined {
  return record.specs?.find((spec) => spec.label.en === 'Agency')?.value.en;
}

/** A case record of the archive: the agency its record comes from, its English title, its sources. */
export function caseCitation(record: CaseRecord, context: CitationContext): CslItem {
  const sources = (record.sources ?? []).map((source) => source.url);
  return {
    id: record.id,
    type: 'document',
    title: record.title.en,
    author: [{ literal: agencyOf(record) ?? context.archiveName }],
    accessed: dateOf(day(context.now)),
    archive: context.archiveName,
    URL: `${context.baseUrl}/api/cases/${encodeURIComponent(record.id)}`,
    note: sources.length ? noteOf('Sources', sources, context.now) : `Accessed ${day(context.now)}.`,
    language: 'en',
  };
}

/**
 * The item in a format, by citation-js. RIS is written from citation-js's tag records rather than
 * its text: the text breaks every value at 70 characters, which cuts war.gov's longer URLs in two
 * (its own reader joins the halves with a space).
 */
export function formatCitation(item: CslItem, format: CitationFormat): string {
  const cite = new Cite([item]);
  if (format === 'bibtex') return cite.format('bibtex') as string;
  if (format === 'csl-json') return cite.format('data') as string;
  const records = cite.format('ris', { format: 'object' }) as Record<string, string | string[]>[];
  return records
    .map(({ TY, ...tags }) => {
      const lines = Object.entries(tags).flatMap(([tag, value]) => [value].flat().map((text) => `${tag}  - ${text}`));
      return [`TY  - ${String(TY)}`, ...lines, 'ER  - ', ''].join('\n');
    })
    .join('\n');
}
