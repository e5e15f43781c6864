import L from 'leaflet';
import 'leaflet-draw';
import 'leaflet/dist/leaflet.css';
import 'leaflet-draw/dist/leaflet.draw.css';
import type { MapConfig, MeshRow, PlaceRow } from './map-api';

/** What a drawn layer stands for: a saved mesh or place (its id), or a shape not saved yet. */
export interface Tagged {
  kind: 'mesh' | 'place';
  id?: string;
}
export type TaggedLayer = L.Layer & { tag?: Tagged };

/** A point's marker: a plain dot (no image files, so it draws offline and under any bundler). */
export const placeIcon = (): L.DivIcon =>
  L.divIcon({ className: 'tx-map-place', html: '<span></span>', iconSize: [16, 16], iconAnchor: [8, 8] });

/** [lng, lat] rings of GeoJSON → Leaflet's [lat, lng]. */
const toLatLngs = (geojson: string): L.LatLng[][][] | undefined => {
  try {
    const geo = JSON.parse(geojson) as { type: string; coordinates: unknown; geometry?: unknown };
    const g = (geo.type === 'Feature' ? geo.geometry : geo) as {
      type: string;
      coordinates: number[][][] | number[][][][];
    };
    const polygons =
      g.type === 'Polygon' ? [g.coordinates as number[][][]] : (g.coordinates as number[][][][]);
    return polygons.map((rings) => rings.map((ring) => ring.map(([lng, lat]) => L.latLng(lat!, lng!))));
  } catch {
    return undefined;
  }
};

/** A polygon layer's GeoJSON geometry text (WGS84 lng/lat, closed rings). */
export const boundaryOf = (layer: L.Polygon): string => JSON.stringify(layer.toGeoJSON(7).geometry);

export function createMap(el: HTMLElement, config: MapConfig): { map: L.Map; drawn: L.FeatureGroup } {
  const map = L.map(el, {
    center: [config.center[1], config.center[0]],
    zoom: config.zoom,
    zoomControl: true,
  });
  // Offline: no tiles at all, the plain background and the meshes' boundaries are the map.
  if (config.tileUrl) L.tileLayer(config.tileUrl, { maxZoom: 20 }).addTo(map);
  L.control.scale({ imperial: false }).addTo(map);
  const drawn = new L.FeatureGroup().addTo(map);
  const control = new L.Control.Draw({
    edit: { featureGroup: drawn },
    draw: {
      polygon: { allowIntersection: false, showArea: true },
      rectangle: {},
      marker: { icon: placeIcon() },
      polyline: false,
      circle: false,
      circlemarker: false,
    },
  });
  map.addControl(control);
  return { map, drawn };
}

export function meshLayer(row: MeshRow): TaggedLayer | undefined {
  const latlngs = toLatLngs(row.boundary);
  if (!latlngs) return undefined;
  const outline = row.meshLevel <= 2; // street and community levels: the dept boundaries
  const layer: TaggedLayer = L.polygon(latlngs, {
    color: row.color || (outline ? '#555' : '#b43c3c'),
    weight: outline ? 2 : 2,
    dashArray: outline ? '6 4' : undefined,
    fillOpacity: outline ? 0.03 : 0.2,
  }).bindTooltip(`${row.meshName} (${row.meshCode})`);
  layer.tag = { kind: 'mesh', id: row.id };
  return layer;
}

export function placeLayer(row: PlaceRow): TaggedLayer | undefined {
  const lat = Number(row.latitude);
  const lng = Number(row.longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
  const layer: TaggedLayer = L.marker([lat, lng], { icon: placeIcon() }).bindTooltip(row.institutionName);
  layer.tag = { kind: 'place', id: row.id };
  return layer;
}

export { L };
