import { type Database, PLATFORM_TENANT } from '../db/database.js';
import type { DictCache } from './dict-cache.js';

export interface DictItem {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  dictValueBo: string;
  sort: number;
  remark: string;
  /** The tag colour (antd preset or #rrggbb), '' when none. */
  color: string;
}

/** Where dictionary items come from: the database, through the server's cache. */
export interface DictSource {
  db: Database;
  dicts: DictCache<DictItem>;
}

/** The items of one dictionary: rows under its header row (parent_id 0), in sort order, cached. Business
 * dictionaries (`biz`) belong to the tenant; platform ones are shared. */
export async function loadDictItems(
  ctx: DictSource,
  tenantId: string,
  code: string,
  biz: boolean,
): Promise<DictItem[]> {
  const table = biz ? 'blade_dict_biz' : 'blade_dict';
  const scopeTenant = biz ? tenantId : PLATFORM_TENANT;
  return ctx.dicts.get(`${table}:${scopeTenant}:${code}`, async () => {
    const rows = await ctx.db.tx({ tenantId: scopeTenant }, (trx) => {
      let q = trx
        .selectFrom(`${table} as d`)
        .innerJoin(`${table} as h`, 'h.id', 'd.parent_id')
        .select([
          'd.id',
          'd.parent_id',
          'd.code',
          'd.dict_key',
          'd.dict_value',
          'd.dict_value_bo',
          'd.sort',
          'd.remark',
          'd.color',
        ])
        .where('h.code', '=', code)
        .where('h.parent_id', '=', 0)
        .where('h.is_deleted', '=', 0)
        .where('d.is_deleted', '=', 0)
        .orderBy('d.sort')
        .orderBy('d.id');
      if (biz) q = q.where('d.tenant_id', '=', scopeTenant);
      return q.execute();
    });
    return rows.map((r): DictItem => ({
      id: String(r.id),
      parentId: String(r.parent_id),
      code: String(r.code),
      dictKey: String(r.dict_key),
      dictValue: String(r.dict_value),
      dictValueBo: (r.dict_value_bo as string | null) ?? '',
      sort: Number(r.sort),
      remark: (r.remark as string | null) ?? '',
      color: (r.color as string | null) ?? '',
    }));
  });
}
