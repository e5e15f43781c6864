import { getToken, http, website, type Page, type R, type TreeNode } from '@tongxin/api-client';
import {
  SEARCH_SUFFIX,
  actionVerb,
  labelFieldOf,
  resources,
  type ActionDef,
  type FieldDef,
  type ResourceDef,
  type SearchOp,
} from '@tongxin/resources';

export type Row = Record<string, unknown> & { id?: string; hasChildren?: boolean; children?: Row[] };

export type { TreeNode };

/** Drops empty filter values (BladeX ignores them anyway; the server refuses unknown keys). */
export const cleanQuery = (query: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''));

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** A search value on the wire: for one operator the value; for several `{ op, value }` (the chosen
 * operator); for a range `[start, end]` (either may be empty). */
export type SearchValue = unknown;

/** One field's search value → its `<field><suffix>` keys: the operator's suffix, the chosen one of
 * several, or a range's `_datege` / `_datele` pair. */
export function fieldFilters(field: FieldDef, value: SearchValue): Record<string, unknown> {
  const name = field.name;
  if (!field.search || isEmpty(value)) return {};
  if (field.search === 'range') {
    const [start, end] = Array.isArray(value) ? value : [];
    return cleanQuery({ [`${name}${SEARCH_SUFFIX.datege}`]: start, [`${name}${SEARCH_SUFFIX.datele}`]: end });
  }
  if (Array.isArray(field.search)) {
    const chosen = value as { op?: SearchOp; value?: unknown };
    const op = chosen.op && field.search.includes(chosen.op) ? chosen.op : field.search[0]!;
    return fieldFilters({ ...field, search: op }, chosen.value);
  }
  return { [`${name}${SEARCH_SUFFIX[field.search]}`]: Array.isArray(value) ? value.join(',') : value };
}

/** Search values (wire values by field name) → the `<field><suffix>` keys of the definition's search
 * operators. */
export function toFilters(def: ResourceDef, values: Record<string, SearchValue>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of def.fields) Object.assign(out, fieldFilters(field, values[field.name]));
  return out;
}

/** A list answer is a page, or (trees such as roles) the forest itself. */
const asPage = (data: Page<Row> | Row[] | null | undefined, size: number): Page<Row> =>
  Array.isArray(data)
    ? { records: data, total: data.length, size, current: 1, pages: 1 }
    : (data ?? { records: [], total: 0, size, current: 1, pages: 0 });

/** The generic wire of one definition (docs/api.md#the-standard-calls-of-a-resource), through the one http
 * client. */
export function resourceCalls(def: ResourceDef) {
  const base = def.path;
  return {
    list: async (query: Record<string, unknown>, listPath = 'list') => {
      const res = await http.get<R<Page<Row> | Row[]>>(`${base}/${listPath}`, { params: cleanQuery(query) });
      return asPage(res.data.data, Number(query.size ?? website.pageSize));
    },
    lazyList: async (parentId: string, query: Record<string, unknown> = {}) =>
      (await http.get<R<Row[]>>(`${base}/lazy-list`, { params: cleanQuery({ ...query, parentId }) })).data
        .data ?? [],
    detail: async (row: Row) => {
      const key = def.tree?.keyField && def.tree.keyField !== 'id' ? def.tree.keyField : 'id';
      const params = key === 'id' ? { id: row.id } : { [key]: row[key] };
      return (await http.get<R<Row>>(`${base}/detail`, { params })).data.data;
    },
    save: async (row: Row, isNew: boolean) => {
      const verb = def.write === 'save-update' ? (isNew ? 'save' : 'update') : 'submit';
      return (await http.post<R<unknown>>(`${base}/${verb}`, row)).data;
    },
    /** A definition action's wire verb with the rows' ids (and the reason, when it asks for one). */
    action: async (action: ActionDef, ids: string[], extra: Record<string, unknown> = {}) => {
      const params = action.standalone ? extra : { [action.idParam ?? 'ids']: ids.join(','), ...extra };
      const url = `${base}/${actionVerb(action)}`;
      const res =
        action.method === 'GET'
          ? await http.get<R<unknown>>(url, { params })
          : await http.post<R<unknown>>(url, null, { params });
      return res.data;
    },
    remove: async (ids: string[]) =>
      (await http.post<R<unknown>>(`${base}/remove`, null, { params: { ids: ids.join(',') } })).data,
    tree: async () => (await http.get<R<TreeNode[]>>(`${base}/tree`)).data.data ?? [],
    lazyTree: async (parentId: string) =>
      (await http.get<R<TreeNode[]>>(`${base}/lazy-tree`, { params: { parentId } })).data.data ?? [],
    select: async () => {
      const label = labelFieldOf(def);
      const rows = (await http.get<R<Row[]>>(`${base}/select`)).data.data ?? [];
      return rows.map((r) => ({ value: String(r.id), label: String(r[label] ?? r.id) }));
    },
    /** Export and template are plain downloads: the token goes in the query (`blade-auth`). */
    exportUrl: (filters: Record<string, unknown>) => downloadUrl(`${base}/export`, filters),
    templateUrl: () => downloadUrl(`${base}/export-template`, {}),
    importFile: async (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return (await http.post<R<unknown>>(`${base}/import`, body)).data;
    },
  };
}
export type ResourceCalls = ReturnType<typeof resourceCalls>;

/** The link a `download` action opens for one row: the named resource's export narrowed to the rows
 * whose foreign key holds the row's id (`<foreignKey>_equal`). */
export function actionDownloadUrl(action: ActionDef, id: string): string {
  const { resource, foreignKey } = action.download!;
  const target = resources.find((r) => r.name === resource);
  if (!target) throw new Error(`download: no definition named ${resource}`);
  return downloadUrl(`${target.path}/export`, { [`${foreignKey}${SEARCH_SUFFIX.equal}`]: id });
}

export function downloadUrl(path: string, query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(cleanQuery(query))) params.set(k, String(v));
  const token = getToken();
  if (token) params.set('blade-auth', `bearer ${token}`);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** A field's key in the row (trees keyed by code, like regions, use that field as the row key). */
export const rowKeyOf = (def: ResourceDef): string =>
  def.tree?.keyField && def.tree.keyField !== 'id' ? def.tree.keyField : 'id';

export const isMultiRef = (f: FieldDef): boolean => f.kind === 'ref' && !!f.ref?.multiple;
