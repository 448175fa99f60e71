import type { CaseLocation, LocalizedText } from '../case.types';

/**
 * One place of data/places.json: every place more than one case names, and every multi-country
 * area. `names` are the spellings cases use for it (the first is the usual one); a case whose
 * location name normalizes to one of them refers to this place and must carry its point,
 * precision and country.
 */
export interface GazetteerPlace {
  names: LocalizedText[];
  /** [lat, lng] */
  point: [number, number];
  precision: CaseLocation['precision'];
  country: string;
  /** For an area of countries: its members, whose land centroid is the point (test/data/archive.spec.ts). */
  members?: string[];
  /** [west, south, east, north]: only members' land inside counts. */
  box?: [number, number, number, number];
  basis?: string;
}

export interface Gazetteer {
  about?: string;
  places: GazetteerPlace[];
}

/** A name that is only a word like "Various" keeps its qualifier: "Various (United States)" is a place of its own. */
const GENERIC = /^(various|not given|not released|not stated|no specific place|location not released|多地|未注明|未公布|无具体地点)$/;

/**
 * The key two spellings of one place share: lower case, straight quotes, one space, no trailing
 * qualifier in brackets ("(exact place not released)", "（取自上传者标题）"), no "near"/"over"
 * in front, no ", from the uploader title", and "United States" written "USA".
 */
export function placeKey(name: string): string {
  const plain = name.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
  const base = plain
    .replace(/\s*\([^()]*\)/g, '')
    .replace(/\s*（[^（）]*）/g, '')
    .replace(/,\s*from the uploader title$/, '')
    .replace(/^(near|over|vicinity of) /, '')
    .replace(/, united states$/, ', usa')
    .trim();
  return GENERIC.test(base) ? plain : base;
}

interface Located {
  id: string;
  location: CaseLocation;
}

/**
 * The gazetteer rules of data/README.md#locations, as problems to fix (empty when all hold):
 * - a place two or more cases name (same key in English or in Chinese) is in the gazetteer;
 * - a case naming a gazetteer place carries its point, precision and country, and names it in
 *   Chinese the way the gazetteer pairs with that English name;
 * - no two places share a key, and no place is listed that no case names.
 * Cases placed nowhere (precision unknown) are all at the nominal point already and need no entry.
 */
export function gazetteerProblems(cases: readonly Located[], gazetteer: Gazetteer): string[] {
  const problems: string[] = [];
  const byKey = new Map<string, { place: GazetteerPlace; zh: Set<string> }>();
  const byZhKey = new Map<string, GazetteerPlace>();
  for (const place of gazetteer.places) {
    for (const name of place.names) {
      const key = placeKey(name.en);
      if (byKey.has(key) && byKey.get(key)!.place !== place) problems.push(`places.json: "${name.en}" is listed under two places`);
      byKey.set(key, { place, zh: (byKey.get(key)?.zh ?? new Set()).add(placeKey(name.zh)) });
      if (byZhKey.has(placeKey(name.zh)) && byZhKey.get(placeKey(name.zh)) !== place)
        problems.push(`places.json: "${name.zh}" is listed under two places`);
      byZhKey.set(placeKey(name.zh), place);
    }
  }

  const used = new Set<GazetteerPlace>();
  const groups = new Map<string, string[]>();
  for (const c of cases) {
    const { name, lat, lng, precision, country } = c.location;
    for (const key of [`en:${placeKey(name.en)}`, `zh:${placeKey(name.zh)}`]) groups.set(key, [...(groups.get(key) ?? []), c.id]);
    const entry = byKey.get(placeKey(name.en));
    const place = entry?.place ?? byZhKey.get(placeKey(name.zh));
    if (!place) continue;
    used.add(place);
    const where = `${c.id} (${name.en})`;
    if (!entry) problems.push(`${where}: its Chinese name is that of "${place.names[0].en}" in places.json, its English name is not`);
    else if (!entry.zh.has(placeKey(name.zh)))
      problems.push(`${where}: names the place "${name.zh}" in Chinese; places.json pairs this name with another`);
    if (lat !== place.point[0] || lng !== place.point[1])
      problems.push(`${where}: at ${lat}, ${lng}; places.json puts "${place.names[0].en}" at ${place.point.join(', ')}`);
    if (precision !== place.precision) problems.push(`${where}: precision ${precision}; places.json says ${place.precision}`);
    if (country !== place.country) problems.push(`${where}: country ${country}; places.json says ${place.country}`);
  }

  const precisionOf = new Map(cases.map((c) => [c.id, c.location.precision]));
  for (const [key, ids] of groups) {
    if (ids.length < 2 || ids.every((id) => precisionOf.get(id) === 'unknown')) continue;
    const [lang, name] = [key.slice(0, 2), key.slice(3)];
    const listed = lang === 'en' ? byKey.has(name) : byZhKey.has(name);
    if (!listed) problems.push(`"${name}" is named by ${ids.length} cases (${ids.join(', ')}) but is not in places.json`);
  }
  for (const place of gazetteer.places) {
    if (!used.has(place)) problems.push(`places.json: no case names "${place.names[0].en}"`);
  }
  return problems;
}

/** Words that say a record did not name the place: such a case cannot claim a site or a town. */
const UNNAMED = /not released|not given|not named|withheld|unnamed|affiliation|name not|no place/i;

/** `site` and `locality` only where the record names that place (data/README.md#locations). */
export function unnamedSiteProblems(cases: readonly Located[]): string[] {
  return cases
    .filter((c) => (c.location.precision === 'site' || c.location.precision === 'locality') && UNNAMED.test(c.location.name.en))
    .map((c) => `${c.id}: precision ${c.location.precision} for "${c.location.name.en}", a place the record does not name`);
}
