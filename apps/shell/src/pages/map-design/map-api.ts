import { http, type R } from '@tongxin/api-client';

/** The rows /map/design draws: grid meshes (GeoJSON polygons) and map places (points). */
export interface MeshRow {
  id: string;
  meshCode: string;
  meshName: string;
  meshLevel: number;
  communityId: string;
  boundary: string;
  color?: string | null;
  version?: number;
  [key: string]: unknown;
}

export interface PlaceRow {
  id: string;
  institutionName: string;
  institutionType: number;
  communityId: string;
  address: string;
  longitude: string | number;
  latitude: string | number;
  version?: number;
  [key: string]: unknown;
}

export interface MapConfig {
  tileUrl: string;
  center: [number, number];
  zoom: number;
}

const MESH = '/api/app-map-mesh/mapmesh';
const PLACE = '/api/app-map-inst';

const check = <T>(res: { data: R<T> }): T => {
  if (!res.data.success) throw new Error(res.data.msg);
  return res.data.data as T;
};

export const mapApi = {
  config: async () => check(await http.get<R<MapConfig>>(`${MESH}/mapConfig`)),
  meshes: async () =>
    check(await http.get<R<{ records: MeshRow[] }>>(`${MESH}/list`, { params: { size: 500 } })).records,
  places: async () =>
    check(await http.get<R<{ records: PlaceRow[] }>>(`${PLACE}/list`, { params: { size: 500 } })).records,
  communities: async () =>
    check(await http.get<R<{ id: string; deptName: string }[]>>('/api/blade-system/dept/select')) ?? [],
  saveMesh: async (row: Partial<MeshRow>) =>
    check(await http.post<R<{ id: string }>>(`${MESH}/${row.id ? 'update' : 'save'}`, row)),
  meshDetail: async (id: string) => check(await http.get<R<MeshRow>>(`${MESH}/detail`, { params: { id } })),
  removeMesh: async (id: string) =>
    check(await http.post<R<unknown>>(`${MESH}/remove`, null, { params: { ids: id } })),
  savePlace: async (row: Partial<PlaceRow>) =>
    check(await http.post<R<{ id: string }>>(`${PLACE}/submit`, row)),
  placeDetail: async (id: string) =>
    check(await http.get<R<PlaceRow>>(`${PLACE}/detail`, { params: { id } })),
  removePlace: async (id: string) =>
    check(await http.post<R<unknown>>(`${PLACE}/remove`, null, { params: { ids: id } })),
};
