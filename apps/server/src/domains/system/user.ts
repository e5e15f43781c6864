import { userResource } from '@tongxin/resources';
import { sql } from 'kysely';
import { isAdministrator, requireUser } from '../../auth/guard.js';
import { isMd5Hex, md5Hex, verifyPassword } from '../../auth/passwords.js';
import { revokeUsers, rolesChanged } from '../../auth/revoke-users.js';
import { registerHooks } from '../../engine/crud/hooks.js';
import { validateBody } from '../../engine/crud/validate.js';
import type { Trx } from '../../db/database.js';
import { assertGrantableRoles } from './grantable-roles.js';
import { badRequest, done, notFound, ok } from '../../http/envelope.js';
import { idList, requestParams } from '../../http/params.js';
import { rowToWire } from '../../util/case.js';
import { formatDateTime } from '../../util/datetime.js';
import { assertAccountQuota, passwordHash, USER_STATUS } from './accounts.js';
import { guestRegistration } from './guest-registration.js';
import { deptsBelow, requireRows } from './shared.js';

/** Every change of a user row raises its version (optimistic locking, crud/record-version.ts): an edit
 * form read before a role grant or a lock is then refused instead of undoing it. */
const bump = sql<number>`version + 1`;

/** The role ids a stored user row holds. */
const heldRoles = (raw: unknown) => String(raw ?? '').split(',');

/** What a user may change of their own record (update-info), checked by the definition's rules. */
const PROFILE_FIELDS = ['name', 'realName', 'phone', 'email'];

async function initPassword(trx: Trx): Promise<string> {
  const row = await trx
    .selectFrom('blade_param')
    .select('param_value')
    .where('param_key', '=', 'account.initPassword')
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return (row?.param_value as string | undefined) ?? '123456';
}

registerHooks('user', {
  params: ['deptId'],
  // BladeX app-page: the app users (userType 2) unless the caller asks for another platform.
  views: { 'app-page': { query: (q) => ({ userType_equal: '2', ...q }) } },
  // `page?deptId=` lists the users of that dept and every dept below it.
  async filter({ trx }, params) {
    if (!params.deptId) return undefined;
    const depts = await deptsBelow(trx, idList(params.deptId, '部门'));
    if (!depts.length) return (eb) => eb.val(false) as never;
    return (eb) => eb.or(depts.map((id) => eb(sql`',' || dept_id || ','`, 'like', `%,${id},%`)));
  },

  async beforeWrite({ trx, user }, values, existing) {
    const tenantId = String(existing?.tenant_id ?? values.tenant_id ?? user.tenantId);
    if (existing)
      delete values.password; // changed only through reset-password / update-password
    else values.password = await passwordHash(String(values.password));
    const roles = idList(values.role_id ?? existing?.role_id, '角色');
    await requireRows(trx, 'blade_role', roles, tenantId, '角色');
    await requireRows(
      trx,
      'blade_dept',
      idList(values.dept_id ?? existing?.dept_id, '部门'),
      tenantId,
      '部门',
    );
    await requireRows(
      trx,
      'blade_post',
      idList(values.post_id ?? existing?.post_id, '岗位'),
      tenantId,
      '岗位',
    );
    // Roles the user does not hold yet are granted by this write: only those the caller may hand out.
    await assertGrantableRoles(trx, user, tenantId, roles, heldRoles(existing?.role_id));
    if (!existing) await assertAccountQuota(trx, tenantId);
  },

  async beforeRemove({ user }, ids) {
    if (ids.includes(user.userId)) throw badRequest('不能删除当前登录的用户');
  },

  // A removed user's tokens die with the account; an edited user's tokens answer with the roles the
  // user holds now from their next request on.
  async committed({ ctx }, ids, action) {
    if (action === 'remove') await revokeUsers(ctx, ids);
    else await rolesChanged(ctx, { userIds: ids });
  },

  routes(app, ctx) {
    const base = '/api/blade-user';
    /** Rows of `ids` the caller may manage: same tenant, or any tenant for the platform administrator.
     * `committed`: what follows the change once it has committed (the users' live tokens end, or answer
     * with their new roles). */
    const manage = async (
      request: Parameters<typeof requireUser>[0],
      fn: (trx: Trx, ids: string[]) => Promise<void>,
      committed?: (ids: string[]) => Promise<void>,
    ) => {
      const user = requireUser(request);
      const ids = idList(requestParams(request).userIds, '用户');
      if (!ids.length) throw badRequest('请选择至少一条数据');
      const all = isAdministrator(user);
      await ctx.db.tx({ tenantId: user.tenantId, allTenants: all }, async (trx) => {
        let q = trx.selectFrom('blade_user').select('id').where('id', 'in', ids).where('is_deleted', '=', 0);
        if (!all) q = q.where('tenant_id', '=', user.tenantId);
        if ((await q.execute()).length !== ids.length) throw notFound('用户不存在');
        await fn(trx, ids);
      });
      await committed?.(ids);
      return done();
    };

    app.post(`${base}/reset-password`, { config: { access: { perm: 'user_reset' } } }, (request) =>
      manage(
        request,
        async (trx, ids) => {
          const hash = await passwordHash(await initPassword(trx));
          await trx
            .updateTable('blade_user')
            .set({ password: hash, update_time: formatDateTime(), version: bump })
            .where('id', 'in', ids)
            .execute();
        },
        (ids) => revokeUsers(ctx, ids),
      ),
    );

    app.post(`${base}/grant`, { config: { access: { perm: 'user_role' } } }, async (request) => {
      const roleIds = idList(requestParams(request).roleIds, '角色');
      if (!roleIds.length) throw badRequest('请选择角色');
      const user = requireUser(request);
      return manage(
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
        (ids) => rolesChanged(ctx, { userIds: ids }),
      );
    });

    const setStatus = (status: number) => (request: Parameters<typeof requireUser>[0]) =>
      manage(
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
            for (const r of rows) await ctx.lockout.clear(String(r.tenant_id), String(r.account));
          }
        },
        status !== USER_STATUS.normal ? (ids) => revokeUsers(ctx, ids) : undefined,
      );
    app.post(`${base}/lock`, { config: { access: { perm: 'user_lock' } } }, setStatus(USER_STATUS.disabled));
    app.post(
      `${base}/unlock`,
      { config: { access: { perm: 'user_unlock' } } },
      setStatus(USER_STATUS.normal),
    );
    // Approves guest registrations (status pending → normal); its own button, 审核通过 (user_audit).
    app.post(`${base}/audit-pass`, { config: { access: { perm: 'user_audit' } } }, (request) =>
      manage(request, async (trx, ids) => {
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
    );

    app.post(
      `${base}/update-platform`,
      { config: { access: { perm: 'user_platform' } } },
      async (request) => {
        const p = requestParams(request);
        const userType = Number(p.userType);
        if (![1, 2, 3].includes(userType)) throw badRequest('请选择用户平台');
        if ((p.userExt ?? '').length > 255) throw badRequest('用户拓展信息长度不能超过255个字符');
        (request.query as Record<string, unknown>).userIds = p.userId;
        return manage(request, async (trx, ids) => {
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
    );

    app.get(`${base}/platform-detail`, { config: { access: { perm: 'user_view' } } }, async (request) => {
      const user = requireUser(request);
      const id = String((request.query as Record<string, unknown>).id ?? '');
      const row = await ctx.db.tx({ tenantId: user.tenantId, allTenants: isAdministrator(user) }, (trx) =>
        trx
          .selectFrom('blade_user')
          .select(['id', 'tenant_id', 'account', 'real_name', 'user_type', 'user_ext'])
          .where('id', '=', id)
          .where('is_deleted', '=', 0)
          .executeTakeFirst(),
      );
      if (!row) throw notFound('用户不存在');
      return ok(rowToWire(row));
    });

    // The caller's own profile and password.
    app.post(`${base}/update-info`, { config: { access: { token: true } } }, async (request) => {
      const user = requireUser(request);
      const b = (request.body ?? {}) as Record<string, unknown>;
      const given = Object.fromEntries(
        PROFILE_FIELDS.filter((k) => Object.hasOwn(b, k)).map((k) => [k, b[k]]),
      );
      const changes = validateBody(userResource, given, false);
      if (b.avatar !== undefined) {
        const avatar = b.avatar === null ? '' : String(b.avatar).trim();
        if (avatar.length > 2000) throw badRequest('头像长度不能超过2000个字符');
        if (avatar && !/^(\/files\/|https?:\/\/)/.test(avatar)) throw badRequest('头像地址不正确');
        changes.avatar = avatar || null;
      }
      if (!Object.keys(changes).length) throw badRequest('没有需要修改的内容');
      await ctx.db.tx({ tenantId: user.tenantId }, (trx) =>
        trx
          .updateTable('blade_user')
          .set({ ...changes, update_user: user.userId, update_time: formatDateTime(), version: bump })
          .where('id', '=', user.userId)
          .execute(),
      );
      return done('修改成功');
    });

    app.post(`${base}/update-password`, { config: { access: { token: true } } }, async (request) => {
      const user = requireUser(request);
      const p = requestParams(request);
      const [oldPassword, newPassword, newPassword1] = [
        p.oldPassword ?? '',
        p.newPassword ?? '',
        p.newPassword1 ?? '',
      ];
      if (!oldPassword || !newPassword) throw badRequest('请输入密码');
      if (newPassword !== newPassword1) throw badRequest('请输入正确的确认密码!');
      await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
        const row = await trx
          .selectFrom('blade_user')
          .select('password')
          .where('id', '=', user.userId)
          .executeTakeFirst();
        if (
          !row ||
          !(await verifyPassword(
            String(row.password),
            isMd5Hex(oldPassword) ? oldPassword : md5Hex(oldPassword),
          ))
        ) {
          throw badRequest('原密码不正确!');
        }
        await trx
          .updateTable('blade_user')
          .set({ password: await passwordHash(newPassword), update_time: formatDateTime(), version: bump })
          .where('id', '=', user.userId)
          .execute();
      });
      // Every other session of the user ends (a stolen one included); this one goes on.
      await revokeUsers(ctx, [user.userId], user.sid);
      return done('修改密码成功');
    });

    guestRegistration(app, ctx);
  },
});
