import { checkValue, isTenantId, TENANT_ID_INVALID, userResource } from '@tongxin/resources';
import type { VerbHandler } from '../../engine/module.js';
import { PLATFORM_TENANT } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import { paramValue } from '../../db/params.js';
import { ApiError, badRequest, done } from '../../http/envelope.js';
import { header, requestParams } from '../../http/params.js';
import { formatDateTime } from '../../util/datetime.js';
import { withinRate } from '../../util/rate-limit.js';
import { assertAccountQuota, chosenPasswordHash, USER_STATUS } from './accounts.js';

/** Registrations one client address may attempt per hour (every instance counts together). */
export const REGISTRATIONS_PER_IP_HOUR = 10;

const accountField = userResource.fields.find((f) => f.name === 'account')!;

/**
 * Registration of a third-party (guest) account, without a token: it waits, pending, for an
 * administrator's approval (审核通过). Open only while the parameter `account.registerUser` is `true`;
 * limited per client address; the captcha is required whenever the login page shows one; and a pending
 * account counts against the tenant's account quota like any other.
 */
export const guestRegistration: VerbHandler = {
  access: { public: true },
  async handle(request, { ctx }) {
    if (!(await withinRate(ctx.store, `register:${request.ip}`, REGISTRATIONS_PER_IP_HOUR, 3600)))
      throw new ApiError(429, '注册请求过于频繁,请稍后再试');
    const p = { ...requestParams(request) };
    const tenantId = p.tenantId ?? '';
    if (!tenantId) throw badRequest('请先输入租户编号');
    if (!p.account) throw badRequest('请先输入账号名称');
    if (!p.password) throw badRequest('请先输入密码');
    const account = checkValue(accountField, p.account);
    if (account.problem) throw badRequest(account.problem.zh);
    p.account = String(account.value);
    if (!isTenantId(tenantId)) throw badRequest(TENANT_ID_INVALID.zh);
    if (ctx.captcha.enabled) {
      const key = header(request, 'captcha-key') ?? '';
      const code = header(request, 'captcha-code') ?? '';
      if (!code) throw badRequest('请输入验证码');
      if (!(await ctx.captcha.check(key, code))) throw badRequest('验证码不正确');
    }
    // Hashed before the transaction: the tenant's row stays locked (the quota) only for the inserts.
    const password = await chosenPasswordHash(p.password, p.account);
    await ctx.db.tx({ tenantId }, async (trx) => {
      if ((await paramValue(trx, tenantId, 'account.registerUser')) !== 'true')
        throw badRequest('当前系统未开启注册功能');
      const tenant = await trx
        .selectFrom('blade_tenant')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!tenant || tenantId === PLATFORM_TENANT) throw badRequest('租户信息错误,请检查租户编号');
      await assertAccountQuota(trx, tenantId);
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
          password,
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
  },
};
