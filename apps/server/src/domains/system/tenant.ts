import { isId } from '@tongxin/resources';
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isAdministrator, requireUser } from '../../auth/guard.js';
import { hashPassword, md5Hex } from '../../auth/passwords.js';
import type { AppContext } from '../../context.js';
import { PLATFORM_TENANT, type Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import { registerHooks } from '../../engine/crud/hooks.js';
import { badRequest, done, forbidden, notFound, ok } from '../../http/envelope.js';
import { idList, requestParams } from '../../http/params.js';
import { seedDictionaries } from '../../seed/seed.js';
import { grantsChanged } from '../../access/grants-changed.js';
import { formatDateTime, parseDateTime } from '../../util/datetime.js';
import { actAsTenant } from './shared.js';

const DEFAULT_MENU_CODES = 'desk,flow,work,monitor,resource,role,user,dept,dictbiz,topmenu';

async function param(trx: Trx, key: string, fallback: string): Promise<string> {
  const row = await trx
    .selectFrom('blade_param')
    .select('param_value')
    .where('param_key', '=', key)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return (row?.param_value as string | undefined) ?? fallback;
}

async function uniqueTenantId(trx: Trx): Promise<string> {
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
async function initialMenus(trx: Trx, packageId: string | null): Promise<string[]> {
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
  const codes = (await param(trx, 'tenant.default.menuCode', DEFAULT_MENU_CODES))
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

registerHooks('tenant', {
  // Tenant admins see their own tenant only; the platform sees all.
  restrict: ({ user }) => (isAdministrator(user) ? undefined : (eb) => eb('tenant_id', '=', user.tenantId)),

  async beforeWrite({ trx, user }, values, existing) {
    if (!isAdministrator(user)) throw forbidden('只有平台管理员可以维护租户');
    if (!existing) values.tenant_id = await uniqueTenantId(trx);
  },

  /** A new tenant gets its root dept, admin post, `admin` role with its menus, `admin` user and its
   * business dictionaries, in the same transaction. */
  async afterWrite({ trx, user }, _id, values, isNew) {
    if (!isNew) return;
    const tenantId = String(values.tenant_id);
    const password = await param(trx, 'tenant.default.password', 'admin');
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
    await actAsTenant(trx, user.tenantId);
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

  // A tenant's package bounds its menus; an edit may change the package, a removal ends the tenant.
  async committed({ ctx }) {
    await grantsChanged(ctx);
  },

  routes(app: FastifyInstance, ctx: AppContext) {
    const base = '/api/blade-system/tenant';
    const admin = (request: Parameters<typeof requireUser>[0]) => {
      const user = requireUser(request);
      if (!isAdministrator(user)) throw forbidden('只有平台管理员可以维护租户');
      return user;
    };
    const scope = { tenantId: PLATFORM_TENANT, allTenants: true };

    // 授权配置: account quota and expiry for several tenants at once.
    app.post(`${base}/setting`, { config: { access: { perm: 'tenant_setting' } } }, async (request) => {
      admin(request);
      const p = requestParams(request);
      const ids = idList(p.ids, '租户主键');
      if (!ids.length) throw badRequest('请选择至少一条数据');
      const accountNumber =
        p.accountNumber === undefined || p.accountNumber === '' ? -1 : Number(p.accountNumber);
      if (!Number.isInteger(accountNumber) || accountNumber < -1)
        throw badRequest('账号额度必须是整数(-1表示不限制)');
      const expire = p.expireTime ? parseDateTime(p.expireTime) : null;
      if (p.expireTime && !expire) throw badRequest('过期时间格式应为 yyyy-MM-dd HH:mm:ss');
      await ctx.db.tx(scope, (trx) =>
        trx
          .updateTable('blade_tenant')
          .set({ account_number: accountNumber, expire_time: expire, update_time: formatDateTime() })
          .where('id', 'in', ids)
          .execute(),
      );
      return done();
    });

    app.post(`${base}/datasource`, { config: { access: { perm: 'tenant_datasource' } } }, async (request) => {
      admin(request);
      const p = requestParams(request);
      if (!p.tenantId) throw badRequest('缺少必要的请求参数: tenantId');
      const datasourceId = p.datasourceId ? p.datasourceId : null;
      if (datasourceId && !isId(datasourceId)) throw badRequest('数据源主键格式不正确');
      const res = await ctx.db.tx(scope, (trx) =>
        trx
          .updateTable('blade_tenant')
          .set({ datasource_id: datasourceId })
          .where('tenant_id', '=', p.tenantId!)
          .where('is_deleted', '=', 0)
          .executeTakeFirst(),
      );
      if (!Number(res.numUpdatedRows)) throw notFound('租户不存在');
      return done();
    });

    app.get(`${base}/package-detail`, { config: { access: { perm: 'tenant_package' } } }, async (request) => {
      const user = requireUser(request);
      const tenantId = String((request.query as Record<string, unknown>).tenantId ?? user.tenantId);
      if (!isAdministrator(user) && tenantId !== user.tenantId) throw forbidden();
      const row = await ctx.db.tx(scope, (trx) =>
        trx
          .selectFrom('blade_tenant as t')
          .leftJoin('blade_tenant_package as p', 'p.id', 't.package_id')
          .select(['t.tenant_id', 't.package_id', 'p.package_name', 'p.menu_id'])
          .where('t.tenant_id', '=', tenantId)
          .where('t.is_deleted', '=', 0)
          .executeTakeFirst(),
      );
      if (!row) throw notFound('租户不存在');
      return ok({
        tenantId: row.tenant_id,
        packageId: row.package_id ?? '',
        packageName: row.package_name ?? '',
        menuId: row.menu_id ?? '',
      });
    });

    // 产品包配置: the package limits which menus the tenant's roles can use.
    app.post(
      `${base}/package-setting`,
      { config: { access: { perm: 'tenant_package' } } },
      async (request) => {
        admin(request);
        const p = requestParams(request);
        if (!p.tenantId) throw badRequest('缺少必要的请求参数: tenantId');
        const packageId = p.packageId ? p.packageId : null;
        if (packageId && !isId(packageId)) throw badRequest('产品包主键格式不正确');
        await ctx.db.tx(scope, async (trx) => {
          if (packageId) {
            const pkg = await trx
              .selectFrom('blade_tenant_package')
              .select('id')
              .where('id', '=', packageId)
              .where('is_deleted', '=', 0)
              .executeTakeFirst();
            if (!pkg) throw notFound('产品包不存在');
          }
          const res = await trx
            .updateTable('blade_tenant')
            .set({ package_id: packageId })
            .where('tenant_id', '=', p.tenantId!)
            .where('is_deleted', '=', 0)
            .executeTakeFirst();
          if (!Number(res.numUpdatedRows)) throw notFound('租户不存在');
          if (packageId) {
            // The tenant's admin roles receive the package's menus (grants outside it stop counting).
            const menus = await initialMenus(trx, packageId);
            const roles = await trx
              .selectFrom('blade_role')
              .select('id')
              .where('tenant_id', '=', p.tenantId!)
              .where('role_alias', '=', 'admin')
              .where('is_deleted', '=', 0)
              .execute();
            const rows = roles.flatMap((r) =>
              menus.map((menuId) => ({
                id: nextId(),
                tenant_id: p.tenantId!,
                role_id: r.id,
                menu_id: menuId,
              })),
            );
            if (rows.length) {
              await trx
                .insertInto('blade_role_menu')
                .values(rows)
                .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
                .execute();
            }
          }
        });
        await grantsChanged(ctx);
        return done();
      },
    );
  },
});
