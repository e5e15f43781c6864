import type { ResourceHooks } from '../../engine/crud/hooks.js';
import { grantsChanged } from '../../access/grants-changed.js';
import { isAdministrator } from '../../auth/guard.js';
import { PLATFORM_TENANT } from '../../db/database.js';
import type { ResourceBehaviour } from '../../engine/module.js';
import { badRequest, forbidden } from '../../http/envelope.js';
import { setUpTenant, uniqueTenantId } from './tenant-setup.js';
import { tenantVerbs } from './tenant-verbs.js';

const tenantHooks: ResourceHooks = {
  // Tenant admins see their own tenant only; the platform sees all.
  restrict: ({ user }) => (isAdministrator(user) ? undefined : (eb) => eb('tenant_id', '=', user.tenantId)),

  async beforeWrite({ trx, user }, values, existing) {
    if (!isAdministrator(user)) throw forbidden('只有平台管理员可以维护租户');
    if (!existing) values.tenant_id = await uniqueTenantId(trx);
  },

  /** A new tenant gets its organisation and dictionaries (tenant-setup.ts). */
  async afterWrite({ trx, user }, _id, values, isNew) {
    if (isNew) await setUpTenant(trx, user, values);
  },

  async beforeRemove({ trx }, ids) {
    const platform = await trx
      .selectFrom('blade_tenant')
      .select('id')
      .where('id', 'in', ids)
      .where('tenant_id', '=', PLATFORM_TENANT)
      .executeTakeFirst();
    if (platform) throw badRequest('不能删除平台租户');
  },

  // A tenant's package bounds its menus; an edit may change the package, a removal ends the tenant;
  // a status changed here counts at this instance's next request (others re-read within seconds).
  async committed({ ctx }) {
    ctx.tenants.forget();
    await grantsChanged(ctx);
  },
};

export const tenantBehaviour: ResourceBehaviour = { hooks: tenantHooks, verbs: tenantVerbs };
