import { acceptsWrites, type ResourceDef, resources } from '@tongxin/resources';
import { hashPassword, md5Hex } from '../src/auth/passwords.js';
import { nextId } from '../src/db/ids.js';
import { insertDirectRow } from './direct-rows.js';
import { call, login, type TestServer } from './harness.js';
import { sampleBody } from './samples.js';
import { createTenant, type TenantSide } from './two-tenants.js';

// A tenant for data-scope tests: its administrator made one record of every tenant-owned definition
// (through the wire, so processes start and tasks wait), then a community dept was added under the
// root and a staff member placed in it whose role holds every menu and button but a 本部门 data-scope
// rule on every tenant-owned definition. Every record the administrator made lies outside that
// member's scope: only the member's own account and community are inside it.

/** 本部门 (blade_scope_data.scope_type) */
export const OWN_DEPT = 3;

export interface ScopedWorld {
  tenant: TenantSide;
  /** the dept-scoped staff member */
  scoped: { token: string; userId: string; deptId: string; roleId: string };
  /** records made before the community existed, by definition name */
  made: Map<string, string[]>;
  /** a resident account (user_type 2) outside the member's community */
  residentId: string;
}

const writeUrl = (def: ResourceDef) => `${def.path}/${def.write === 'save-update' ? 'save' : 'submit'}`;

/** One record of `def`, made as the tenant's administrator (or put into the table for the resources
 * whose records only the server writes). */
async function makeRecord(
  s: TestServer,
  tenant: TenantSide,
  def: ResourceDef,
  extra: Record<string, unknown> = {},
): Promise<string> {
  // records residents file for themselves (tickets) go through the wire too: their process starts there
  if (!acceptsWrites(def) && !def.own) return insertDirectRow(s.db, def, tenant.tenantId);
  const body = { ...(await sampleBody(s.app, tenant.token, def, { freshRefs: true })), ...extra };
  const res = await call(s.app, tenant.token, 'POST', writeUrl(def), body);
  if (res.statusCode !== 200) throw new Error(`${def.name}: ${res.body}`);
  return String(res.json().data.id);
}

/** Gives `roleId` a data-scope rule of `type` on every definition named. */
export async function grantScopes(
  s: TestServer,
  tenantId: string,
  roleId: string,
  names: readonly string[],
  type = OWN_DEPT,
): Promise<void> {
  for (const name of names) {
    const scopeId = nextId();
    await s.db.kysely
      .insertInto('blade_scope_data')
      .values({ id: scopeId, resource_code: name, scope_name: `${name}本部门`, scope_type: type })
      .execute();
    await s.db.kysely
      .insertInto('blade_role_scope')
      .values({ id: nextId(), tenant_id: tenantId, role_id: roleId, scope_id: scopeId, scope_category: 1 })
      .execute();
  }
  s.ctx.permissions.invalidate();
}

/** `groups`: the role aliases approval steps are offered to; the member holds a role of each (but
 * `admin`, which would make them the tenant's administrator), so only the scope can refuse them a task. */
export async function scopedWorld(s: TestServer, groups: string[] = []): Promise<ScopedWorld> {
  const platform = await login(s.app);
  const tenant = await createTenant(s, platform, '范围街道');
  const tenantDefs = resources.filter((d) => d.tenant);
  const made = new Map<string, string[]>();
  for (const def of tenantDefs) made.set(def.name, [await makeRecord(s, tenant, def)]);
  // records of the processes made last, so their tasks still wait (a reply made later closes a ticket)
  // in a state that enters the process
  for (const def of tenantDefs.filter((d) => d.process)) {
    const when = def.process!.when;
    const id = await makeRecord(s, tenant, def, when ? { [when.field]: when.in[0] } : {});
    made.set(def.name, [id, ...made.get(def.name)!]);
  }
  const userDef = tenantDefs.find((d) => d.name === 'user')!;
  const residentId = await makeRecord(s, tenant, userDef);
  made.get('user')!.push(residentId);
  const { tenantId } = tenant;
  await s.db.tx({ tenantId }, (trx) =>
    trx.updateTable('blade_user').set({ user_type: 2 }).where('id', '=', residentId).execute(),
  );

  const deptId = nextId();
  const roleId = nextId();
  const userId = nextId();
  const roleIds = [roleId];
  const password = await hashPassword(md5Hex('secret'));
  await s.db.tx({ tenantId }, async (trx) => {
    await trx
      .insertInto('blade_dept')
      .values({
        id: deptId,
        tenant_id: tenantId,
        parent_id: tenant.deptId,
        ancestors: `0,${tenant.deptId}`,
        dept_name: '一社区',
        dept_category: 3,
      })
      .execute();
    await trx
      .insertInto('blade_role')
      .values({ id: roleId, tenant_id: tenantId, parent_id: 0, role_name: '网格员', role_alias: 'scoped' })
      .execute();
    for (const alias of groups.filter((g) => g !== 'admin' && g !== 'administrator')) {
      const id = nextId();
      roleIds.push(id);
      await trx
        .insertInto('blade_role')
        .values({ id, tenant_id: tenantId, parent_id: 0, role_name: alias, role_alias: alias })
        .execute();
    }
    const menus = await trx.selectFrom('blade_menu').select('id').where('is_deleted', '=', 0).execute();
    await trx
      .insertInto('blade_role_menu')
      .values(menus.map((m) => ({ id: nextId(), tenant_id: tenantId, role_id: roleId, menu_id: m.id })))
      .execute();
    await trx
      .insertInto('blade_user')
      .values({
        id: userId,
        tenant_id: tenantId,
        account: 'scoped',
        password,
        real_name: '范围',
        user_type: 1,
        role_id: roleIds.join(','),
        dept_id: deptId,
      })
      .execute();
  });
  await grantScopes(
    s,
    tenantId,
    roleId,
    tenantDefs.map((d) => d.name),
  );
  const token = await login(s.app, { tenantId, account: 'scoped', password: 'secret' });
  return { tenant, scoped: { token, userId, deptId, roleId }, made, residentId };
}
