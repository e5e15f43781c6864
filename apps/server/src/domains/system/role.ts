import { isId, roleResource } from '@tongxin/resources';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { grantsChanged } from '../../access/grants-changed.js';
import { isAdministrator, requireUser } from '../../auth/guard.js';
import { rolesChanged } from '../../auth/revoke-users.js';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import type { ResourceEngine } from '../../engine/crud/resource-engine.js';
import { pickerCodes } from '../../engine/crud/picker-access.js';
import type { ResourceBehaviour } from '../../engine/module.js';
import { badRequest, forbidden, notFound, ok } from '../../http/envelope.js';
import { idList } from '../../http/params.js';
import { buildForest, treeNodes } from '../../util/tree.js';
import { grantRoles } from './role-grant.js';
import { requireRows } from './shared.js';

const roleHooks: ResourceHooks = {
  async beforeWrite({ trx, user }, values, existing) {
    if (values.role_alias === 'administrator' && !isAdministrator(user))
      throw forbidden('无权创建超级管理员角色');
    // The parent is a live role of the same tenant (or none: 0).
    const parentId = String(values.parent_id ?? existing?.parent_id ?? '0');
    const tenantId = String(existing?.tenant_id ?? values.tenant_id ?? user.tenantId);
    if (parentId !== '0')
      await requireRows(trx, 'blade_role', idList(parentId, '上级角色'), tenantId, '上级角色');
    // A role cannot hang below itself or one of its descendants (the forest would lose them).
    if (existing && parentId !== '0') {
      let p: string | undefined = parentId;
      for (let steps = 0; p && p !== '0' && steps < 1000; steps++) {
        if (p === String(existing.id)) throw badRequest('上级角色不能选择自身或其下级角色');
        const row = await trx
          .selectFrom('blade_role')
          .select('parent_id')
          .where('id', '=', p)
          .where('tenant_id', '=', tenantId)
          .executeTakeFirst();
        p = row ? String(row.parent_id) : undefined;
      }
    }
  },
  async beforeRemove({ trx }, ids) {
    const used = await trx
      .selectFrom('blade_user')
      .select('id')
      .where('is_deleted', '=', 0)
      .where((eb) => eb.or(ids.map((id) => eb(sql`',' || role_id || ','`, 'like', `%,${id},%`))))
      .executeTakeFirst();
    if (used) throw badRequest('角色下还有用户,不能删除');
    await trx.deleteFrom('blade_role_menu').where('role_id', 'in', ids).execute();
    await trx.deleteFrom('blade_role_scope').where('role_id', 'in', ids).execute();
  },
  // A removed role's grants stop counting (the menus of users whose tokens still name it), and tokens
  // of the role's tenant answer with the roles as they are now (an alias changed or a role removed).
  async committed({ ctx, user }, ids, action) {
    if (action === 'remove') await grantsChanged(ctx);
    const all = isAdministrator(user);
    const rows = await ctx.db.tx({ tenantId: user.tenantId, allTenants: all }, (trx) =>
      trx.selectFrom('blade_role').select('tenant_id').distinct().where('id', 'in', ids).execute(),
    );
    await rolesChanged(ctx, { tenantIds: rows.map((r) => String(r.tenant_id)) });
  },
};

/** BladeX role/tree-by-id?roleId: the role tree (TreeNode forest) of that role's tenant, both read as the
 * role list reads them (the caller's data scope on roles). */
async function roleTreeById(request: FastifyRequest, engine: ResourceEngine) {
  const user = requireUser(request);
  const roleId = (request.query as Record<string, unknown>).roleId;
  if (!isId(roleId)) throw badRequest('缺少必要的请求参数: roleId');
  const all = isAdministrator(user);
  const roles = await engine.ctx.db.tx({ tenantId: user.tenantId, allTenants: all }, async (trx) => {
    const role = await engine.visibleRow(trx, user, roleId);
    if (!role) throw notFound('角色不存在');
    return (await engine.visibleQuery(trx, user))
      .select(['id', 'parent_id', 'role_name'])
      .where('tenant_id', '=', String(role.tenant_id))
      .where('is_deleted', '=', 0)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  });
  const nodes = roles.map((r) => ({
    id: String(r.id),
    parentId: String(r.parent_id),
    title: String(r.role_name),
    key: String(r.id),
    value: String(r.id),
  }));
  return ok(treeNodes(buildForest(nodes)));
}

export const roleBehaviour: ResourceBehaviour = {
  hooks: roleHooks,
  verbs: {
    /** 权限设置: a non-administrator can only hand out what their own roles hold (role-grant.ts). */
    grant: { access: { perm: 'role_grant' }, handle: (request, { ctx }) => grantRoles(request, ctx) },
    'tree-by-id': {
      method: 'GET',
      access: { perm: pickerCodes('role', roleResource) },
      handle: (request, engine) => roleTreeById(request, engine),
    },
  },
};
