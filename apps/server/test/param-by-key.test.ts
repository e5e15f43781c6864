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
