import type { ResourceHooks } from '../../engine/crud/hooks.js';
import { badRequest } from '../../http/envelope.js';

const LEVELS = ['province', 'city', 'district', 'town', 'village'] as const;
const ROOT = '00';

/** Regions hang by code: `parent_code` → parent's `code`. On write the ancestors and the province…village
 * code/name columns are derived from the parent chain, so a region row always carries its full path. */
export const regionHooks: ResourceHooks = {
  async beforeWrite({ trx }, values, existing) {
    if (existing && values.code !== undefined && values.code !== existing.code)
      throw badRequest('区划编号不可修改');
    const code = String(values.code ?? existing?.code);
    const name = String(values.name ?? existing?.name ?? '');
    const parentCode = String(values.parent_code ?? existing?.parent_code ?? ROOT);
    const level = Number(values.region_level ?? existing?.region_level ?? 0);
    if (parentCode === code) throw badRequest('上级区划不能选择自身');
    const derived: Record<string, unknown> = {};
    if (parentCode === ROOT) {
      derived.ancestors = ROOT;
    } else {
      const parent = await trx
        .selectFrom('blade_region')
        .selectAll()
        .where('code', '=', parentCode)
        .executeTakeFirst();
      if (!parent) throw badRequest('上级区划不存在');
      if (
        String(parent.ancestors ?? '')
          .split(',')
          .includes(code)
      )
        throw badRequest('上级区划不能选择其下级区划');
      derived.ancestors = `${String(parent.ancestors)},${parentCode}`;
      for (const l of LEVELS) {
        derived[`${l}_code`] = parent[`${l}_code`] ?? null;
        derived[`${l}_name`] = parent[`${l}_name`] ?? null;
      }
    }
    const own = LEVELS[level - 1];
    if (own) {
      derived[`${own}_code`] = code;
      derived[`${own}_name`] = name;
    }
    Object.assign(values, derived);
  },
};
