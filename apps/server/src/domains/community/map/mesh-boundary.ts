/** A mesh's centre, filled from its boundary (checked by the field's `geoPolygon` rule) when the
 * writer leaves it empty: the middle of the outer rings' bounding box. */
import { geoPolygons, type LngLat } from '@tongxin/resources';
import type { ResourceHooks } from '../../../engine/crud/hooks.js';

export function boundaryCentre(polygons: LngLat[][][]): LngLat {
  const outer = polygons.flatMap((p) => p[0] ?? []);
  const mid = (xs: number[]) => Number(((Math.min(...xs) + Math.max(...xs)) / 2).toFixed(7));
  return [mid(outer.map((p) => p[0])), mid(outer.map((p) => p[1]))];
}

export const meshHooks: ResourceHooks = {
  async beforeWrite(_args, values) {
    const polygons = typeof values.boundary === 'string' ? geoPolygons(values.boundary) : undefined;
    if (!polygons) return;
    const [lng, lat] = boundaryCentre(polygons);
    if (values.center_lng === undefined || values.center_lng === null) values.center_lng = lng;
    if (values.center_lat === undefined || values.center_lat === null) values.center_lat = lat;
  },
};
