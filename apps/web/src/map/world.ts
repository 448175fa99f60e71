import { feature } from 'topojson-client';
// Natural Earth 1:110m country boundaries (public domain), bundled by world-atlas and served
// from our own origin as a hashed asset: no map tiles or CDN at run time.
import worldUrl from 'world-atlas/countries-110m.json?url';
import { echarts } from '../charts/echarts-setup';

export const WORLD_MAP = 'world';

let registered: Promise<void> | undefined;

/** Fetches the TopoJSON once, turns it into GeoJSON and registers it with ECharts. */
export function registerWorldMap(): Promise<void> {
  registered ??= fetch(worldUrl)
    .then((response) => response.json() as Promise<{ objects: { countries: unknown } }>)
    .then((topology) => {
      const countries = feature(topology, topology.objects.countries) as unknown as WorldFeatures;
      countries.features = countries.features.filter((country) => country.properties?.name !== 'Antarctica');
      countries.features.forEach(unwrapAntimeridian);
      echarts.registerMap(WORLD_MAP, countries as unknown as Parameters<typeof echarts.registerMap>[1]);
    })
    .catch((error) => {
      registered = undefined;
      throw error;
    });
  return registered;
}

interface WorldFeature {
  properties?: { name?: string };
  geometry: { type: string; coordinates: number[][][] | number[][][][] } | null;
}
interface WorldFeatures {
  type: 'FeatureCollection';
  features: WorldFeature[];
}

/**
 * Russia and Fiji cross the 180th meridian; drawn as is, their rings streak across the whole
 * map. A ring that jumps more than 180 degrees between two points is moved east instead.
 * (Antarctica, which wraps the pole, is left out: no case lies there.)
 */
function unwrapAntimeridian(country: WorldFeature): void {
  const geometry = country.geometry;
  if (!geometry) return;
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as number[][][][];
  for (const ring of polygons.flat()) {
    const jumps = ring.some((point, index) => index > 0 && Math.abs(point[0] - ring[index - 1][0]) > 180);
    if (jumps) for (const point of ring) if (point[0] < 0) point[0] += 360;
  }
}
