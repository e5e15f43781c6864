import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../src/auth/passwords.js';
import { nextId } from '../src/db/ids.js';
import { assertAccountQuota } from '../src/domains/system/accounts.js';
import { REGISTRATIONS_PER_IP_HOUR } from '../src/domains/system/guest-registration.js';
import { MemoryStore } from '../src/util/kv-store.js';
import { addTenantWithUser } from './fixtures.js';
import { startTestServer, type TestServer } from './harness.js';

// Issue 10, security 5: 120 unauthenticated register-guest calls took a tenant from 5 to 125 accounts,
// past its quota of 100 (then its administrator could add nobody). Pending guests now count against the
// quota, registration is limited per client address, needs the captcha whenever login shows one, and is
// refused while account.registerUser is not true.

// md5 of a password that is not among the common ones the server refuses (weak-passwords.test.ts)
const PASSWORD = md5Hex('guest-Lhasa-2024');
const store = new MemoryStore();
let s: TestServer;
let n = 0;

beforeAll(async () => {
  s = await startTestServer({ captchaEnabled: true }, store);
});
afterAll(() => s.close());

/** A captcha as the login page gets it, answered right (or with `code`). */
async function captcha(code?: string): Promise<Record<string, string>> {
  const { key } = (await s.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).json();
  return { 'captcha-key': key, 'captcha-code': code ?? (await store.get(`captcha:${key}`))! };
}

/** One registration from its own client address unless `ip` is given. */
async function register(
  tenantId: string,
  account: string,
  o: { ip?: string; headers?: Record<string, string> } = {},
) {
  n += 1;
  return s.app.inject({
    method: 'POST',
    url: `/api/blade-user/register-guest?tenantId=${tenantId}&account=${account}&name=guest&password=${PASSWORD}`,
    headers: o.headers ?? (await captcha()),
    remoteAddress: o.ip ?? `10.9.${Math.floor(n / 250)}.${n % 250}`,
  });
}

const accounts = async (tenantId: string) =>
  Number(
    (
      await s.db.kysely
        .selectFrom('blade_user')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('guest registration', () => {
  it('counts pending guests against the quota, concurrent registrations included', async () => {
    await addTenantWithUser(s.db, { tenantId: '200001', account: 'admin', menuCodes: ['user', 'user_add'] });
    await s.db.kysely
      .updateTable('blade_tenant')
      .set({ account_number: 6 })
      .where('tenant_id', '=', '200001')
      .execute();
    for (const account of ['g1', 'g2']) expect((await register('200001', account)).statusCode).toBe(200);
    // Ten at once for the last three places.
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => register('200001', `burst${i}`)));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const full = burst.filter((r) => r.statusCode !== 200);
    expect(full.map((r) => r.json().msg)).toEqual(Array(7).fill('当前租户已到最大账号额度'));
    expect(await accounts('200001')).toBe(6);
    const late = await register('200001', 'late');
    expect(late.json()).toMatchObject({ code: 400, msg: '当前租户已到最大账号额度' });
    expect(await accounts('200001')).toBe(6);
  });

  it('the quota check holds the place until the account is written (two transactions at once)', async () => {
    await addTenantWithUser(s.db, { tenantId: '200005', account: 'admin', menuCodes: [] });
    await s.db.kysely
      .updateTable('blade_tenant')
      .set({ account_number: 2 })
      .where('tenant_id', '=', '200005')
      .execute();
    const create = (account: string) =>
      s.db.tx({ tenantId: '200005' }, async (trx) => {
        await assertAccountQuota(trx, '200005');
        await new Promise((r) => setTimeout(r, 300)); // the other one checks meanwhile
        await trx
          .insertInto('blade_user')
          .values({ id: nextId(), tenant_id: '200005', account, password: 'x', status: 2 })
          .execute();
      });
    const outcomes = await Promise.allSettled([create('first'), create('second')]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await accounts('200005')).toBe(2);
  });

  it('is limited per client address', async () => {
    await addTenantWithUser(s.db, { tenantId: '200002', account: 'admin', menuCodes: [] });
    const ip = '10.20.30.40';
    for (let i = 0; i < REGISTRATIONS_PER_IP_HOUR; i++)
      expect((await register('200002', `r${i}`, { ip })).statusCode, `call ${i + 1}`).toBe(200);
    const refused = await register('200002', 'one-more', { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, success: false, msg: '注册请求过于频繁,请稍后再试' });
    // Another address is not affected.
    expect((await register('200002', 'elsewhere', { ip: '10.20.30.41' })).statusCode).toBe(200);
  });

  it('requires the captcha while login shows one', async () => {
    await addTenantWithUser(s.db, { tenantId: '200003', account: 'admin', menuCodes: [] });
    const none = await register('200003', 'bot', { headers: {} });
    expect(none.json()).toMatchObject({ code: 400, msg: '请输入验证码' });
    const wrong = await register('200003', 'bot', { headers: await captcha('zzzzz') });
    expect(wrong.json()).toMatchObject({ code: 400, msg: '验证码不正确' });
    // A captcha answers once.
    const headers = await captcha();
    expect((await register('200003', 'human', { headers })).statusCode).toBe(200);
    expect((await register('200003', 'replay', { headers })).json().msg).toBe('验证码不正确');
    expect(await accounts('200003')).toBe(2);
  });

  it('is refused while account.registerUser is not true', async () => {
    await addTenantWithUser(s.db, { tenantId: '200004', account: 'admin', menuCodes: [] });
    // each tenant decides for itself (its own parameter; without one, the default true)
    await s.db.kysely
      .insertInto('blade_param')
      .values({
        id: nextId(),
        tenant_id: '200004',
        param_name: '是否开启注册功能',
        param_key: 'account.registerUser',
        param_value: 'true',
      })
      .execute();
    const set = (value: string) =>
      s.db.kysely
        .updateTable('blade_param')
        .set({ param_value: value })
        .where('param_key', '=', 'account.registerUser')
        .where('tenant_id', '=', '200004')
        .execute();
    await set('false');
    try {
      expect((await register('200004', 'shut')).json()).toMatchObject({
        code: 400,
        msg: '当前系统未开启注册功能',
      });
    } finally {
      await set('true');
    }
    expect(await accounts('200004')).toBe(1);
  });
});
