import { isAdministrator, isTenantAdmin } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Trx } from '../../db/database.js';
import { forbidden } from '../../http/envelope.js';

/**
 * Refuses handing out roles beyond the caller's own (user/grant, a user's submit or update with
 * `roleId`), as role/grant refuses menus beyond theirs. `roleIds` are the roles the user will hold,
 * `kept` those of them the user holds already (kept, not granted). Only the platform administrator may
 * write a user holding the `administrator` role, and may grant any role. A tenant administrator stands
 * above every role of their own tenant (data and API scopes do not bind them either), so may grant any of
 * those. Anyone else may grant the roles they hold and the roles below those (`parent_id`).
 */
export async function assertGrantableRoles(
  trx: Trx,
  user: AuthUser,
  tenantId: string,
  roleIds: readonly string[],
  kept: readonly string[] = [],
): Promise<void> {
  if (!roleIds.length || isAdministrator(user)) return;
  const roles = await trx
    .selectFrom('blade_role')
    .select(['id', 'parent_id', 'role_alias'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .execute();
  const wanted = roles.filter((r) => roleIds.includes(String(r.id)));
  if (wanted.some((r) => r.role_alias === 'administrator')) throw forbidden('无权授予超级管理员角色');
  if (isTenantAdmin(user) && tenantId === user.tenantId) return;
  const added = roleIds.filter((id) => !kept.includes(id));
  if (!added.length) return;
  const grantable = new Set(tenantId === user.tenantId ? user.roleIds : []);
  // Every role below a held one (a forest: each pass adds the children of what is already in).
  for (let grown = true; grown;) {
    grown = false;
    for (const r of roles) {
      if (!grantable.has(String(r.id)) && grantable.has(String(r.parent_id))) {
        grantable.add(String(r.id));
        grown = true;
      }
    }
  }
  if (added.some((id) => !grantable.has(id))) throw forbidden('不能授予自己没有的角色');
}
