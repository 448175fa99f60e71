// Checks the bundled archive (data/) the way a careful reviewer would: every case valid for
// the ingest CLI, sourced, bilingual, placed inside its country, and every PURSUE file of
// Releases 01-06 accounted for in data/coverage.csv, row by row against the two manifests, and
// every case's tranche derived from those files.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { feature } from '@rapideditor/country-coder';
import {
  dateDisplayProblems,
  uploaderDateProblems,
  gazetteerProblems,
  genericSourceProblems,
  NO_COUNTRY,
  transliterationProblems,
  unnamedSiteProblems,
  validateCases,
  wordingProblems,
  type CaseRecord,
  type Gazetteer,
  type GenericSources,
  type TransliterationTable,
  type WordingAllowance,
} from '@app/cases';
import { readDataset } from '../../apps/ingest/src/dataset/dataset-reader';

const DATA = join(__dirname, '..', '..', 'data');
const MANIFEST = join(DATA, 'sources', 'pursue-manifest-releases-01-04.csv');
const LATE_MANIFEST = join(DATA, 'sources', 'pursue-manifest-releases-05-06.csv');
const RELEASE_BY_DATE: Record<string, string> = { '5/8/26': '1', '5/22/26': '2', '6/12/26': '3', '7/10/26': '4' };

interface CoverageRow {
  release: string;
  file_id: string;
  dvids_id: string;
  case_id: string;
  reason: string;
  /** Other cases the same file is about, '|'-separated (a file about two incidents). */
  also_case_ids: string;
}

let cases: CaseRecord[];
let coverage: CoverageRow[];
const gazetteer: Gazetteer = JSON.parse(readFileSync(join(DATA, 'places.json'), 'utf8'));
const transliterations: TransliterationTable = JSON.parse(readFileSync(join(DATA, 'transliterations.json'), 'utf8'));
const genericSources: GenericSources = JSON.parse(readFileSync(join(DATA, 'generic-sources.json'), 'utf8'));
const wordingAllowed: WordingAllowance[] = JSON.parse(readFileSync(join(DATA, 'wording-allowlist.json'), 'utf8')).allowed;
const manifest: Record<string, string>[] = parse(readFileSync(MANIFEST), { columns: true, bom: true, relax_column_count: true });
const lateManifest: Record<string, string>[] = parse(readFileSync(LATE_MANIFEST), { columns: true, bom: true });

beforeAll(async () => {
  const dataset = await readDataset(join(DATA, 'cases'));
  expect(dataset.problems).toEqual([]);
  cases = dataset.records as CaseRecord[];
  coverage = parse(readFileSync(join(DATA, 'coverage.csv')), { columns: true, bom: true });
});

/** Every {zh, en} object anywhere in a record, with its path. */
function localizedTexts(value: unknown, path = ''): [string, { zh?: unknown; en?: unknown }][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => localizedTexts(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const object = value as Record<string, unknown>;
  if ('zh' in object || 'en' in object) return [[path, object]];
  return Object.entries(object).flatMap(([key, child]) => localizedTexts(child, path ? `${path}.${key}` : key));
}

/**
 * Padded bounding boxes of a country's parts (for the US: the contiguous states, Alaska, Hawaii,
 * each territory), so a point must lie near some real part of the country, or off its coast.
 */
function roughBounds(code: string): [number, number, number, number][] {
  const country = feature(code);
  if (!country) return [];
  const parts = country.geometry ? [country] : (country.properties.members ?? []).map((member: string) => feature(member)).filter((f: unknown) => (f as { geometry?: unknown } | null)?.geometry);
  const pad = 3;
  return parts.map((part: { geometry: unknown }) => {
    const box: [number, number, number, number] = [180, 90, -180, -90];
    const walk = (c: unknown): void => {
      if (Array.isArray(c) && typeof c[0] === 'number') {
        const [lng, lat] = c as number[];
        box[0] = Math.min(box[0], lng);
        box[1] = Math.min(box[1], lat);
        box[2] = Math.max(box[2], lng);
        box[3] = Math.max(box[3], lat);
      } else if (Array.isArray(c)) c.forEach(walk);
    };
    walk((part.geometry as { coordinates: unknown }).coordinates);
    return [box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad];
  });
}


/**
 * Area-weighted centroid of the members' land on an equal-area (cylindrical) projection, rounded
 * to 0.1 degree. Polygons that straddle the 180th meridian are left out; Alaska's Aleutian tail is
 * moved west of it so that Alaska stays one piece.
 */
function landCentroid(members: string[], box?: number[]): [number, number] {
  type Feature = { properties: { id: string; level?: string; members?: string[] }; geometry: { type: string; coordinates: unknown } | null };
  const leaves = (code: string): Feature[] => {
    const f = feature(code) as Feature | null;
    if (!f) throw new Error(`no boundary for ${code}`);
    if (f.geometry) return [f];
    return (f.properties.members ?? []).filter((m) => (feature(m) as Feature | null)?.properties.level !== 'subcountryGroup').flatMap(leaves);
  };
  let area = 0;
  let x = 0;
  let y = 0;
  const seen = new Set<string>();
  for (const code of members) {
    for (const leaf of leaves(code)) {
      if (seen.has(leaf.properties.id)) continue;
      seen.add(leaf.properties.id);
      const geometry = leaf.geometry!;
      const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as number[][][][];
      for (const polygon of polygons) {
        const ring = polygon[0].map(([lng, lat]) => [code === 'Q797' && lng > 0 ? lng - 360 : lng, lat]);
        const lngs = ring.map((p) => p[0]);
        const lats = ring.map((p) => p[1]);
        if (Math.max(...lngs) - Math.min(...lngs) > 180) continue;
        if (box && !(Math.min(...lngs) >= box[0] && Math.min(...lats) >= box[1] && Math.max(...lngs) <= box[2] && Math.max(...lats) <= box[3])) continue;
        const projected = ring.map(([lng, lat]) => [lng, Math.sin((lat * Math.PI) / 180)]);
        for (let i = 0; i < projected.length - 1; i++) {
          const [x0, y0] = projected[i];
          const [x1, y1] = projected[i + 1];
          const cross = x0 * y1 - x1 * y0;
          area += cross;
          x += (x0 + x1) * cross;
          y += (y0 + y1) * cross;
        }
      }
    }
  }
  const round = (n: number) => Math.round(n * 10) / 10;
  return [round((Math.asin(y / (3 * area)) * 180) / Math.PI), round(x / (3 * area))];
}

function manifestFileId(title: string): string {
  const trimmed = title.trim();
  return /^([A-Z]+-UAP-[A-Z]*\d+[A-Za-z]?)\b/.exec(trimmed)?.[1] ?? trimmed;
}

describe('the archive in data/', () => {
  it('holds a real archive: hundreds of cases across every release', () => {
    expect(cases.length).toBeGreaterThanOrEqual(250);
    const tranches = new Set(cases.map((c) => c.tranche));
    for (const tranche of ['PURSUE-1', 'PURSUE-2', 'PURSUE-3', 'PURSUE-4', 'PURSUE-5', 'PURSUE-6', 'pre-disclosure']) {
      expect(tranches).toContain(tranche);
    }
    expect(cases.filter((c) => c.tranche === 'pre-disclosure').length).toBeGreaterThanOrEqual(40);
  });

  it('passes the ingest validator as a whole', () => {
    expect(validateCases(cases)).toEqual([]);
  });

  it('has no duplicate ids, and each file is named after its case', () => {
    const ids = cases.map((c) => c.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const files = readdirSync(join(DATA, 'cases')).filter((name) => name.endsWith('.json'));
    expect(files.sort()).toEqual(ids.map((id) => `${id}.json`).sort());
  });

  it('gives every case at least one source with a label and an http(s) url', () => {
    const unsourced = cases.filter((c) => !c.sources?.length || c.sources.some((s) => !s.label?.trim() || !/^https?:\/\/\S+$/.test(s.url)));
    expect(unsourced.map((c) => c.id)).toEqual([]);
  });

  it('has hasVideo true exactly when the case lists videos', () => {
    expect(cases.filter((c) => c.hasVideo !== c.videos.length > 0).map((c) => c.id)).toEqual([]);
  });

  it('writes every text in both languages, the Chinese in Chinese', () => {
    const problems = cases.flatMap((c) =>
      localizedTexts(c)
        .filter(([, text]) => typeof text.en !== 'string' || !text.en.trim() || typeof text.zh !== 'string' || !/[\u3400-\u9fff]/.test(text.zh))
        .map(([path]) => `${c.id} ${path}`),
    );
    expect(problems).toEqual([]);
  });

  it('places every case inside the rough bounds of its country', () => {
    const outside = cases
      .filter((c) => c.location.country !== NO_COUNTRY)
      .filter((c) => {
        const { lat, lng } = c.location as { lat: number; lng: number };
        const inside = ([west, south, east, north]: number[]) => lng >= west && lng <= east && lat >= south && lat <= north;
        return !roughBounds(c.location.country).some(inside);
      })
      .map((c) => `${c.id} ${c.location.country} ${c.location.lat},${c.location.lng}`);
    expect(outside).toEqual([]);
  });

  it('treats the same place the same way everywhere: one country, point and precision per location name', () => {
    const byName = new Map<string, Set<string>>();
    for (const c of cases) {
      const { name, country, lat, lng, precision } = c.location;
      for (const key of [`en:${name.en}`, `zh:${name.zh}`]) {
        byName.set(key, (byName.get(key) ?? new Set()).add(`${country} ${lat},${lng} ${precision}`));
      }
    }
    expect([...byName].filter(([, treatments]) => treatments.size > 1).map(([name, treatments]) => `${name}: ${[...treatments].join(' | ')}`)).toEqual([]);
  });

  it('says in a "Location precision" spec what every coarse point stands for, naming the same precision as the field', () => {
    const problems = cases.flatMap((c) => {
      const spec = c.specs.find((s) => s.label.en === 'Location precision');
      const { precision } = c.location;
      if (!spec) return ['region', 'area', 'unknown'].includes(precision) ? [`${c.id}: no spec for a ${precision} point`] : [];
      const ok = /^\w+ — \S/.test(spec.value.en) && spec.value.en.startsWith(`${precision} — `) && /（\w+）——[^；]/.test(spec.value.zh) && spec.value.zh.includes(`（${precision}）——`) && spec.label.zh === '位置精度';
      return ok ? [] : [`${c.id}: spec "${spec.value.en}" does not state precision ${precision}`];
    });
    expect(problems).toEqual([]);
  });

  it('puts only places off the map (space, not released, disputed) at the nominal point', () => {
    const unknown = cases.filter((c) => c.location.precision === 'unknown');
    expect(unknown.length).toBeGreaterThan(0);
    expect(unknown.filter((c) => c.location.country !== NO_COUNTRY || c.location.lat !== 0 || c.location.lng !== 0).map((c) => c.id)).toEqual([]);
    // Areas that span several countries, and oceans, belong to no single country.
    const areas = cases.filter((c) => c.location.precision === 'area');
    expect(areas.filter((c) => c.location.country !== NO_COUNTRY).map((c) => c.id)).toEqual([]);
    expect(cases.filter((c) => c.location.country === NO_COUNTRY && !['area', 'unknown'].includes(c.location.precision)).map((c) => c.id)).toEqual([]);
  });

  it('places every area case at the documented point of its area, each point the centroid of its member countries', () => {
    const areas = gazetteer.places.filter((place) => place.precision === 'area');
    const names = new Set(areas.flatMap((area) => area.names.map((name) => name.en)));
    expect(cases.filter((c) => c.location.precision === 'area' && !names.has(c.location.name.en)).map((c) => c.id)).toEqual([]);
    for (const area of areas.filter((a) => a.members)) {
      expect([area.names[0].en, landCentroid(area.members!, area.box)]).toEqual([area.names[0].en, area.point]);
    }
  });

  it('gives every place the gazetteer (data/places.json) lists its one point, precision and country in every case that names it', () => {
    expect(gazetteerProblems(cases, gazetteer)).toEqual([]);
  });

  it('places a case at a site or a town only when the record names it', () => {
    expect(unnamedSiteProblems(cases)).toEqual([]);
  });

  it('words every official assessment as strongly as its source: no "most likely", "confirms" or "proves" but where the source says so', () => {
    expect(wordingProblems(cases, wordingAllowed)).toEqual([]);
  });

  it('writes every name of the transliteration table (data/transliterations.json) one way in Chinese, and "U.S. person" as the legal term', () => {
    expect(transliterationProblems(cases, transliterations)).toEqual([]);
  });

  it('rests no case on generic guide pages alone (data/generic-sources.json): each cites a source that holds its facts', () => {
    expect(genericSourceProblems(cases, genericSources)).toEqual([]);
  });

  it('says in dateDisplay what datePrecision says: the day, the month, the year, or that the date is not given', () => {
    expect(dateDisplayProblems(cases)).toEqual([]);
  });

  it("dates no case to the day on an uploader's title alone: the precision is AARO's, the uploader's day stays the uploader's", () => {
    expect(uploaderDateProblems(cases)).toEqual([]);
  });

  it('applies the credibility table: an explained case names its explanation, nothing called explained is listed otherwise', () => {
    const resolution = (c: CaseRecord) => c.specs.find((s) => s.label.en === 'Resolution')?.value;
    const unresolved = /^(Unresolved|No conclusion|No explanation|Not identified|Not evaluated|None\b|No final|No formal|Remains)/i;
    const problems = cases.flatMap((c) => {
      const value = resolution(c);
      if (c.credibility === 'explained') {
        if (!value) return [`${c.id}: explained but no Resolution spec names the explanation`];
        if (unresolved.test(value.en)) return [`${c.id}: explained but its Resolution says "${value.en}"`];
      } else if (value && /^Explained\b/i.test(value.en)) {
        return [`${c.id}: ${c.credibility} but its Resolution says "${value.en}"`];
      }
      // A disputed explanation says so in both languages.
      if (value && /disputed/i.test(value.en) !== /争议|质疑|异议/.test(value.zh)) return [`${c.id}: "disputed" in one language only`];
      return [];
    });
    expect(problems).toEqual([]);
  });

  it('uses only DVIDS ids and war.gov file links that the government manifests list', () => {
    const dvids = new Set([...manifest.map((row) => row['DVIDS Video ID']?.trim()), ...lateManifest.map((row) => row.dvids_id)].filter(Boolean));
    const links = new Set(manifest.flatMap((row) => [row['PDF | Image Link'], row['Modal Image']]).filter(Boolean).map((u) => decodeURI(u.trim())));
    const lateRelease = new Map(lateManifest.map((row) => [row.file_id, row.release]));
    // A pre-disclosure case may show a video DVIDS published before PURSUE; any other video is a release file.
    const badVideos = cases
      .filter((c) => c.tranche !== 'pre-disclosure')
      .flatMap((c) => c.videos.filter((v) => !dvids.has(v.dvidsId)).map((v) => `${c.id} ${v.dvidsId}`));
    // The 05-06 manifest holds no file links (see its README), so a link to a Release 05/06 file must
    // name a file of that release in its file name.
    const badLinks = cases.flatMap((c) =>
      [...c.sources, ...c.images]
        .map((s) => s.url)
        .filter((url) => /war\.gov\/medialink\/ufo\//.test(url) && !links.has(decodeURI(url)))
        .filter((url) => {
          const release = /release[_-]0?([56])\//.exec(url)?.[1];
          const fileId = /\/([A-Z]+-UAP-[A-Z]*\d+[a-z]?)_[^/]*$/.exec(url)?.[1];
          return !release || !fileId || lateRelease.get(fileId) !== release;
        })
        .map((url) => `${c.id} ${url}`),
    );
    expect(badVideos).toEqual([]);
    expect(badLinks).toEqual([]);
  });

  it('derives every tranche from the files: the earliest PURSUE release holding a file about the case, else pre-disclosure', () => {
    const earliest = new Map<string, number>();
    for (const row of coverage) {
      for (const id of [row.case_id, ...(row.also_case_ids ? row.also_case_ids.split('|') : [])].filter(Boolean)) {
        earliest.set(id, Math.min(earliest.get(id) ?? Infinity, Number(row.release)));
      }
    }
    const derived = (id: string) => (earliest.has(id) ? `PURSUE-${earliest.get(id)}` : 'pre-disclosure');
    expect(cases.filter((c) => c.tranche !== derived(c.id)).map((c) => `${c.id}: ${c.tranche}, files say ${derived(c.id)}`)).toEqual([]);
  });

  it('ties every PURSUE file a case cites by id to that case in coverage.csv', () => {
    const about = new Set(coverage.flatMap((row) => [row.case_id, ...(row.also_case_ids ? row.also_case_ids.split('|') : [])].filter(Boolean).map((id) => `${row.file_id} ${id}`)));
    const fileIds = new Set(coverage.map((row) => row.file_id));
    const untied = cases.flatMap((c) =>
      c.sources
        .map((s) => /\b([A-Z]{2,4}-UAP-[A-Z]*\d+[a-z]?)\b/.exec(s.label)?.[1])
        .filter((id): id is string => !!id && fileIds.has(id))
        // FBI-UAP-D014 names two different files in the manifest; the case says which it means.
        .filter((id) => id !== 'FBI-UAP-D014' && !about.has(`${id} ${c.id}`))
        .map((id) => `${c.id} cites ${id}`),
    );
    expect(untied).toEqual([]);
  });

  it('says where a record was public before PURSUE in a "Previously public" spec, for every file the manifest calls already public', () => {
    const earlier = manifest.filter((row) => /available on CIA's public website|previously released|previously published/.test(row['Description Blurb']));
    expect(earlier.length).toBeGreaterThanOrEqual(15);
    const missing = earlier
      .flatMap((row) => coverage.filter((c) => c.file_id === manifestFileId(row.Title) && c.case_id).map((c) => c.case_id))
      .filter((id) => !cases.find((c) => c.id === id)?.specs.some((s) => s.label.en === 'Previously public' && s.label.zh === '此前已公开'));
    expect(missing).toEqual([]);
  });
});

describe('data/coverage.csv', () => {
  it('has one row per Release 01-04 file, in the manifest order', () => {
    const early = coverage.filter((row) => ['1', '2', '3', '4'].includes(row.release));
    const expected = manifest.map((row) => ({
      release: RELEASE_BY_DATE[row['Release Date'].trim()],
      file_id: manifestFileId(row.Title),
      dvids_id: row['DVIDS Video ID'].trim(),
    }));
    expect(early.map(({ release, file_id, dvids_id }) => ({ release, file_id, dvids_id }))).toEqual(expected);
  });

  it('accounts for every file: a case that exists, or a reason', () => {
    const ids = new Set(cases.map((c) => c.id));
    expect(coverage.filter((row) => !row.case_id && !row.reason.trim())).toEqual([]);
    expect(coverage.filter((row) => row.case_id && !ids.has(row.case_id)).map((row) => `${row.file_id} -> ${row.case_id}`)).toEqual([]);
  });

  it("ties each case's DVIDS ids to that case", () => {
    const tied = new Set(coverage.filter((row) => row.dvids_id && row.case_id).map((row) => `${row.dvids_id} ${row.case_id}`));
    const released = new Set(coverage.map((row) => row.dvids_id).filter(Boolean));
    // A pre-disclosure case may show a video published before the PURSUE releases (no row here);
    // any video that is a release file must be tied to the case that shows it.
    const untied = cases
      .flatMap((c) => c.videos.map((v) => ({ pair: `${v.dvidsId} ${c.id}`, preDisclosureOnly: c.tranche === 'pre-disclosure' && !released.has(v.dvidsId) })))
      .filter(({ pair, preDisclosureOnly }) => !preDisclosureOnly && !tied.has(pair))
      .map(({ pair }) => pair);
    expect(untied).toEqual([]);
  });

  it('has one row per Release 05-06 file, in the order of the 05-06 manifest', () => {
    const late = coverage.filter((row) => ['5', '6'].includes(row.release));
    expect(late.map(({ release, file_id, dvids_id }) => ({ release, file_id, dvids_id }))).toEqual(
      lateManifest.map((row) => ({ release: row.release, file_id: row.file_id, dvids_id: row.dvids_id })),
    );
    expect(late.filter((row) => row.release === '5')).toHaveLength(41);
    expect(late.filter((row) => row.release === '6')).toHaveLength(75);
  });

  it('names only existing cases as further cases a file is about', () => {
    const ids = new Set(cases.map((c) => c.id));
    const also = coverage.flatMap((row) => (row.also_case_ids ? row.also_case_ids.split('|') : []).map((id) => `${row.file_id} -> ${id}`));
    expect(also.filter((pair) => !ids.has(pair.split(' -> ')[1]))).toEqual([]);
  });
});
