import { sql } from 'kysely';
import { isAdministrator, requireUser } from '../../auth/guard.js';
import { rolesChanged } from '../../auth/revoke-users.js';
import { registerHooks } from '../../engine/crud/hooks.js';
import { isId, roleResource } from '@tongxin/resources';
import { pickerCodes } from '../../engine/crud/picker-access.js';
import { nextId } from '../../db/ids.js';
import { badRequest, done, forbidden, notFound, ok } from '../../http/envelope.js';
import { grantableScopes } from './grantable-scopes.js';
import { grantsChanged } from '../../access/grants-changed.js';
import { buildForest, treeNodes } from '../../util/tree.js';
import { idList } from '../../http/params.js';
import { requireRows } from './shared.js';

registerHooks('role', {
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

  routes(app, ctx) {
    /** 权限设置: replaces the menus, data scopes and API scopes of the roles. A non-administrator can only
     * hand out what their own roles hold. */
    app.post(
      '/api/blade-system/role/grant',
      { config: { access: { perm: 'role_grant' } } },
      async (request) => {
        const user = requireUser(request);
        const b = (request.body ?? {}) as Record<string, unknown>;
        const roleIds = idList(b.roleIds, '角色');
        const menuIds = idList(b.menuIds, '菜单');
        const dataScopeIds = idList(b.dataScopeIds, '数据权限');
        const apiScopeIds = idList(b.apiScopeIds, '接口权限');
        if (!roleIds.length) throw badRequest('请选择角色');
        const mine = await ctx.permissions.grants(user);
        if (!isAdministrator(user) && menuIds.some((id) => !mine.menuIds.has(id)))
          throw forbidden('不能授予自己没有的菜单权限');
        // Nor data or API scopes beyond what the caller holds (grantable-scopes.ts).
        const dataHeld = await grantableScopes(ctx, user, 'blade_scope_data');
        if (dataHeld && dataScopeIds.some((id) => !dataHeld.has(id)))
          throw forbidden('不能授予自己没有的数据权限');
        const apiHeld = await grantableScopes(ctx, user, 'blade_scope_api');
        if (apiHeld && apiScopeIds.some((id) => !apiHeld.has(id)))
          throw forbidden('不能授予自己没有的接口权限');
        await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
          const roles = await trx
            .selectFrom('blade_role')
            .select(['id', 'role_alias'])
            .where('id', 'in', roleIds)
            .where('tenant_id', '=', user.tenantId)
            .where('is_deleted', '=', 0)
            .execute();
          if (roles.length !== roleIds.length) throw notFound('角色不存在或不属于当前租户');
          if (!isAdministrator(user) && roles.some((r) => r.role_alias === 'administrator'))
            throw forbidden();
          if (menuIds.length) {
            const live = await trx
              .selectFrom('blade_menu')
              .select('id')
              .where('id', 'in', menuIds)
              .where('is_deleted', '=', 0)
              .execute();
            if (live.length !== menuIds.length) throw badRequest('菜单不存在');
          }
          for (const [table, ids, label] of [
            ['blade_scope_data', dataScopeIds, '数据权限'],
            ['blade_scope_api', apiScopeIds, '接口权限'],
          ] as const) {
            if (!ids.length) continue;
            const live = await trx
              .selectFrom(table)
              .select('id')
              .where('id', 'in', ids)
              .where('is_deleted', '=', 0)
              .execute();
            if (live.length !== ids.length) throw badRequest(`${label}不存在`);
          }
          await trx.deleteFrom('blade_role_menu').where('role_id', 'in', roleIds).execute();
          await trx.deleteFrom('blade_role_scope').where('role_id', 'in', roleIds).execute();
          const rows = roleIds.flatMap((roleId) =>
            menuIds.map((menuId) => ({
              id: nextId(),
              tenant_id: user.tenantId,
              role_id: roleId,
              menu_id: menuId,
            })),
          );
          if (rows.length) await trx.insertInto('blade_role_menu').values(rows).execute();
          const scopes = roleIds.flatMap((roleId) => [
            ...dataScopeIds.map((scopeId) => ({
              id: nextId(),
              tenant_id: user.tenantId,
              role_id: roleId,
              scope_id: scopeId,
              scope_category: 1,
            })),
            ...apiScopeIds.map((scopeId) => ({
              id: nextId(),
              tenant_id: user.tenantId,
              role_id: roleId,
              scope_id: scopeId,
              scope_category: 2,
            })),
          ]);
          if (scopes.length) await trx.insertInto('blade_role_scope').values(scopes).execute();
        });
        await grantsChanged(ctx);
        return done('操作成功!');
      },
    );

    /** BladeX role/tree-by-id?roleId: the role tree (TreeNode forest) of that role's tenant. */
    app.get(
      '/api/blade-system/role/tree-by-id',
      { config: { access: { perm: pickerCodes('role', roleResource) } } },
      async (request) => {
        const user = requireUser(request);
        const roleId = (request.query as Record<string, unknown>).roleId;
        if (!isId(roleId)) throw badRequest('缺少必要的请求参数: roleId');
        const all = isAdministrator(user);
        const roles = await ctx.db.tx({ tenantId: user.tenantId, allTenants: all }, async (trx) => {
          let q = trx
            .selectFrom('blade_role')
            .select('tenant_id')
            .where('id', '=', roleId)
            .where('is_deleted', '=', 0);
          if (!all) q = q.where('tenant_id', '=', user.tenantId);
          const role = await q.executeTakeFirst();
          if (!role) throw notFound('角色不存在');
          return trx
            .selectFrom('blade_role')
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
      },
    );
  },
});
