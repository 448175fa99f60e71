/**
 * The api's `bbox` (minLng,minLat,maxLng,maxLat) for the part of the map in view, from the
 * longitude and latitude at its top-left and bottom-right corners. The drawn map runs a little
 * past 180° (Russia and Fiji are unwrapped eastwards), so an edge beyond it is brought back,
 * which makes the box cross the antimeridian as the api expects; a view wider than the world is
 * the whole world. Six decimals are about 10 cm: enough, and keeps links short.
 */
export function viewBbox(topLeft: [number, number], bottomRight: [number, number]): string {
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  const clampLat = (lat: number) => Math.max(-90, Math.min(90, lat));
  let [west, east] = [topLeft[0], bottomRight[0]];
  if (east - west >= 360) [west, east] = [-180, 180];
  else {
    if (west < -180) west += 360;
    if (east > 180) east -= 360;
    if (west > 180) west -= 360;
    if (east < -180) east += 360;
  }
  const south = clampLat(Math.min(topLeft[1], bottomRight[1]));
  const north = clampLat(Math.max(topLeft[1], bottomRight[1]));
  return [west, south, east, north].map(round).join(',');
}

/** The centre of a `bbox` text, across the antimeridian too, and how far to zoom the world map to it. */
export function bboxView(bbox: string): { center: [number, number]; zoom: number } | undefined {
  const values = bbox.split(',').map(Number);
  if (values.length !== 4 || values.some((value) => !Number.isFinite(value))) return undefined;
  const [west, south, east, north] = values;
  const width = east >= west ? east - west : east + 360 - west;
  let lng = west + width / 2;
  if (lng > 180) lng -= 360;
  const zoom = Math.min(360 / Math.max(width, 1e-3), 180 / Math.max(north - south, 1e-3));
  return { center: [lng, (south + north) / 2], zoom: Math.max(1, Math.min(12, zoom)) };
}
