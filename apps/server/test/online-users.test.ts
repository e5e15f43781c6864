import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, tokenRequest, type TestServer } from './harness.js';

// 在线用户 and 强制下线: a sign-in opens a session; forcing it out refuses its next request at once.
let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
});
afterAll(() => s.close());

type Session = { id: string; account: string; tenantId: string; lastTime: string };
const sessions = async (token: string, query = '') => {
  const res = await call(s.app, token, 'GET', `/api/blade-system/online-user/list?size=500${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.records as Session[];
};

describe('online users', () => {
  it('lists a session per sign-in and drops it at logout', async () => {
    await addTenantWithUser(s.db, { tenantId: '000000', account: 'walker', menuCodes: ['param'] });
    const token = await login(s.app, { account: 'walker', password: 'secret' });
    expect((await sessions(admin, '&account=walker')).length).toBe(1);
    await call(s.app, token, 'GET', '/api/blade-auth/oauth/logout');
    expect(await sessions(admin, '&account=walker')).toEqual([]);
  });

  it('notes when a session was last active', async () => {
    await addTenantWithUser(s.db, { tenantId: '000000', account: 'active', menuCodes: ['param'] });
    const token = await login(s.app, { account: 'active', password: 'secret' });
    await s.db.kysely
      .updateTable('blade_online_session')
      .set({ last_time: '2001-01-01 00:00:00' })
      .where('account', '=', 'active')
      .execute();
    await call(s.app, token, 'GET', '/api/blade-auth/oauth/user-info');
    await expect
      .poll(async () => (await sessions(admin, '&account=active'))[0]?.lastTime)
      .not.toBe('2001-01-01 00:00:00');
  });

  it('forces a session out: its access and refresh tokens are refused from the next request', async () => {
    await addTenantWithUser(s.db, { tenantId: '000000', account: 'kicked', menuCodes: ['param'] });
    const res = await tokenRequest(s.app, { account: 'kicked', password: 'secret' });
    const { access_token: token, refresh_token: refresh } = res.json();
    expect((await call(s.app, token, 'GET', '/api/blade-auth/oauth/user-info')).statusCode).toBe(200);
    const [session] = await sessions(admin, '&account=kicked');
    const kicked = await call(s.app, admin, 'POST', `/api/blade-system/online-user/kick?ids=${session!.id}`);
    expect(kicked.statusCode, kicked.body).toBe(200);
    const next = await call(s.app, token, 'GET', '/api/blade-auth/oauth/user-info');
    expect(next.statusCode).toBe(401);
    const refreshed = await s.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?grant_type=refresh_token&refresh_token=${refresh}&tenantId=000000`,
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'tenant-id': '000000',
      },
    });
    expect(refreshed.statusCode).toBe(401);
    expect(await sessions(admin, '&account=kicked')).toEqual([]);
    await s.ctx.logs.flush();
    const usual = (await call(s.app, admin, 'GET', '/api/blade-log/usual/list?logId=force-logout')).json()
      .data;
    expect(usual.records[0].logData).toContain('kicked');
    // the admin's own session is untouched
    expect((await call(s.app, admin, 'GET', '/api/blade-auth/oauth/user-info')).statusCode).toBe(200);
  });

  it("keeps another tenant's sessions out of reach and needs the kick code", async () => {
    await addTenantWithUser(s.db, {
      tenantId: '400001',
      account: 'tadmin',
      menuCodes: ['online_user', 'online_user_view', 'online_user_kick'],
    });
    const tenantAdmin = await login(s.app, { tenantId: '400001', account: 'tadmin', password: 'secret' });
    const own = await sessions(tenantAdmin);
    expect(own.every((r) => r.tenantId === '400001')).toBe(true);
    const [platform] = await sessions(admin, '&account=admin&tenantId=000000');
    const refused = await call(
      s.app,
      tenantAdmin,
      'POST',
      `/api/blade-system/online-user/kick?ids=${platform!.id}`,
    );
    expect(refused.statusCode).toBe(404);
    await addTenantWithUser(s.db, {
      tenantId: '400001',
      account: 'viewer',
      menuCodes: ['online_user', 'online_user_view'],
    });
    const viewer = await login(s.app, { tenantId: '400001', account: 'viewer', password: 'secret' });
    const [mine] = await sessions(viewer, '&account=viewer');
    expect(
      (await call(s.app, viewer, 'POST', `/api/blade-system/online-user/kick?ids=${mine!.id}`)).statusCode,
    ).toBe(403);
    expect((await call(s.app, admin, 'POST', '/api/blade-system/online-user/kick')).statusCode).toBe(400);
  });
});
