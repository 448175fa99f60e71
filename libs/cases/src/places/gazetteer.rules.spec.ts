import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseRecord } from '../case.types';
import { gazetteerProblems, placeKey, unnamedSiteProblems, type Gazetteer } from './gazetteer.rules';

const DATA = join(__dirname, '../../../../data');
const archive: CaseRecord[] = readdirSync(join(DATA, 'cases')).map((file) => JSON.parse(readFileSync(join(DATA, 'cases', file), 'utf8')));
const gazetteer: Gazetteer = JSON.parse(readFileSync(join(DATA, 'places.json'), 'utf8'));
const named = (en: string) => archive.find((c) => c.location.name.en === en)!;
/** The archive with one case's location changed: a deliberately broken copy. */
const withLocation = (id: string, change: Partial<CaseRecord['location']>) =>
  archive.map((c) => (c.id === id ? { ...c, location: { ...c.location, ...change } } : c));

describe('placeKey', () => {
  it.each([
    ['Western United States (exact place not released)', 'western united states'],
    ['Arabian Gulf (Persian Gulf), from the uploader title', 'arabian gulf'],
    ['Near Colorado Springs, Colorado, USA', 'colorado springs, colorado, usa'],
    ['New Mexico, United States', 'new mexico, usa'],
    ['美国西部（具体地点未公开）', '美国西部'],
    // A bare "Various" keeps what it is about: these are two different places.
    ['Various (United States)', 'various (united states)'],
    ['Various (United States and Canada)', 'various (united states and canada)'],
  ])('%s -> %s', (name, key) => {
    expect(placeKey(name)).toBe(key);
  });
});

describe('gazetteerProblems', () => {
  it('finds nothing wrong with the archive as it is', () => {
    expect(gazetteerProblems(archive, gazetteer)).toEqual([]);
  });

  it('fails when one case puts a listed place at another point, even under a suffixed name', () => {
    const western = named('Western United States (exact place not released)');
    expect(gazetteerProblems(withLocation(western.id, { lat: 39.5, lng: -116 }), gazetteer)).toEqual([
      `${western.id} (Western United States (exact place not released)): at 39.5, -116; places.json puts "Western United States" at 39, -114`,
    ]);
  });

  it('fails on another precision or another country', () => {
    const iraq = named('Iraq');
    expect(gazetteerProblems(withLocation(iraq.id, { precision: 'locality', country: 'KW' }), gazetteer)).toEqual([
      `${iraq.id} (Iraq): precision locality; places.json says region`,
      `${iraq.id} (Iraq): country KW; places.json says IQ`,
    ]);
  });

  it('fails when two cases name a place the gazetteer does not list', () => {
    const [a, b] = archive.filter((c) => c.location.precision === 'locality').slice(0, 2);
    const broken = archive.map((c) =>
      c === a || c === b ? { ...c, location: { ...c.location, name: { en: 'Atlantis (exact place not released)', zh: '亚特兰蒂斯' } } } : c,
    );
    expect(gazetteerProblems(broken, gazetteer)).toEqual(
      expect.arrayContaining([`"atlantis" is named by 2 cases (${a.id}, ${b.id}) but is not in places.json`]),
    );
  });

  it('fails when a case writes a listed place another way in Chinese', () => {
    const gulf = named('Gulf of Oman');
    expect(gazetteerProblems(withLocation(gulf.id, { name: { en: 'Gulf of Oman', zh: '阿曼海湾' } }), gazetteer)).toEqual([
      `${gulf.id} (Gulf of Oman): names the place "阿曼海湾" in Chinese; places.json pairs this name with another`,
    ]);
  });

  it('fails on a place no case names, and on a name listed under two places', () => {
    const ghost = { names: [{ en: 'Atlantis', zh: '亚特兰蒂斯' }], point: [1, 1] as [number, number], precision: 'region' as const, country: 'GR' };
    expect(gazetteerProblems(archive, { places: [...gazetteer.places, ghost] })).toEqual(['places.json: no case names "Atlantis"']);
    const twin = { ...ghost, names: [{ en: 'Iraq', zh: '伊拉克' }] };
    expect(gazetteerProblems(archive, { places: [...gazetteer.places, twin] })).toEqual(
      expect.arrayContaining(['places.json: "Iraq" is listed under two places']),
    );
  });
});

describe('unnamedSiteProblems', () => {
  it('finds nothing wrong with the archive as it is', () => {
    expect(unnamedSiteProblems(archive)).toEqual([]);
  });

  it('fails on a site the record does not name (a point set at someone’s affiliation)', () => {
    const [any] = archive;
    const broken = [
      { ...any, location: { ...any.location, name: { en: 'Los Alamos (Tuck’s affiliation)', zh: '洛斯阿拉莫斯' }, precision: 'site' as const } },
    ];
    expect(unnamedSiteProblems(broken)).toEqual([
      `${any.id}: precision site for "Los Alamos (Tuck’s affiliation)", a place the record does not name`,
    ]);
  });
});
