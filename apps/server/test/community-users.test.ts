import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 社区用户: residents are locked and unlocked (their sessions end), listed when locked, edited, and shown
// with their households; another tenant's accounts are refused.
let s: TestServer;
let admin: string;
let residentId: string;
let foreignId: string;
const BASE = '/api/blade-user';

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  residentId = (await addTenantWithUser(s.db, { tenantId: '000000', account: 'lhamo', menuCodes: [] }))
    .userId;
  await s.db.kysely
    .updateTable('blade_user')
    .set({ user_type: 2, real_name: '拉姆' })
    .where('id', '=', residentId)
    .execute();
  foreignId = (await addTenantWithUser(s.db, { tenantId: '300002', account: 'y', menuCodes: [] })).userId;
  await s.db.kysely.updateTable('blade_user').set({ user_type: 2 }).where('id', '=', foreignId).execute();
});
afterAll(() => s.close());

describe('community users', () => {
  it('locks a resident (their session ends), lists them as locked, unlocks them', async () => {
    const token = await login(s.app, { account: 'lhamo', password: 'secret' });
    const res = await call(s.app, admin, 'POST', `${BASE}/lock2User`, { userIds: residentId });
    expect(res.json().msg, res.body).toBe('锁定成功');
    expect((await call(s.app, token, 'GET', '/api/blade-user/info')).statusCode).toBe(401);
    const locked = (await call(s.app, admin, 'GET', `${BASE}/getLock2UserPage?current=1&size=10`)).json()
      .data;
    expect(locked.records.map((r: { id: string }) => r.id)).toEqual([residentId]);
    expect(
      (await call(s.app, admin, 'POST', `${BASE}/unLock2User`, { userIds: residentId })).json().msg,
    ).toBe('解锁成功');
    expect((await call(s.app, admin, 'GET', `${BASE}/getLock2UserPage`)).json().data.total).toBe(0);
    const app = (await call(s.app, admin, 'GET', `${BASE}/app-page?current=1&size=50`)).json().data;
    expect(app.records.map((r: { id: string }) => r.id)).toContain(residentId);
  });

  it("refuses another tenant's resident, writing nothing", async () => {
    const res = await call(s.app, admin, 'POST', `${BASE}/lock2User`, {
      userIds: `${residentId},${foreignId}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('居民账号不存在或不属于本租户');
    const row = await s.db.kysely
      .selectFrom('blade_user')
      .select('status')
      .where('id', '=', residentId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(1);
  });

  it('updates a resident and shows their picture', async () => {
    const bad = await call(s.app, admin, 'POST', `${BASE}/updateCommunityUser`, {
      id: residentId,
      phone: '12',
    });
    expect(bad.json().msg).toBe('手机号码格式不正确');
    const res = await call(s.app, admin, 'POST', `${BASE}/updateCommunityUser`, {
      id: residentId,
      realName: '拉姆卓玛',
      phone: '13900000009',
    });
    expect(res.json().msg, res.body).toBe('更新成功');
    const detail = (await call(s.app, admin, 'GET', `${BASE}/community-detail?id=${residentId}`)).json().data;
    // the answer masks the resident's phone (personal data); the account holds the whole number
    expect(detail).toMatchObject({
      realName: '拉姆卓玛',
      phone: '139****0009',
      households: [],
      scoreBalance: 0,
    });
    const stored = await s.db.kysely
      .selectFrom('blade_user')
      .select('phone')
      .where('id', '=', residentId)
      .executeTakeFirstOrThrow();
    expect(stored.phone).toBe('13900000009');
  });
});
