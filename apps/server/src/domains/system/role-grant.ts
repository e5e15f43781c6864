import type { FastifyRequest } from 'fastify';
import { isAdministrator, requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import { grantsChanged } from '../../access/grants-changed.js';
import type { AppContext } from '../../context.js';
import type { Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import { badRequest, done, forbidden, notFound } from '../../http/envelope.js';
import { idList } from '../../http/params.js';
import { grantableScopes } from './grantable-scopes.js';

interface Grant {
  roleIds: string[];
  menuIds: string[];
  dataScopeIds: string[];
  apiScopeIds: string[];
}

/** A non-administrator can only hand out the menus, data scopes and API scopes their own roles hold
 * (grantable-scopes.ts). */
async function assertGrantable(ctx: AppContext, user: AuthUser, g: Grant): Promise<void> {
  const mine = await ctx.permissions.grants(user);
  if (!isAdministrator(user) && g.menuIds.some((id) => !mine.menuIds.has(id)))
    throw forbidden('不能授予自己没有的菜单权限');
  const dataHeld = await grantableScopes(ctx, user, 'blade_scope_data');
  if (dataHeld && g.dataScopeIds.some((id) => !dataHeld.has(id)))
    throw forbidden('不能授予自己没有的数据权限');
  const apiHeld = await grantableScopes(ctx, user, 'blade_scope_api');
  if (apiHeld && g.apiScopeIds.some((id) => !apiHeld.has(id))) throw forbidden('不能授予自己没有的接口权限');
}

/** The roles are live roles of the caller's tenant (the administrator role only for the platform
 * administrator); the menus and scopes exist. */
async function assertTargets(trx: Trx, user: AuthUser, g: Grant): Promise<void> {
  const roles = await trx
    .selectFrom('blade_role')
    .select(['id', 'role_alias'])
    .where('id', 'in', g.roleIds)
    .where('tenant_id', '=', user.tenantId)
    .where('is_deleted', '=', 0)
    .execute();
  if (roles.length !== g.roleIds.length) throw notFound('角色不存在或不属于当前租户');
  if (!isAdministrator(user) && roles.some((r) => r.role_alias === 'administrator')) throw forbidden();
  for (const [table, ids, label] of [
    ['blade_menu', g.menuIds, '菜单'],
    ['blade_scope_data', g.dataScopeIds, '数据权限'],
    ['blade_scope_api', g.apiScopeIds, '接口权限'],
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
}

/** Replaces the roles' menu and scope rows. */
async function replaceGrants(trx: Trx, tenantId: string, g: Grant): Promise<void> {
  await trx.deleteFrom('blade_role_menu').where('role_id', 'in', g.roleIds).execute();
  await trx.deleteFrom('blade_role_scope').where('role_id', 'in', g.roleIds).execute();
  const rows = g.roleIds.flatMap((roleId) =>
    g.menuIds.map((menuId) => ({ id: nextId(), tenant_id: tenantId, role_id: roleId, menu_id: menuId })),
  );
  if (rows.length) await trx.insertInto('blade_role_menu').values(rows).execute();
  const scope = (roleId: string, scopeId: string, category: 1 | 2) => ({
    id: nextId(),
    tenant_id: tenantId,
    role_id: roleId,
    scope_id: scopeId,
    scope_category: category,
  });
  const scopes = g.roleIds.flatMap((roleId) => [
    ...g.dataScopeIds.map((scopeId) => scope(roleId, scopeId, 1)),
    ...g.apiScopeIds.map((scopeId) => scope(roleId, scopeId, 2)),
  ]);
  if (scopes.length) await trx.insertInto('blade_role_scope').values(scopes).execute();
}

/** 权限设置 (role/grant): replaces the menus, data scopes and API scopes of the roles. */
export async function grantRoles(request: FastifyRequest, ctx: AppContext) {
  const user = requireUser(request);
  const b = (request.body ?? {}) as Record<string, unknown>;
  const grant: Grant = {
    roleIds: idList(b.roleIds, '角色'),
    menuIds: idList(b.menuIds, '菜单'),
    dataScopeIds: idList(b.dataScopeIds, '数据权限'),
    apiScopeIds: idList(b.apiScopeIds, '接口权限'),
  };
  if (!grant.roleIds.length) throw badRequest('请选择角色');
  await assertGrantable(ctx, user, grant);
  await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
    await assertTargets(trx, user, grant);
    await replaceGrants(trx, user.tenantId, grant);
  });
  await grantsChanged(ctx);
  return done('操作成功!');
}
