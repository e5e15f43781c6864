import { hashPassword, md5Hex } from '../src/auth/passwords.js';
import type { Database } from '../src/db/database.js';
import { nextId } from '../src/db/ids.js';

/** Adds a tenant with one role (granted the given menu codes) and one user, directly as the owner. */
export async function addTenantWithUser(
  db: Database,
  opts: { tenantId: string; account: string; password?: string; menuCodes: string[]; alias?: string },
): Promise<{ userId: string; roleId: string; deptId: string }> {
  const hash = await hashPassword(md5Hex(opts.password ?? 'secret'));
  return db.kysely.transaction().execute(async (trx) => {
    const exists = await trx
      .selectFrom('blade_tenant')
      .select('id')
      .where('tenant_id', '=', opts.tenantId)
      .executeTakeFirst();
    if (!exists) {
      await trx
        .insertInto('blade_tenant')
        .values({ id: nextId(), tenant_id: opts.tenantId, tenant_name: `租户${opts.tenantId}` })
        .execute();
    }
    const roleId = nextId();
    const deptId = nextId();
    const userId = nextId();
    await trx
      .insertInto('blade_role')
      .values({
        id: roleId,
        tenant_id: opts.tenantId,
        role_name: '测试角色',
        role_alias: opts.alias ?? 'tester',
      })
      .execute();
    await trx
      .insertInto('blade_dept')
      .values({ id: deptId, tenant_id: opts.tenantId, dept_name: '测试部门' })
      .execute();
    if (opts.menuCodes.length) {
      const menus = await trx
        .selectFrom('blade_menu')
        .select('id')
        .where('code', 'in', opts.menuCodes)
        .execute();
      await trx
        .insertInto('blade_role_menu')
        .values(
          menus.map((m) => ({ id: nextId(), tenant_id: opts.tenantId, role_id: roleId, menu_id: m.id })),
        )
        .execute();
    }
    await trx
      .insertInto('blade_user')
      .values({
        id: userId,
        tenant_id: opts.tenantId,
        account: opts.account,
        password: hash,
        real_name: opts.account,
        role_id: roleId,
        dept_id: deptId,
      })
      .execute();
    return { userId, roleId, deptId };
  });
}
