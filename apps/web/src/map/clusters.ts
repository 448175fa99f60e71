/** How exactly a point is known, grouped for drawing. `unknown` is never drawn. */
export const DRAWN_PRECISIONS = ['site', 'locality', 'region', 'area'] as const;
export type DrawnPrecision = (typeof DRAWN_PRECISIONS)[number];

export interface PlacedCase {
  id: string;
  location: { lat: number | null; lng: number | null; precision?: string };
}

export interface Cluster<T extends PlacedCase> {
  precision: DrawnPrecision;
  lat: number;
  lng: number;
  cases: T[];
}

/**
 * Groups cases that fall in the same cell of a `cellDegrees` grid and share a precision, so
 * crowded places (many US bases) show as one larger mark with a count, and an approximate point
 * is never merged into an exact one. A group sits at its members' mean position, so a lone case
 * sits exactly at its coordinates. Cases without coordinates, or whose precision is `unknown`
 * (the api's nominal 0,0), come back as `unplaced`. A case without `precision` (an api from before
 * the field) counts as a site.
 */
export function clusterCases<T extends PlacedCase>(cases: T[], cellDegrees = 2): { clusters: Cluster<T>[]; unplaced: T[] } {
  const cells = new Map<string, Cluster<T>>();
  const unplaced: T[] = [];
  for (const item of cases) {
    const { lat, lng } = item.location;
    const precision = (item.location.precision ?? 'site') as DrawnPrecision | 'unknown';
    if (lat === null || lng === null || !DRAWN_PRECISIONS.includes(precision as DrawnPrecision)) {
      unplaced.push(item);
      continue;
    }
    const key = `${precision}:${Math.floor(lat / cellDegrees)}:${Math.floor(lng / cellDegrees)}`;
    const cell = cells.get(key) ?? { precision: precision as DrawnPrecision, lat: 0, lng: 0, cases: [] };
    cell.cases.push(item);
    cells.set(key, cell);
  }
  const clusters = [...cells.values()].map((cell) => ({
    ...cell,
    lat: round(cell.cases.reduce((sum, item) => sum + (item.location.lat as number), 0) / cell.cases.length),
    lng: round(cell.cases.reduce((sum, item) => sum + (item.location.lng as number), 0) / cell.cases.length),
  }));
  return { clusters, unplaced };
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
