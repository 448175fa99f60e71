import type { GeoBox, GeoPoint } from '@app/search';

/** Half the Earth's circumference: no two points are farther apart. */
export const MAX_RADIUS_KM = 20_038;
/** One metre. Smaller numbers would print as `1e-7`, which Elasticsearch cannot read as a distance. */
export const MIN_RADIUS_KM = 0.001;

const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** `a, b, c` as exactly `count` decimal numbers, or undefined. */
function numbers(text: string, count: number): number[] | undefined {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== count || !parts.every((part) => NUMBER.test(part))) return undefined;
  return parts.map(Number);
}

const isLat = (value: number) => value >= -90 && value <= 90;
const isLng = (value: number) => value >= -180 && value <= 180;

/**
 * `minLng,minLat,maxLng,maxLat` (GeoJSON's order, as map libraries give a view's bounds). A west
 * edge east of the east edge is a box across the antimeridian (170,-20,-170,20 spans 40 degrees).
 */
export function parseBbox(text: string): GeoBox | undefined {
  const values = numbers(text, 4);
  if (!values) return undefined;
  const [minLng, minLat, maxLng, maxLat] = values;
  if (!isLng(minLng) || !isLng(maxLng) || !isLat(minLat) || !isLat(maxLat) || minLat > maxLat) return undefined;
  return { minLng, minLat, maxLng, maxLat };
}

/** `lat,lng`, the order people write a place in (38.9,-77.04 is Washington). */
export function parsePoint(text: string): GeoPoint | undefined {
  const values = numbers(text, 2);
  if (!values) return undefined;
  const [lat, lng] = values;
  return isLat(lat) && isLng(lng) ? { lat, lng } : undefined;
}
