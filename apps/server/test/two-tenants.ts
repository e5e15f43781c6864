import type { Row } from '../src/db/database.js';
import { nextId } from '../src/db/ids.js';
import { call, login, type TestServer } from './harness.js';

/** One tenant made the way production makes them (tenant/submit by the platform administrator), with
 * its `admin` role then granted every menu and button: the strongest attacker a tenant can field. */
export interface TenantSide {
  tenantId: string;
  /** blade_tenant.id of the tenant's own row. */
  tenantRowId: string;
  token: string;
  adminUserId: string;
  roleId: string;
  deptId: string;
}

export async function createTenant(s: TestServer, platform: string, name: string): Promise<TenantSide> {
  const res = await call(s.app, platform, 'POST', '/api/blade-system/tenant/submit', {
    tenantName: name,
    linkman: '测试',
    contactNumber: '13800000000',
  });
  if (res.statusCode !== 200) throw new Error(`tenant/submit: ${res.body}`);
  const tenantRowId = String(res.json().data.id);
  const row = await s.db.kysely
    .selectFrom('blade_tenant')
    .select('tenant_id')
    .where('id', '=', tenantRowId)
    .executeTakeFirstOrThrow();
  const tenantId = String(row.tenant_id);
  const admin = await s.db.kysely
    .selectFrom('blade_user')
    .select(['id', 'role_id', 'dept_id'])
    .where('tenant_id', '=', tenantId)
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  const menus = await s.db.kysely.selectFrom('blade_menu').select('id').where('is_deleted', '=', 0).execute();
  await s.db.kysely
    .insertInto('blade_role_menu')
    .values(menus.map((m) => ({ id: nextId(), tenant_id: tenantId, role_id: admin.role_id, menu_id: m.id })))
    .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
    .execute();
  s.ctx.permissions.invalidate();
  return {
    tenantId,
    tenantRowId,
    token: await login(s.app, { tenantId, account: 'admin', password: 'admin' }),
    adminUserId: String(admin.id),
    roleId: String(admin.role_id),
    deptId: String(admin.dept_id),
  };
}

/** A row read through the owner connection (no row-level security): what is really stored. */
export async function storedRow(s: TestServer, table: string, id: string): Promise<Row | undefined> {
  return s.db.kysely.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every row of a table that belongs to a tenant, as stored, in id order. */
export async function storedRowsOf(s: TestServer, table: string, tenantId: string): Promise<Row[]> {
  return s.db.kysely.selectFrom(table).selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();
}
