import { isId } from '@tongxin/resources';
import type { FastifyRequest } from 'fastify';
import { grantsChanged } from '../../access/grants-changed.js';
import { isAdministrator, requireUser } from '../../auth/guard.js';
import { PLATFORM_TENANT, type Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import type { VerbHandler } from '../../engine/module.js';
import { badRequest, done, forbidden, notFound, ok } from '../../http/envelope.js';
import { idList, requestParams } from '../../http/params.js';
import { formatDateTime, parseDateTime } from '../../util/datetime.js';
import { initialMenus } from './tenant-setup.js';

const admin = (request: FastifyRequest) => {
  const user = requireUser(request);
  if (!isAdministrator(user)) throw forbidden('只有平台管理员可以维护租户');
  return user;
};
const scope = { tenantId: PLATFORM_TENANT, allTenants: true };

/** 授权配置: account quota and expiry for several tenants at once. */
const setting: VerbHandler = {
  access: { perm: 'tenant_setting' },
  async handle(request, { ctx }) {
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
    ctx.tenants.forget(); // a new expiry counts at this instance's next request
    return done();
  },
};

const datasource: VerbHandler = {
  access: { perm: 'tenant_datasource' },
  async handle(request, { ctx }) {
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
  },
};

const packageDetail: VerbHandler = {
  method: 'GET',
  access: { perm: 'tenant_package' },
  async handle(request, { ctx }) {
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
  },
};

/** Binds the package to the tenant; its admin roles receive the package's menus (grants outside it
 * stop counting). */
async function bindPackage(trx: Trx, tenantId: string, packageId: string | null): Promise<void> {
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
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!Number(res.numUpdatedRows)) throw notFound('租户不存在');
  if (!packageId) return;
  const menus = await initialMenus(trx, packageId);
  const roles = await trx
    .selectFrom('blade_role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('role_alias', '=', 'admin')
    .where('is_deleted', '=', 0)
    .execute();
  const rows = roles.flatMap((r) =>
    menus.map((menuId) => ({ id: nextId(), tenant_id: tenantId, role_id: r.id, menu_id: menuId })),
  );
  if (rows.length) {
    await trx
      .insertInto('blade_role_menu')
      .values(rows)
      .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
      .execute();
  }
}

/** 产品包配置: the package limits which menus the tenant's roles can use. */
const packageSetting: VerbHandler = {
  access: { perm: 'tenant_package' },
  async handle(request, { ctx }) {
    admin(request);
    const p = requestParams(request);
    if (!p.tenantId) throw badRequest('缺少必要的请求参数: tenantId');
    const packageId = p.packageId ? p.packageId : null;
    if (packageId && !isId(packageId)) throw badRequest('产品包主键格式不正确');
    await ctx.db.tx(scope, (trx) => bindPackage(trx, p.tenantId!, packageId));
    await grantsChanged(ctx);
    return done();
  },
};

/** The tenant screen's calls beyond the generic wire (platform administrator only, except reading the
 * own tenant's package). */
export const tenantVerbs: Record<string, VerbHandler> = {
  setting,
  datasource,
  'package-detail': packageDetail,
  'package-setting': packageSetting,
};
