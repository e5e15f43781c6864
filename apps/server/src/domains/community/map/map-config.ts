/** GET mapmesh/mapConfig: what /map/design draws on. The background tiles come from the `map.tileUrl`
 * parameter (an `{z}/{x}/{y}` template; empty: no tiles, the map works offline on a plain background
 * with the mesh boundaries), the first view from `map.center` ("lng,lat") and `map.zoom`. */
import { requireUser } from '../../../auth/guard.js';
import { trimmedParams } from '../../../db/params.js';
import type { VerbHandler } from '../../../engine/module.js';
import { ok } from '../../../http/envelope.js';

const DEFAULT_CENTER: [number, number] = [91.1322, 29.6544]; // Lhasa, 城关区

export const mapConfig: VerbHandler = {
  method: 'GET',
  access: { token: true },
  async handle(request, { ctx }) {
    const user = requireUser(request);
    const v = await trimmedParams(ctx.db.kysely, user.tenantId, ['map.tileUrl', 'map.center', 'map.zoom']);
    const tileUrl = /^https?:\/\/\S+\{z\}\S*$/.test(v['map.tileUrl'] ?? '') ? v['map.tileUrl'] : '';
    const [lng, lat] = (v['map.center'] ?? '').split(',').map(Number);
    const center =
      Number.isFinite(lng) && Number.isFinite(lat) && Math.abs(lng!) <= 180 && Math.abs(lat!) <= 90
        ? [lng!, lat!]
        : DEFAULT_CENTER;
    const zoom = Number.parseInt(v['map.zoom'] ?? '', 10);
    return ok({ tileUrl, center, zoom: zoom >= 1 && zoom <= 20 ? zoom : 15 });
  },
};
