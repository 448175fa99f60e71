import { normalizedFileId, slugOf } from './document-ids';

/** A source as a case record cites it. */
export interface CitedSource {
  label?: string;
  url?: string;
}

/** What one cited source says about the corpus: the keys it matches documents by, and the pages it names. */
export interface SourceCitation {
  keys: string[];
  pages: number[];
}

/**
 * The keys a case's source cites a corpus file by (the same keys describeDocument gives the file):
 * a war.gov file by its name's slug and its record id, a DVIDS video by its id, a National
 * Archives record by its NAID. Pages are read from the label (`p. 12`, `pages 3-5`).
 */
export function citationOfSource(source: CitedSource): SourceCitation {
  const keys = new Set<string>();
  const url = source.url ?? '';
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (parsed) {
    const host = parsed.hostname.replace(/^www\./, '');
    const path = parsed.pathname;
    if (host === 'war.gov' && path.startsWith('/medialink/')) {
      const file = path.split('/').at(-1) ?? '';
      keys.add(`file:${slugOf(file)}`);
      const fileId = normalizedFileId(file);
      if (fileId) keys.add(`fileid:${fileId}`);
    }
    const dvids = /^\/video\/(\d+)/.exec(path);
    if (host === 'dvidshub.net' && dvids) keys.add(`dvids:${dvids[1]}`);
    const naid = /^\/(?:OpaAPI\/media\/|id\/)(\d+)/.exec(path);
    if (host === 'catalog.archives.gov' && naid) keys.add(`naid:${naid[1]}`);
  }
  return { keys: [...keys], pages: pagesNamedIn(source.label ?? '') };
}

/** `p. 12`, `pp. 3-5`, `page 7`, `pages 3–5, 9` -> the page numbers named, sorted; ranges longer than 50 pages are ignored. */
export function pagesNamedIn(text: string): number[] {
  const pages = new Set<number>();
  for (const match of text.matchAll(/\b(?:pp?\.|pages?)\s*((?:\d+(?:\s*[-–]\s*\d+)?)(?:\s*(?:,|and|&)\s*\d+(?:\s*[-–]\s*\d+)?)*)/gi)) {
    for (const part of match[1].split(/,|and|&/)) {
      const [from, to] = part.split(/[-–]/).map((n) => Number(n.trim()));
      if (!Number.isInteger(from) || from < 1) continue;
      const last = Number.isInteger(to) && to >= from && to - from <= 50 ? to : from;
      for (let page = from; page <= last; page++) pages.add(page);
    }
  }
  return [...pages].sort((a, b) => a - b);
}

/** A case as the linker needs it: its id and its sources. */
export interface CitingCase {
  id: string;
  sources?: CitedSource[];
}

/** Which cases cite which keys: built once from the case records, asked once per corpus file. */
export class CaseCitationIndex {
  private readonly casesByKey = new Map<string, Set<string>>();
  /** The citations as text, sorted: equal for equal links (the ingest's --if-changed compares it). */
  readonly fingerprint: string;

  constructor(cases: Iterable<CitingCase>) {
    for (const record of cases) {
      for (const source of record.sources ?? []) {
        for (const key of citationOfSource(source).keys) {
          const ids = this.casesByKey.get(key) ?? new Set<string>();
          ids.add(record.id);
          this.casesByKey.set(key, ids);
        }
      }
    }
    this.fingerprint = [...this.casesByKey]
      .map(([key, ids]) => `${key}=${[...ids].sort().join(',')}`)
      .sort()
      .join('\n');
  }

  /** The ids of the cases citing a file with these keys, sorted. */
  casesCiting(keys: readonly string[]): string[] {
    const ids = new Set<string>();
    for (const key of keys) for (const id of this.casesByKey.get(key) ?? []) ids.add(id);
    return [...ids].sort();
  }
}
