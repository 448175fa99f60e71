// The one function the explorer uses from topojson-client, typed here rather than pulling in
// @types/topojson-client, whose GeoJSON types change how other code in the repo typechecks.
declare module 'topojson-client' {
  export function feature(topology: unknown, object: unknown): { type: 'FeatureCollection'; features: unknown[] };
}
