import { isAdministrator, isTenantAdmin } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import { PLATFORM_TENANT } from '../../db/database.js';

export type ScopeTable = 'blade_scope_data' | 'blade_scope_api';

/**
 * The data or API scopes a user may hand out in a role grant (and sees in the grant tree): what they
 * hold. The administrator holds every scope. A tenant administrator is bound by neither data nor API
 * scopes, so holds every scope hanging under a menu their roles hold. Anyone else holds exactly the
 * scopes granted to their roles. Returns undefined for "every scope".
 */
export async function grantableScopes(
  ctx: AppContext,
  user: AuthUser,
  table: ScopeTable,
): Promise<Set<string> | undefined> {
  if (isAdministrator(user)) return undefined;
  const grants = await ctx.permissions.grants(user);
  if (!isTenantAdmin(user)) return table === 'blade_scope_data' ? grants.dataScopeIds : grants.apiScopeIds;
  const rows = await ctx.db.tx({ tenantId: PLATFORM_TENANT }, (trx) =>
    trx.selectFrom(table).select(['id', 'menu_id']).where('is_deleted', '=', 0).execute(),
  );
  return new Set(rows.filter((r) => grants.menuIds.has(String(r.menu_id))).map((r) => String(r.id)));
}
