/** What Excel export and import share: the lazily loaded exceljs, the columns of a sheet, and the
 * dictionary and reference maps that let a sheet show and accept labels instead of keys and ids. */
import type { FieldDef } from '@tongxin/resources';
import { isWritable, visibleFields } from '@tongxin/resources';
import type { AuthUser } from '../../auth/tokens.js';
import { loadDictItems } from '../../dicts/dict-items.js';
import { refTarget } from './ref-names.js';
import type { ResourceEngine } from './resource-engine.js';

/** exceljs (about 20 MB once loaded) is loaded on the first export or import, not at start-up. */
export const loadExcel = async () => (await import('exceljs')).default;

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const BATCH = 1000;
export const MAX_IMPORT_ROWS = 5000;

export const attachment = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}.xlsx`;

/** key → label and label → key maps of every dictionary the fields use. */
export async function dictMaps(engine: ResourceEngine, user: AuthUser, fields: FieldDef[]) {
  const maps = new Map<string, { toLabel: Map<string, string>; toKey: Map<string, string> }>();
  for (const f of fields) {
    if (!f.dict) continue;
    const items = await loadDictItems(engine.ctx, user.tenantId, f.dict.code, Boolean(f.dict.biz));
    maps.set(f.name, {
      toLabel: new Map(items.map((i) => [i.dictKey, i.dictValue])),
      toKey: new Map(items.map((i) => [i.dictValue, i.dictKey])),
    });
  }
  return maps;
}

/** id ↔ label maps of every referenced resource (roles, depts, posts by name), so a sheet shows and
 * accepts names instead of ids. Multiple references are comma-joined. */
export async function refMaps(engine: ResourceEngine, user: AuthUser, fields: FieldDef[]) {
  const maps = new Map<string, { toLabel: Map<string, string>; toId: Map<string, string> }>();
  for (const f of fields) {
    const ref = refTarget(f);
    if (!ref) continue;
    const { def: target, labelColumn } = ref;
    const rows = await engine.ctx.db.tx({ tenantId: user.tenantId }, (trx) => {
      let q = trx.selectFrom(target.table).select(['id', labelColumn]);
      if (target.softDelete) q = q.where('is_deleted', '=', 0);
      if (target.tenant) q = q.where('tenant_id', '=', user.tenantId);
      return q.limit(10_000).execute();
    });
    maps.set(f.name, {
      toLabel: new Map(rows.map((r) => [String(r.id), String(r[labelColumn] ?? '')])),
      toId: new Map(rows.map((r) => [String(r[labelColumn] ?? ''), String(r.id)])),
    });
  }
  return maps;
}

export const mapList = (raw: string, map: Map<string, string>) =>
  raw
    .split(/[,，]/)
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => map.get(x) ?? x)
    .join(',');

export const exportColumns = (engine: ResourceEngine) =>
  visibleFields(engine.def).filter((f) => f.list !== false);
// Secret fields (an initial password) can be imported, never exported.
export const importColumns = (engine: ResourceEngine) =>
  engine.def.fields.filter((f) => isWritable(f) && !['files', 'images', 'richtext'].includes(f.kind));

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const p = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${p(value.getMonth() + 1)}-${p(value.getDate())} ${p(value.getHours())}:${p(value.getMinutes())}:${p(value.getSeconds())}`;
  }
  if (typeof value === 'object') {
    const v = value as { text?: string; result?: unknown; richText?: { text: string }[] };
    if (v.richText) return v.richText.map((t) => t.text).join('');
    if (v.text !== undefined) return String(v.text);
    if (v.result !== undefined) return cellText(v.result);
  }
  return String(value).trim();
}
