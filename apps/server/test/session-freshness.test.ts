import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type KvStore, MemoryStore, RedisStore } from '../src/util/kv-store.js';
import { addTenantWithUser } from './fixtures.js';
import { BASIC, call, login, startTestServer, tokenRequest, type TestServer } from './harness.js';

// Issue 10, security 4. Changing one's own password ended no other session, and a role change reached
// a user only when their access token expired (the token names its roles, and each instance cached
// grants for 10 s). Two instances share the database and the KV store (Redis when REDIS_URL is set):
// the change is made through A, and B honours it at the user's next request.

const prefix = `tongxin-test-fresh-${randomBytes(4).toString('hex')}:`;
const redisUrl = process.env.REDIS_URL;
const shared = new MemoryStore();
const storeFor = (): KvStore => (redisUrl ? new RedisStore(redisUrl, prefix) : shared);

let s: TestServer;
let b: FastifyInstance;
let admin: string;

beforeAll(async () => {
  s = await startTestServer({}, storeFor());
  ({ app: b } = await buildApp({ config: s.config, db: s.db, store: storeFor(), logger: false }));
  await b.ready();
  admin = await login(s.app);
});
afterAll(async () => {
  await b.close();
  await s.close();
});

const menuIds = async (codes: string[]) =>
  (await s.db.kysely.selectFrom('blade_menu').select('id').where('code', 'in', codes).execute()).map((m) =>
    String(m.id),
  );
const params = (app: FastifyInstance, token: string) =>
  call(app, token, 'GET', '/api/blade-system/param/list');
const users = (app: FastifyInstance, token: string) => call(app, token, 'GET', '/api/blade-user/list');

describe('update-password', () => {
  it("ends the user's other sessions and refresh tokens, and keeps the one that changed it", async () => {
    await addTenantWithUser(s.db, {
      tenantId: '100001',
      account: 'walker',
      password: 'old-pw',
      menuCodes: [],
    });
    const open = async () =>
      (await tokenRequest(s.app, { tenantId: '100001', account: 'walker', password: 'old-pw' })).json();
    const here = await open();
    const elsewhere = await open();
    const whoAmI = (token: string) => call(b, token, 'GET', '/api/blade-auth/oauth/user-info');
    expect((await whoAmI(elsewhere.access_token)).statusCode).toBe(200);
    const changed = await s.app.inject({
      method: 'POST',
      url: '/api/blade-user/update-password?oldPassword=old-pw&newPassword=new-pw&newPassword1=new-pw',
      headers: { 'blade-auth': `bearer ${here.access_token}` },
    });
    expect(changed.json()).toMatchObject({ success: true, msg: '修改密码成功' });

    const refresh = (token: string) =>
      b.inject({
        method: 'POST',
        url: `/api/blade-auth/oauth/token?tenantId=100001&refresh_token=${token}&grant_type=refresh_token&scope=all`,
        headers: { authorization: BASIC, 'tenant-id': '100001' },
      });
    const other = await whoAmI(elsewhere.access_token);
    expect(other.statusCode, 'the other session').toBe(401);
    expect(other.json().msg).toBe('令牌已失效,请重新登录');
    expect((await refresh(elsewhere.refresh_token)).statusCode, "the other session's refresh token").toBe(
      401,
    );
    // The session that changed the password goes on, refresh included.
    expect((await whoAmI(here.access_token)).statusCode).toBe(200);
    const renewed = await refresh(here.refresh_token);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await whoAmI(renewed.json().access_token)).statusCode).toBe(200);
    // The new password logs in; the old one does not.
    expect(
      (await tokenRequest(s.app, { tenantId: '100001', account: 'walker', password: 'new-pw' })).statusCode,
    ).toBe(200);
    expect(
      (await tokenRequest(s.app, { tenantId: '100001', account: 'walker', password: 'old-pw' })).statusCode,
    ).toBe(400);
  });
});

describe('role changes take effect at the next request, on every instance', () => {
  it('user/grant: the roles taken away stop counting, the roles given start counting', async () => {
    const worker = await addTenantWithUser(s.db, {
      tenantId: '000000',
      account: 'worker',
      menuCodes: ['param', 'param_view'],
    });
    const other = await addTenantWithUser(s.db, {
      tenantId: '000000',
      account: 'worker-peer',
      menuCodes: ['user', 'user_view'],
    });
    const token = await login(s.app, { account: 'worker', password: 'secret' });
    expect((await params(b, token)).statusCode).toBe(200);
    expect((await users(b, token)).statusCode).toBe(403);
    const granted = await call(
      s.app,
      admin,
      'POST',
      `/api/blade-user/grant?userIds=${worker.userId}&roleIds=${other.roleId}`,
    );
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await params(b, token)).statusCode, 'a right of the role taken away').toBe(403);
    expect((await users(b, token)).statusCode, 'a right of the role given').toBe(200);
    const info = (await call(b, token, 'GET', '/api/blade-auth/oauth/user-info')).json().data;
    expect(info.roleId).toBe(other.roleId);
  });

  it('role/grant: menus taken from a role are refused to its holders at once', async () => {
    const viewer = await addTenantWithUser(s.db, {
      tenantId: '000000',
      account: 'viewer',
      menuCodes: ['param', 'param_view', 'user', 'user_view'],
    });
    const token = await login(s.app, { account: 'viewer', password: 'secret' });
    expect((await params(b, token)).statusCode).toBe(200); // B now holds the role's grants
    const res = await call(s.app, admin, 'POST', '/api/blade-system/role/grant', {
      roleIds: [viewer.roleId],
      menuIds: await menuIds(['user', 'user_view']),
      dataScopeIds: [],
      apiScopeIds: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await params(b, token)).statusCode, 'the menu taken away').toBe(403);
    expect((await users(b, token)).statusCode, 'the menu kept').toBe(200);
  });
});
