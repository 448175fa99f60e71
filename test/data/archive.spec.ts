// Checks the bundled archive (data/) the way a careful reviewer would: every case valid for
// the ingest CLI, sourced, bilingual, placed inside its country, and every PURSUE file of
// Releases 01-04 accounted for in data/coverage.csv, row by row against the government manifest.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { feature } from '@rapideditor/country-coder';
import { NO_COUNTRY, validateCases, type CaseRecord } from '@app/cases';
import { readDataset } from '../../apps/ingest/src/dataset/dataset-reader';

const DATA = join(__dirname, '..', '..', 'data');
const MANIFEST = join(DATA, 'sources', 'pursue-manifest-releases-01-04.csv');
const RELEASE_BY_DATE: Record<string, string> = { '5/8/26': '1', '5/22/26': '2', '6/12/26': '3', '7/10/26': '4' };

interface CoverageRow {
  release: string;
  file_id: string;
  dvids_id: string;
  case_id: string;
  reason: string;
}

let cases: CaseRecord[];
let coverage: CoverageRow[];
const manifest: Record<string, string>[] = parse(readFileSync(MANIFEST), { columns: true, bom: true, relax_column_count: true });

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
      const ok = spec.value.en.startsWith(`${precision} — `) && spec.value.zh.includes(`（${precision}）——`) && spec.label.zh === '位置精度';
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

  it('uses only DVIDS ids and war.gov links from the manifest for Releases 01-04', () => {
    const text = readFileSync(MANIFEST, 'utf8');
    const dvids = new Set(manifest.map((row) => row['DVIDS Video ID']?.trim()).filter(Boolean));
    const links = new Set(manifest.flatMap((row) => [row['PDF | Image Link'], row['Modal Image']]).filter(Boolean).map((u) => decodeURI(u.trim())));
    const early = cases.filter((c) => /^PURSUE-[1-4]$/.test(c.tranche));
    const badVideos = early.flatMap((c) => c.videos.filter((v) => !dvids.has(v.dvidsId)).map((v) => `${c.id} ${v.dvidsId}`));
    const badLinks = cases.flatMap((c) =>
      [...c.sources, ...c.images]
        .map((s) => s.url)
        .filter((url) => /war\.gov\/medialink\/ufo\/(release_1|0[5-7]\d{4})\//.test(url) && !links.has(decodeURI(url)))
        .map((url) => `${c.id} ${url}`),
    );
    expect(badVideos).toEqual([]);
    expect(badLinks).toEqual([]);
    expect(text.length).toBeGreaterThan(0);
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

  it('covers Releases 05 and 06 as well', () => {
    expect(coverage.filter((row) => row.release === '5').length).toBeGreaterThanOrEqual(41);
    expect(coverage.filter((row) => row.release === '6').length).toBeGreaterThanOrEqual(75);
  });
});
