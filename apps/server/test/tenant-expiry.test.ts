import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../src/util/datetime.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// An expired tenant's tokens kept working up to an hour (the tenant was checked at sign-in and refresh
// only). Now the guard checks the tenant on every request, from a state read again every few seconds
// (at most 3 s, TENANT_STATE_MS) and at once after a change made through the same instance.

let s: TestServer;
let admin: string;
const TENANT = '100001';
/** How stale a tenant's state may be: "a few seconds". */
const TENANT_STATE_MS = 3000;
beforeAll(async () => {
  s = await startTestServer();
  await addTenantWithUser(s.db, { tenantId: TENANT, account: 'li', password: 'pw-li', menuCodes: [] });
  admin = await login(s.app);
});
afterAll(() => s.close());

const info = (token: string) => call(s.app, token, 'GET', '/api/blade-auth/oauth/user-info');
const tenantRowId = async () =>
  String(
    (
      await s.db.kysely
        .selectFrom('blade_tenant')
        .select('id')
        .where('tenant_id', '=', TENANT)
        .executeTakeFirstOrThrow()
    ).id,
  );
const setTenant = (values: Record<string, unknown>) =>
  s.db.kysely.updateTable('blade_tenant').set(values).where('tenant_id', '=', TENANT).execute();

describe("a tenant's state counts at its users' next request", () => {
  it('refuses the tokens of a tenant set to expire in the past through 授权配置, at once', async () => {
    const token = await login(s.app, { tenantId: TENANT, account: 'li', password: 'pw-li' });
    expect((await info(token)).statusCode).toBe(200);
    const set = await call(
      s.app,
      admin,
      'POST',
      `/api/blade-system/tenant/setting?ids=${await tenantRowId()}&accountNumber=-1&expireTime=${encodeURIComponent('2020-01-01 00:00:00')}`,
    );
    expect(set.json(), set.body).toMatchObject({ success: true });
    const refused = await info(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().msg).toBe('租户授权已过期,请联系管理员');
    await setTenant({ expire_time: null });
  });

  it('refuses them within seconds when another instance disabled the tenant', async () => {
    await new Promise((r) => setTimeout(r, TENANT_STATE_MS + 100));
    const token = await login(s.app, { tenantId: TENANT, account: 'li', password: 'pw-li' });
    expect((await info(token)).statusCode).toBe(200);
    await setTenant({ status: 0 }); // written straight to the database: no hook of this instance ran
    await new Promise((r) => setTimeout(r, TENANT_STATE_MS + 100));
    const refused = await info(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().msg).toBe('租户已停用,请联系管理员');
    // the platform's own tokens are untouched
    expect((await info(admin)).statusCode).toBe(200);
    await setTenant({ status: 1 });
    await new Promise((r) => setTimeout(r, TENANT_STATE_MS + 100));
    expect((await info(token)).statusCode).toBe(200);
  });

  it('an expiry that passes while a token is in use counts from that moment', async () => {
    const token = await login(s.app, { tenantId: TENANT, account: 'li', password: 'pw-li' });
    const expireAt = Date.now() + TENANT_STATE_MS + 3000;
    await setTenant({ expire_time: formatDateTime(new Date(expireAt)) });
    await new Promise((r) => setTimeout(r, TENANT_STATE_MS + 100)); // the new expiry is read
    expect((await info(token)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, Math.max(0, expireAt - Date.now()) + 1100));
    expect((await info(token)).json().msg).toBe('租户授权已过期,请联系管理员');
  });
});
