import { isTenantId, splitList, TENANT_ID_INVALID } from '@tongxin/resources';
import { isAdministrator } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import { badRequest, forbidden } from '../../http/envelope.js';

/** The target tenants of a deployment (`tenantIds=a,b`), each a tenant code. */
export function tenantIdsOf(raw: unknown): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const ids = splitList(String(raw));
  for (const t of ids) if (!isTenantId(t)) throw badRequest(`${TENANT_ID_INVALID.zh}: ${t}`);
  return [...new Set(ids)];
}

/** Deploying into other tenants is for the platform administrator only; the tenants must exist. */
export async function deployScope(ctx: AppContext, user: AuthUser, tenantIds: string[]) {
  const foreign = tenantIds.filter((t) => t !== user.tenantId);
  if (foreign.length && !isAdministrator(user)) throw forbidden('只有超级管理员可以部署到其他租户');
  if (tenantIds.length) {
    const found = await ctx.db.tx({ tenantId: user.tenantId, allTenants: true }, (trx) =>
      trx
        .selectFrom('blade_tenant')
        .select('tenant_id')
        .where('tenant_id', 'in', tenantIds)
        .where('is_deleted', '=', 0)
        .execute(),
    );
    const known = new Set(found.map((r) => String(r.tenant_id)));
    const missing = tenantIds.find((t) => !known.has(t));
    if (missing) throw badRequest(`租户不存在: ${missing}`);
  }
  return { tenantId: user.tenantId, allTenants: foreign.length > 0 };
}
