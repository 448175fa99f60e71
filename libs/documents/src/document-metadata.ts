import type { CorpusLocation } from './document-ids';
import { isProjectBlueBook, normalizedFileId, slugOf } from './document-ids';
import type { ManifestEntry } from './release-manifest';
import { readRecordCard, recordCardTitle } from './record-card';

/** What each collection of the corpus is, for titles, agencies and the government's own link. */
interface CollectionFacts {
  name: string;
  agency: string;
  url: string;
}

const WAR_GOV_INDEX = 'https://www.war.gov/UFO/';

export const COLLECTIONS: Record<string, CollectionFacts> = {
  'war-gov-pursue': { name: 'PURSUE', agency: 'Department of War', url: WAR_GOV_INDEX },
  'national-archives-uap-bulk': {
    name: 'National Archives',
    agency: 'National Archives and Records Administration',
    url: 'https://catalog.archives.gov/',
  },
  'fbi-vault-ufo': { name: 'FBI Vault, UFO', agency: 'Federal Bureau of Investigation', url: 'https://vault.fbi.gov/UFO' },
  'nsa-ufo-foia': {
    name: 'NSA UFO FOIA',
    agency: 'National Security Agency',
    url: 'https://www.nsa.gov/Helpful-Links/NSA-FOIA/Declassification-Transparency-Initiatives/Historical-Releases/UFO/',
  },
  'aaro-uap-records': { name: 'AARO', agency: 'All-domain Anomaly Resolution Office', url: 'https://www.aaro.mil/UAP-Records-Research/' },
  'doe-nnsa-uap-ufo': { name: 'DOE/NNSA', agency: 'Department of Energy', url: 'https://www.energy.gov/nnsa' },
};

/** Blue Book's records are the Air Force's, held by the National Archives. */
const BLUE_BOOK_AGENCY = 'US Air Force (Project Blue Book)';

export interface DescribedDocument {
  title: string;
  agency: string;
  date?: string;
  governmentUrl: string;
  citationKeys: string[];
}

/**
 * Title, agency, date, link and citation keys of a corpus file. war.gov files take them from the
 * release manifests; a Blue Book file from its record card where page 1 is one; every other file
 * from its collection and name.
 */
export function describeDocument(
  location: CorpusLocation,
  relativePath: string,
  firstPage: string,
  manifest: ManifestEntry | undefined,
): DescribedDocument {
  const collection = COLLECTIONS[location.collection] ?? {
    name: humanize(location.collection),
    agency: humanize(location.collection),
    url: WAR_GOV_INDEX,
  };
  const keys = new Set<string>();
  const name = humanize(location.stem);

  if (location.collection === 'war-gov-pursue') {
    keys.add(`file:${slugOf(location.stem)}`);
    if (manifest?.url) keys.add(`file:${slugOf(manifest.url.split('/').at(-1) ?? '')}`);
    const fileId = normalizedFileId(manifest?.fileId ?? location.stem);
    if (fileId) keys.add(`fileid:${fileId}`);
    if (manifest?.dvidsId) keys.add(`dvids:${manifest.dvidsId}`);
    const title = manifest?.title ?? (location.kind === 'transcript' ? `Video transcript ${location.stem}` : name);
    const date = (manifest?.incidentDate && dateOf(manifest.incidentDate)) || yearIn(location.stem);
    return {
      title,
      agency: manifest?.agency ?? collection.agency,
      ...(date ? { date } : {}),
      governmentUrl: manifest?.url ? encodeURI(manifest.url) : collection.url,
      citationKeys: [...keys],
    };
  }

  if (location.collection === 'national-archives-uap-bulk') {
    if (location.naid && location.ownNaid) keys.add(`naid:${location.naid}`);
    const url = location.naid ? `https://catalog.archives.gov/id/${location.naid}` : collection.url;
    if (isProjectBlueBook(relativePath)) {
      const card = readRecordCard(firstPage);
      return {
        title: card ? recordCardTitle(card) : `Project Blue Book file ${location.stem}`,
        agency: BLUE_BOOK_AGENCY,
        ...(card?.date ? { date: card.date } : {}),
        governmentUrl: url,
        citationKeys: [...keys],
      };
    }
    // Their names carry accession years, not the record's date; leave it unknown.
    return { title: `${collection.name}: ${name}`, agency: collection.agency, governmentUrl: url, citationKeys: [...keys] };
  }

  const date = yearIn(location.stem);
  return {
    title: `${collection.name}: ${name}`,
    agency: collection.agency,
    ...(date ? { date } : {}),
    governmentUrl: collection.url,
    citationKeys: [...keys],
  };
}

/** `ufo-part-01` -> `Ufo part 01`. */
export function humanize(stem: string): string {
  const words = stem.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A manifest's free-text incident date as `YYYY-MM-DD`, `YYYY-MM` or `YYYY`: `3/22/49`,
 * `October, 2024`, `1948-1950` (its first year). Two-digit years before 40 are 20xx (the
 * PURSUE files run from the 1940s to the 2020s). Undefined for `N/A`, `Undated` and the like.
 */
export function dateOf(text: string): string | undefined {
  const numeric = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text.trim());
  if (numeric) {
    const year = numeric[3].length === 4 ? numeric[3] : `${Number(numeric[3]) < 40 ? '20' : '19'}${numeric[3]}`;
    return `${year}-${pad(Number(numeric[1]))}-${pad(Number(numeric[2]))}`;
  }
  const monthYear = /^([A-Za-z]+),?\s+(\d{4})$/.exec(text.trim());
  if (monthYear) {
    const month = MONTHS.indexOf(monthYear[1].slice(0, 3).toLowerCase());
    if (month >= 0) return `${monthYear[2]}-${pad(month + 1)}`;
  }
  return yearIn(text);
}

/** The first plausible year (1940-2029) standing alone in a name or text. */
export function yearIn(text: string): string | undefined {
  return /(?:^|[^0-9])(19[4-9]\d|20[0-2]\d)(?![0-9])/.exec(text)?.[1];
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function pad(n: number): string {
  return n.toString().padStart(2, '0');
}
