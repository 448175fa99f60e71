import type { DocumentKind } from './corpus-document';

/** What a file's place in the corpus says about it, before its text is read. */
export interface CorpusLocation {
  id: string;
  kind: DocumentKind;
  /** Lower-case top folder: `war-gov-pursue`, `national-archives-uap-bulk`, `fbi-vault-ufo`, ... */
  collection: string;
  /** PURSUE release number from a `release-NN` folder. */
  release?: number;
  /** The file name without its extension, as in the corpus. */
  stem: string;
  /** For a National Archives file: the NAID of the record itself (a numeric stem) or, failing that, of the folder it came in. */
  naid?: string;
  /** For a National Archives file with a numeric stem: whether it is the record itself (else the folder's NAID is the series). */
  ownNaid?: boolean;
}

const WAR_GOV = 'war-gov-pursue';
const NARA = 'national-archives-uap-bulk';

/**
 * Where a corpus file sits decides its id (issue 34): a war.gov file by its name (`059uap00011`),
 * a video transcript by its stem (`dod-111688723`), a National Archives file named by a number
 * by that NAID (`nara-28929264`), any other by its collection folder and stem
 * (`fbi-vault-ufo-ufo-part-01`). Ids are lower-case; stems are unique within each collection.
 * Returns null for a path that is not a document (a README, a transcript's side files).
 */
export function locateCorpusFile(relativePath: string): CorpusLocation | null {
  const parts = relativePath.split(/[\\/]/).filter(Boolean);
  const name = parts.at(-1) ?? '';
  const transcript = name.endsWith('.tsv');
  if (!transcript && !name.endsWith('.txt')) return null;
  if (parts.length < 2) return null;
  const stem = name.replace(/\.(txt|tsv)$/, '');
  const collection = parts[0].toLowerCase();
  const releaseFolder = parts.find((part) => /^release-\d+$/.test(part));
  const release = releaseFolder ? Number(releaseFolder.slice('release-'.length)) : undefined;
  const lower = stem.toLowerCase();

  if (transcript) return { id: lower, kind: 'transcript', collection, release, stem };
  if (collection === WAR_GOV) return { id: lower, kind: 'document', collection, release, stem };
  if (collection === NARA) {
    if (/^\d+$/.test(stem)) return { id: `nara-${stem}`, kind: 'document', collection, stem, naid: stem, ownNaid: true };
    const folder = parts
      .slice(0, -1)
      .reverse()
      .find((part) => /^\d+$/.test(part));
    return { id: `${collection}-${lower}`, kind: 'document', collection, stem, ...(folder ? { naid: folder, ownNaid: false } : {}) };
  }
  return { id: `${collection}-${lower}`, kind: 'document', collection, release, stem };
}

/** Blue Book's series at the National Archives (Record Group 341): its folders start `597821-`. */
export function isProjectBlueBook(relativePath: string): boolean {
  return /(^|[\\/])597821-/.test(relativePath);
}

/** A file name as a slug: lower-case, every run of other characters one hyphen (how the corpus names war.gov files). */
export function slugOf(name: string): string {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // a stray % is kept as it is
  }
  return decoded
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\.(pdf|jpg|jpeg|png|txt|tsv|mp4)$/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const FILE_ID = /^([a-z]+)-uap-([a-z]*)0*(\d+)([a-z]?)(?=-|$)/;

/** A PURSUE record id in one spelling: `DOW-UAP-D007`, `dow-uap-d7-mission...` -> `dow-uap-d7`. Null when the text has none. */
export function normalizedFileId(text: string): string | null {
  const match = FILE_ID.exec(slugOf(text));
  if (!match) return null;
  return `${match[1]}-uap-${match[2]}${match[3]}${match[4]}`;
}
