import { isId } from '@tongxin/resources';
import { sql } from 'kysely';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import { badRequest } from '../../http/envelope.js';

/** Depts keep `ancestors` (`0,<root>,...,<parent>`) so "own dept and below" is one LIKE per dept. */
export const deptHooks: ResourceHooks = {
  async beforeWrite({ trx, user }, values, existing) {
    const tenantId = String(existing?.tenant_id ?? values.tenant_id ?? user.tenantId);
    const parentId = String(values.parent_id ?? existing?.parent_id ?? '0');
    if (parentId === '0') {
      values.ancestors = '0';
    } else {
      if (!isId(parentId)) throw badRequest('上级部门格式不正确');
      const parent = await trx
        .selectFrom('blade_dept')
        .select(['ancestors'])
        .where('id', '=', parentId)
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!parent) throw badRequest('上级部门不存在');
      const ancestors = `${String(parent.ancestors)},${parentId}`;
      if (
        existing &&
        (parentId === String(existing.id) || ancestors.split(',').includes(String(existing.id)))
      ) {
        throw badRequest('上级部门不能选择自身或其下级部门');
      }
      values.ancestors = ancestors;
    }
    if (existing && values.ancestors !== existing.ancestors) {
      // Moving a dept moves its subtree: rewrite the descendants' ancestor prefix.
      const oldPrefix = `${String(existing.ancestors)},${String(existing.id)}`;
      const newPrefix = `${String(values.ancestors)},${String(existing.id)}`;
      const below = await trx
        .selectFrom('blade_dept')
        .select(['id', 'ancestors'])
        .where('tenant_id', '=', tenantId)
        .where((eb) => eb.or([eb('ancestors', '=', oldPrefix), eb('ancestors', 'like', `${oldPrefix},%`)]))
        .execute();
      for (const d of below) {
        await trx
          .updateTable('blade_dept')
          .set({ ancestors: newPrefix + String(d.ancestors).slice(oldPrefix.length) })
          .where('id', '=', d.id as string)
          .execute();
      }
    }
  },
  async beforeRemove({ trx }, ids) {
    const used = await trx
      .selectFrom('blade_user')
      .select('id')
      .where('is_deleted', '=', 0)
      .where((eb) => eb.or(ids.map((id) => eb(sql`',' || dept_id || ','`, 'like', `%,${id},%`))))
      .executeTakeFirst();
    if (used) throw badRequest('部门下还有用户,不能删除');
  },
};
