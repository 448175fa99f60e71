import { parse } from 'csv-parse/sync';
import { normalizedFileId, slugOf } from './document-ids';

/** One released file as the war.gov manifests list it: what a corpus file needs for its title and metadata. */
export interface ManifestEntry {
  title: string;
  /** `DOW-UAP-D094`; absent for release 01's files that carry no id in their title. */
  fileId?: string;
  agency?: string;
  incidentDate?: string;
  /** The file on war.gov, when the manifest gives it. */
  url?: string;
  dvidsId?: string;
  /** Ids the row pairs the file with (`059UAP00011`). */
  pairings: string[];
}

/**
 * Reads either manifest format in data/sources/: war.gov's own `uap-data.csv` columns (releases
 * 01-04) or the row-level transcription of releases 05-06. Rows other than PDFs are kept: a
 * video's DVIDS id is what a case cites it by.
 */
export function readReleaseManifest(content: string): ManifestEntry[] {
  const rows = parse(content, { bom: true, columns: true, relax_column_count: true, skip_empty_lines: true }) as Record<string, string>[];
  return rows.map((row) => (row.file_id !== undefined ? fromRowLevel(row) : fromWarGov(row))).filter((entry) => entry.title !== '');
}

function fromWarGov(row: Record<string, string>): ManifestEntry {
  const title = clean(row['Title']);
  return {
    title,
    fileId: fileIdOf(title),
    agency: clean(row['Agency']) || undefined,
    incidentDate: clean(row['Incident Date']) || undefined,
    url: clean(row['PDF | Image Link']) || undefined,
    dvidsId: clean(row['DVIDS Video ID']) || undefined,
    pairings: [row['Video Pairing'], row['PDF Pairing']].flatMap((cell) => (cell ?? '').split('|').map(clean)).filter(Boolean),
  };
}

function fromRowLevel(row: Record<string, string>): ManifestEntry {
  return {
    title: clean(row['title']),
    fileId: clean(row['file_id']) || undefined,
    agency: clean(row['agency']) || undefined,
    incidentDate: clean(row['incident_date']) || undefined,
    url: clean(row['file_url']) || undefined,
    dvidsId: clean(row['dvids_id']) || undefined,
    pairings: [],
  };
}

const FILE_ID = /^([A-Z]+-UAP-[A-Z]*\d+[A-Za-z]?)\b/;

function fileIdOf(title: string): string | undefined {
  return FILE_ID.exec(title)?.[1];
}

function clean(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Finds a corpus file's manifest row. The corpus names a war.gov file by the slug of its PDF's
 * name, so the slug of the manifest's link is tried first; then the record id the name starts
 * with (`dow-uap-d7-...` is DOW-UAP-D007); then an id the row is paired with (`059uap00011`).
 */
export class ManifestIndex {
  private readonly bySlug = new Map<string, ManifestEntry>();
  private readonly byFileId = new Map<string, ManifestEntry>();
  private readonly byPairing = new Map<string, ManifestEntry>();

  constructor(entries: readonly ManifestEntry[]) {
    for (const entry of entries) {
      if (entry.url) setOnce(this.bySlug, slugOf(entry.url.split('/').at(-1) ?? ''), entry);
      const id = entry.fileId ? normalizedFileId(entry.fileId) : null;
      if (id) setOnce(this.byFileId, id, entry);
      for (const pairing of entry.pairings) setOnce(this.byPairing, pairing.toLowerCase(), entry);
    }
  }

  find(stem: string): ManifestEntry | undefined {
    const slug = slugOf(stem);
    const id = normalizedFileId(slug);
    return this.bySlug.get(slug) ?? (id ? this.byFileId.get(id) : undefined) ?? this.byPairing.get(slug);
  }
}

/** The first row wins: war.gov has used one id for two rows, and its first is the file it links. */
function setOnce<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (!map.has(key)) map.set(key, value);
}
