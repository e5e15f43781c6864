import type { Label } from '../define';
import type { Rule } from './rule';

/** A longitude, latitude pair. */
export type LngLat = [number, number];

const isPosition = (p: unknown): p is LngLat =>
  Array.isArray(p) &&
  p.length >= 2 &&
  typeof p[0] === 'number' &&
  typeof p[1] === 'number' &&
  Math.abs(p[0]) <= 180 &&
  Math.abs(p[1]) <= 90;

/** A closed linear ring of at least four positions. */
const isRing = (ring: unknown): ring is LngLat[] => {
  if (!Array.isArray(ring) || ring.length < 4 || !ring.every(isPosition)) return false;
  const [first, last] = [ring[0] as LngLat, ring[ring.length - 1] as LngLat];
  return first[0] === last[0] && first[1] === last[1];
};

const isPolygon = (rings: unknown): rings is LngLat[][] =>
  Array.isArray(rings) && rings.length > 0 && rings.every(isRing);

interface Geo {
  type?: unknown;
  coordinates?: unknown;
  geometry?: unknown;
}

/** The polygons (each its rings, the outer one first) of a GeoJSON Polygon or MultiPolygon in WGS84,
 * bare or as a Feature's geometry; undefined for anything else. */
export function geoPolygons(text: string): LngLat[][][] | undefined {
  let geo: Geo;
  try {
    geo = JSON.parse(text) as Geo;
  } catch {
    return undefined;
  }
  if (geo && geo.type === 'Feature' && geo.geometry && typeof geo.geometry === 'object')
    geo = geo.geometry as Geo;
  if (geo?.type === 'Polygon' && isPolygon(geo.coordinates)) return [geo.coordinates];
  if (geo?.type === 'MultiPolygon' && Array.isArray(geo.coordinates) && geo.coordinates.length > 0) {
    const polygons = geo.coordinates as unknown[];
    if (polygons.every(isPolygon)) return polygons as LngLat[][][];
  }
  return undefined;
}

/** A map area drawn on /map/design: GeoJSON Polygon or MultiPolygon, longitude and latitude in WGS84. */
export const geoPolygonRule: Rule = {
  normalize: (v) => v.trim(),
  check: (v, label: Label) =>
    geoPolygons(v)
      ? undefined
      : { zh: `${label.zh}应为GeoJSON面(Polygon或MultiPolygon)`, en: `${label.en} is not a GeoJSON polygon` },
};
