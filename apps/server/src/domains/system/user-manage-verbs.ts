/** The user screen's batch calls on selected accounts (reset-password, grant, lock, unlock, audit-pass,
 * update-platform) and platform-detail. */
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { revokeUsers, rolesChanged } from '../../auth/revoke-users.js';
import type { Trx } from '../../db/database.js';
import { paramValue } from '../../db/params.js';
import type { ResourceEngine } from '../../engine/crud/resource-engine.js';
import type { VerbHandler } from '../../engine/module.js';
import { badRequest, done, notFound, ok } from '../../http/envelope.js';
import { idList, requestParams } from '../../http/params.js';
import { rowToWire } from '../../util/case.js';
import { formatDateTime } from '../../util/datetime.js';
import { bump, heldRoles, passwordHash, USER_STATUS } from './accounts.js';
import { assertGrantableRoles } from './grantable-roles.js';
import { requireRows } from './shared.js';

/** The initial password of a tenant's accounts (its own parameter, else the declared default). */
const initPassword = (trx: Trx, tenantId: string) => paramValue(trx, tenantId, 'account.initPassword');

/** Rows of `userIds` the caller may manage: those the user list shows them (their tenant, or any tenant
 * for the platform administrator; their data scope on users), else 用户不存在 and nothing written.
 * `committed`: what follows the change once it has committed (the users' live tokens end, or answer
 * with their new roles). */
async function manage(
  engine: ResourceEngine,
  request: FastifyRequest,
  fn: (trx: Trx, ids: string[]) => Promise<void>,
  committed?: (ids: string[]) => Promise<void>,
) {
  const user = requireUser(request);
  const ids = idList(requestParams(request).userIds, '用户');
  if (!ids.length) throw badRequest('请选择至少一条数据');
  await engine.ctx.db.tx(engine.scope(user), async (trx) => {
    await engine.requireVisible(trx, user, ids, { lock: true, message: '用户不存在' });
    await fn(trx, ids);
  });
  await committed?.(ids);
  return done();
}

const resetPassword: VerbHandler = {
  access: { perm: 'user_reset' },
  handle: (request, engine) =>
    manage(
      engine,
      request,
      async (trx, ids) => {
        // each account takes its own tenant's initial password (the platform administrator may reset
        // accounts of several tenants at once)
        const rows = await trx
          .selectFrom('blade_user')
          .select(['id', 'tenant_id'])
          .where('id', 'in', ids)
          .execute();
        for (const tenantId of new Set(rows.map((r) => String(r.tenant_id)))) {
          const hash = await passwordHash(await initPassword(trx, tenantId));
          await trx
            .updateTable('blade_user')
            .set({ password: hash, update_time: formatDateTime(), version: bump })
            .where(
              'id',
              'in',
              rows.filter((r) => String(r.tenant_id) === tenantId).map((r) => String(r.id)),
            )
            .execute();
        }
      },
      (ids) => revokeUsers(engine.ctx, ids),
    ),
};

const grant: VerbHandler = {
  access: { perm: 'user_role' },
  async handle(request, engine) {
    const roleIds = idList(requestParams(request).roleIds, '角色');
    if (!roleIds.length) throw badRequest('请选择角色');
    const user = requireUser(request);
    return manage(
      engine,
      request,
      async (trx, ids) => {
        const targets = await trx
          .selectFrom('blade_user')
          .select(['tenant_id', 'role_id'])
          .where('id', 'in', ids)
          .execute();
        const tenants = new Set(targets.map((t) => String(t.tenant_id)));
        if (tenants.size !== 1) throw badRequest('只能为同一租户的用户分配角色');
        const tenantId = [...tenants][0]!;
        await requireRows(trx, 'blade_role', roleIds, tenantId, '角色');
        // A role every target holds already is kept, not granted; any other must be the caller's to give.
        const kept = roleIds.filter((id) => targets.every((t) => heldRoles(t.role_id).includes(id)));
        await assertGrantableRoles(trx, user, tenantId, roleIds, kept);
        await trx
          .updateTable('blade_user')
          .set({ role_id: roleIds.join(','), update_time: formatDateTime(), version: bump })
          .where('id', 'in', ids)
          .execute();
      },
      (ids) => rolesChanged(engine.ctx, { userIds: ids }),
    );
  },
};

const setStatus = (status: number, perm: string): VerbHandler => ({
  access: { perm },
  handle: (request, engine) =>
    manage(
      engine,
      request,
      async (trx, ids) => {
        if (status !== USER_STATUS.normal && ids.includes(requireUser(request).userId))
          throw badRequest('不能锁定当前登录的用户');
        const rows = await trx
          .updateTable('blade_user')
          .set({ status, update_time: formatDateTime(), version: bump })
          .where('id', 'in', ids)
          .returning(['tenant_id', 'account'])
          .execute();
        if (status === USER_STATUS.normal) {
          for (const r of rows) await engine.ctx.lockout.clear(String(r.tenant_id), String(r.account));
        }
      },
      status !== USER_STATUS.normal ? (ids) => revokeUsers(engine.ctx, ids) : undefined,
    ),
});

/** Approves guest registrations (status pending → normal); its own button, 审核通过 (user_audit). */
const auditPass: VerbHandler = {
  access: { perm: 'user_audit' },
  handle: (request, engine) =>
    manage(engine, request, async (trx, ids) => {
      const pending = await trx
        .selectFrom('blade_user')
        .select('id')
        .where('id', 'in', ids)
        .where('status', '=', USER_STATUS.pending)
        .execute();
      if (pending.length !== ids.length) throw badRequest('只能审核待审核的注册账号');
      await trx
        .updateTable('blade_user')
        .set({ status: USER_STATUS.normal, update_time: formatDateTime(), version: bump })
        .where('id', 'in', ids)
        .execute();
    }),
};

const updatePlatform: VerbHandler = {
  access: { perm: 'user_platform' },
  async handle(request, engine) {
    const p = requestParams(request);
    const userType = Number(p.userType);
    if (![1, 2, 3].includes(userType)) throw badRequest('请选择用户平台');
    if ((p.userExt ?? '').length > 255) throw badRequest('用户拓展信息长度不能超过255个字符');
    (request.query as Record<string, unknown>).userIds = p.userId;
    return manage(engine, request, async (trx, ids) => {
      await trx
        .updateTable('blade_user')
        .set({
          user_type: userType,
          user_ext: p.userExt ?? null,
          update_time: formatDateTime(),
          version: bump,
        })
        .where('id', 'in', ids)
        .execute();
    });
  },
};

const platformDetail: VerbHandler = {
  method: 'GET',
  access: { perm: 'user_view' },
  async handle(request, engine) {
    const user = requireUser(request);
    const id = String((request.query as Record<string, unknown>).id ?? '');
    const row = await engine.ctx.db.tx(engine.scope(user), async (trx) =>
      (await engine.visibleQuery(trx, user))
        .select(['id', 'tenant_id', 'account', 'real_name', 'user_type', 'user_ext'])
        .where('id', '=', id)
        .executeTakeFirst(),
    );
    if (!row) throw notFound('用户不存在');
    return ok(rowToWire(row));
  },
};

export const userManageVerbs: Record<string, VerbHandler> = {
  'reset-password': resetPassword,
  grant,
  lock: setStatus(USER_STATUS.disabled, 'user_lock'),
  unlock: setStatus(USER_STATUS.normal, 'user_unlock'),
  'audit-pass': auditPass,
  'update-platform': updatePlatform,
  'platform-detail': platformDetail,
};
