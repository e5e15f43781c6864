import { randomInt } from 'node:crypto';
import { hashPassword, md5Hex } from '../../auth/passwords.js';
import type { AuthUser } from '../../auth/tokens.js';
import { PLATFORM_TENANT, type Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import { paramValue } from '../../db/params.js';
import { idList } from '../../http/params.js';
import { seedDictionaries, seedParams } from '../../seed/seed.js';
import { formatDateTime } from '../../util/datetime.js';
import { actAsTenant } from './shared.js';

export async function uniqueTenantId(trx: Trx): Promise<string> {
  for (;;) {
    const candidate = String(randomInt(100000, 999999));
    const taken = await trx
      .selectFrom('blade_tenant')
      .select('id')
      .where('tenant_id', '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
}

/** The menus a new tenant's admin role receives: the package's, else the default menu codes and all
 * menus and buttons below them. */
export async function initialMenus(trx: Trx, packageId: string | null): Promise<string[]> {
  const all = await trx
    .selectFrom('blade_menu')
    .select(['id', 'parent_id', 'code', 'category'])
    .where('is_deleted', '=', 0)
    .execute();
  const picked = new Set<string>();
  if (packageId) {
    const pkg = await trx
      .selectFrom('blade_tenant_package')
      .select('menu_id')
      .where('id', '=', packageId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    // A package lists menus; their buttons come with them.
    for (const id of idList(pkg?.menu_id, '产品包菜单')) picked.add(id);
    for (const m of all) if (m.category === 2 && picked.has(String(m.parent_id))) picked.add(String(m.id));
    return [...picked];
  }
  const codes = (await paramValue(trx, PLATFORM_TENANT, 'tenant.default.menuCode'))
    .split(',')
    .map((c) => c.trim());
  for (const m of all) if (codes.includes(String(m.code))) picked.add(String(m.id));
  let grew = true;
  while (grew) {
    grew = false;
    for (const m of all) {
      if (!picked.has(String(m.id)) && picked.has(String(m.parent_id))) {
        picked.add(String(m.id));
        grew = true;
      }
    }
  }
  return [...picked];
}

/** A new tenant gets its root dept, admin post, `admin` role with its menus, `admin` user and its
 * business dictionaries, in the same transaction (the tenant's afterWrite). */
export async function setUpTenant(trx: Trx, user: AuthUser, values: Record<string, unknown>): Promise<void> {
  const tenantId = String(values.tenant_id);
  const password = await paramValue(trx, PLATFORM_TENANT, 'tenant.default.password');
  const menus = await initialMenus(trx, (values.package_id as string | null) ?? null);
  const hash = await hashPassword(md5Hex(password));
  await actAsTenant(trx, tenantId);
  const now = formatDateTime();
  const roleId = nextId();
  const deptId = nextId();
  const postId = nextId();
  await trx
    .insertInto('blade_role')
    .values({
      id: roleId,
      tenant_id: tenantId,
      parent_id: 0,
      role_name: '管理员',
      sort: 1,
      role_alias: 'admin',
    })
    .execute();
  await trx
    .insertInto('blade_dept')
    .values({
      id: deptId,
      tenant_id: tenantId,
      parent_id: 0,
      ancestors: '0',
      dept_category: 1,
      dept_name: String(values.tenant_name),
      full_name: String(values.tenant_name),
      sort: 1,
    })
    .execute();
  await trx
    .insertInto('blade_post')
    .values({
      id: postId,
      tenant_id: tenantId,
      category: 1,
      post_code: 'admin',
      post_name: '管理员',
      sort: 1,
      create_user: user.userId,
      create_time: now,
      update_user: user.userId,
      update_time: now,
    })
    .execute();
  await trx
    .insertInto('blade_user')
    .values({
      id: nextId(),
      tenant_id: tenantId,
      code: 'admin',
      user_type: 1,
      account: 'admin',
      password: hash,
      name: '管理员',
      real_name: '管理员',
      role_id: roleId,
      dept_id: deptId,
      post_id: postId,
      create_user: user.userId,
      create_time: now,
      update_user: user.userId,
      update_time: now,
    })
    .execute();
  if (menus.length) {
    await trx
      .insertInto('blade_role_menu')
      .values(
        menus.map((menuId) => ({ id: nextId(), tenant_id: tenantId, role_id: roleId, menu_id: menuId })),
      )
      .execute();
  }
  await seedDictionaries(trx, tenantId, true);
  await seedParams(trx, tenantId);
  await actAsTenant(trx, user.tenantId);
}
