import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// Issue 10, security 3: param/detail-by-key answered every global parameter to any signed-in user of
// any tenant, the initial password of new accounts and a new tenant's admin password included. Only
// the keys the shell may read stay open; any other key needs the parameter screen's view permission.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await addTenantWithUser(s.db, { tenantId: '100001', account: 'plain', menuCodes: ['user', 'user_view'] });
  await addTenantWithUser(s.db, {
    tenantId: '100002',
    account: 'keeper',
    menuCodes: ['param', 'param_view'],
  });
});
afterAll(() => s.close());

const byKey = (token: string, key: string) =>
  call(s.app, token, 'GET', `/api/blade-system/param/detail-by-key?paramKey=${encodeURIComponent(key)}`);

describe('param/detail-by-key', () => {
  it('refuses secret parameters to a user without the parameter permission', async () => {
    const plain = await login(s.app, { tenantId: '100001', account: 'plain', password: 'secret' });
    for (const key of ['account.initPassword', 'tenant.default.password', 'tenant.default.accountNumber']) {
      const res = await byKey(plain, key);
      expect(res.statusCode, key).toBe(403);
      expect(res.json(), key).toMatchObject({ success: false, data: null, msg: '请求被拒绝,缺少操作权限' });
    }
    // An unknown key is refused the same way: the answer tells nothing about which keys exist.
    expect((await byKey(plain, 'no.such.key')).statusCode).toBe(403);
    // What the shell may read stays open.
    const open = await byKey(plain, 'account.registerUser');
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data.paramValue).toBe('true');
  });

  it('answers every key to a holder of the parameter view permission', async () => {
    const keeper = await login(s.app, { tenantId: '100002', account: 'keeper', password: 'secret' });
    const res = await byKey(keeper, 'account.initPassword');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.paramValue).toBe('123456');
    expect((await byKey(keeper, 'no.such.key')).statusCode).toBe(404);
  });
});

describe('the parameters of maps and the Hikvision platform', () => {
  const PARAM = '/api/blade-system/param';
  let admin: string;
  beforeAll(async () => {
    admin = await login(s.app);
  });
  const rowOf = async (key: string) =>
    (await call(s.app, admin, 'GET', `${PARAM}/list?paramKey=${key}`)).json().data.records[0];

  it('are seeded empty, each with what it means, so 参数管理 shows them', async () => {
    for (const key of ['map.tileUrl', 'hik.host', 'hik.appKey', 'hik.appSecret']) {
      const row = await rowOf(key);
      expect(row, key).toMatchObject({ paramKey: key, paramValue: '' });
      expect(row.paramName, key).toMatch(/[\u4e00-\u9fa5]/);
      const detail = (await call(s.app, admin, 'GET', `${PARAM}/detail?id=${row.id}`)).json().data;
      expect(detail.remark, key).toMatch(/[\u4e00-\u9fa5]{4}/);
    }
  });

  it('never answer a secret in clear: sealed at rest, masked on every read, kept when the mask comes back', async () => {
    const row = await rowOf('hik.appSecret');
    const set = await call(s.app, admin, 'POST', `${PARAM}/submit`, { ...row, paramValue: 'plain-secret-1' });
    expect(set.statusCode, set.body).toBe(200);
    const stored = async () =>
      String(
        (
          await s.db.kysely
            .selectFrom('blade_param')
            .select('param_value')
            .where('id', '=', row.id)
            .executeTakeFirstOrThrow()
        ).param_value,
      );
    const sealed = await stored();
    expect(sealed).toMatch(/^enc:/);
    expect(sealed).not.toContain('plain-secret-1');
    // list, detail and detail-by-key answer the mask
    expect((await rowOf('hik.appSecret')).paramValue).toBe('******');
    const detail = (await call(s.app, admin, 'GET', `${PARAM}/detail?id=${row.id}`)).json().data;
    expect(detail.paramValue).toBe('******');
    expect((await byKey(admin, 'hik.appSecret')).json().data.paramValue).toBe('******');
    // 操作审计 holds the sealed value only
    await s.ctx.logs.flush();
    const audit = await s.db.kysely
      .selectFrom('blade_log_audit')
      .select(['after_data'])
      .where('record_id', '=', row.id)
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain('plain-secret-1');
    // saved again with the mask (the form unchanged): the secret stays
    const again = await call(s.app, admin, 'POST', `${PARAM}/submit`, { ...detail, remark: '已配置' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await stored()).toBe(sealed);
    // a new secret replaces it; the other parameters are answered as they are
    await call(s.app, admin, 'POST', `${PARAM}/submit`, {
      ...(await call(s.app, admin, 'GET', `${PARAM}/detail?id=${row.id}`)).json().data,
      paramValue: 'plain-secret-2',
    });
    expect(await stored()).not.toBe(sealed);
    expect((await rowOf('account.registerUser')).paramValue).toBe('true');
    // a new parameter cannot take the mask as its value
    const masked = await call(s.app, admin, 'POST', `${PARAM}/submit`, {
      paramName: '测试密钥',
      paramKey: 'test.appSecret',
      paramValue: '******',
    });
    expect(masked.statusCode).toBe(400);
  });
});
