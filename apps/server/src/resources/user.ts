import { sql } from 'kysely';
import { isAdministrator, requireUser } from '../auth/guard.js';
import { hashPassword, isMd5Hex, md5Hex, verifyPassword } from '../auth/passwords.js';
import { revokeUsers } from '../auth/revoke-users.js';
import { registerHooks } from '../crud/hooks.js';
import { PLATFORM_TENANT, type Trx } from '../db/database.js';
import { nextId } from '../db/ids.js';
import { badRequest, done, forbidden, notFound, ok } from '../http/envelope.js';
import { requestParams } from '../http/params.js';
import { rowToWire } from '../util/case.js';
import { formatDateTime } from '../util/datetime.js';
import { deptsBelow, idList, requireRows } from './shared.js';

export const USER_STATUS = { disabled: 0, normal: 1, pending: 2 } as const;

/** Every change of a user row raises its version (optimistic locking, crud/record-version.ts): an edit
 * form read before a role grant or a lock is then refused instead of undoing it. */
const bump = sql<number>`version + 1`;

/** The client sends md5(password); a plain value (an Excel import) is md5-ed here first. */
const passwordHash = (value: string) => hashPassword(isMd5Hex(value) ? value : md5Hex(value));

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
    if (!isAdministrator(user) && roles.length) {
      const admin = await trx
        .selectFrom('blade_role')
        .select('id')
        .where('id', 'in', roles)
        .where('role_alias', '=', 'administrator')
        .executeTakeFirst();
      if (admin) throw forbidden('无权授予超级管理员角色');
    }
    if (!existing) {
      const quota = await trx
        .selectFrom('blade_tenant')
        .select('account_number')
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      const limit = Number(quota?.account_number ?? -1);
      if (limit >= 0) {
        const used = await trx
          .selectFrom('blade_user')
          .select(sql<string>`count(*)`.as('n'))
          .where('tenant_id', '=', tenantId)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (Number(used?.n ?? 0) >= limit) throw badRequest('当前租户已到最大账号额度');
      }
    }
  },

  async beforeRemove({ user }, ids) {
    if (ids.includes(user.userId)) throw badRequest('不能删除当前登录的用户');
  },

  // A removed user's tokens die with the account.
  async committed({ ctx }, ids, action) {
    if (action === 'remove') await revokeUsers(ctx, ids);
  },

  routes(app, ctx) {
    const base = '/api/blade-user';
    /** Rows of `ids` the caller may manage: same tenant, or any tenant for the platform administrator.
     * `revoke`: the change shuts the users out, so their live tokens end once it has committed. */
    const manage = async (
      request: Parameters<typeof requireUser>[0],
      fn: (trx: Trx, ids: string[]) => Promise<void>,
      revoke = false,
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
      if (revoke) await revokeUsers(ctx, ids);
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
        true,
      ),
    );

    app.post(`${base}/grant`, { config: { access: { perm: 'user_role' } } }, async (request) => {
      const roleIds = idList(requestParams(request).roleIds, '角色');
      if (!roleIds.length) throw badRequest('请选择角色');
      const user = requireUser(request);
      return manage(request, async (trx, ids) => {
        const targets = await trx
          .selectFrom('blade_user')
          .select('tenant_id')
          .distinct()
          .where('id', 'in', ids)
          .execute();
        if (targets.length !== 1) throw badRequest('只能为同一租户的用户分配角色');
        await requireRows(trx, 'blade_role', roleIds, String(targets[0]!.tenant_id), '角色');
        if (!isAdministrator(user)) {
          const admin = await trx
            .selectFrom('blade_role')
            .select('id')
            .where('id', 'in', roleIds)
            .where('role_alias', '=', 'administrator')
            .executeTakeFirst();
          if (admin) throw forbidden('无权授予超级管理员角色');
        }
        await trx
          .updateTable('blade_user')
          .set({ role_id: roleIds.join(','), update_time: formatDateTime(), version: bump })
          .where('id', 'in', ids)
          .execute();
      });
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
        status !== USER_STATUS.normal,
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
      const text = (v: unknown, max: number, label: string) => {
        if (v === undefined) return undefined;
        const s = v === null ? '' : String(v).trim();
        if (s.length > max) throw badRequest(`${label}长度不能超过${max}个字符`);
        return s || null;
      };
      const phone = text(b.phone, 11, '手机号码');
      if (phone && !/^1[3-9]\d{9}$/.test(phone)) throw badRequest('手机号码格式不正确');
      const email = text(b.email, 45, '邮箱');
      if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw badRequest('邮箱格式不正确');
      const avatar = text(b.avatar, 2000, '头像');
      if (avatar && !/^(\/files\/|https?:\/\/)/.test(avatar)) throw badRequest('头像地址不正确');
      const changes = Object.fromEntries(
        Object.entries({
          name: text(b.name, 20, '用户昵称'),
          real_name: text(b.realName, 20, '用户姓名'),
          phone,
          email,
          avatar,
        }).filter(([, v]) => v !== undefined),
      );
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
      return done('修改密码成功');
    });

    // Registration of a third-party (guest) account: it waits, locked, for an administrator's approval.
    app.post(`${base}/register-guest`, { config: { access: { public: true } } }, async (request) => {
      const p = { ...requestParams(request) };
      const tenantId = p.tenantId ?? '';
      if (!tenantId) throw badRequest('请先输入租户编号');
      if (!p.account) throw badRequest('请先输入账号名称');
      if (!p.password) throw badRequest('请先输入密码');
      if (!/^[A-Za-z0-9_.@-]{1,45}$/.test(p.account))
        throw badRequest('登录账号只能包含字母、数字和 _ . @ -');
      if (!/^[0-9A-Za-z_-]{1,12}$/.test(tenantId)) throw badRequest('租户编号格式不正确');
      await ctx.db.tx({ tenantId }, async (trx) => {
        const open = await trx
          .selectFrom('blade_param')
          .select('param_value')
          .where('param_key', '=', 'account.registerUser')
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (open?.param_value !== 'true') throw badRequest('当前系统未开启注册功能');
        const tenant = await trx
          .selectFrom('blade_tenant')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (!tenant || tenantId === PLATFORM_TENANT) throw badRequest('租户信息错误,请检查租户编号');
        const taken = await trx
          .selectFrom('blade_user')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('account', '=', p.account!)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (taken) throw badRequest('当前账号已被使用!');
        const now = formatDateTime();
        await trx
          .insertInto('blade_user')
          .values({
            id: nextId(),
            tenant_id: tenantId,
            account: p.account!,
            password: await passwordHash(p.password!),
            name: (p.name ?? p.account!).slice(0, 20),
            real_name: (p.name ?? '').slice(0, 20) || null,
            user_type: 1,
            status: USER_STATUS.pending,
            create_time: now,
            update_time: now,
          })
          .execute();
      });
      return done('注册申请已提交,请等待管理员审核');
    });
  },
});
