import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/db/ids.js';
import { appendScore } from '../src/points/score-ledger.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 数据统计 and the points ranking keep to the caller's data scope exactly as the lists of the same rows do
// (one rule: the roles' data-scope rules on each resource, engine/crud/data-scope.ts): 本部门及以下 counts
// a community and the depts below it, 本部门 the community alone, 自定义 what its filters let in (counted on
// the rows when the rollups cannot hold it); a role without a rule, like the tenant administrator, counts
// the whole tenant. get2UserDataById?userId answers one user's own figures, for users the caller may see.

let s: TestServer;
let tenantAdmin: string;
let staff: string;
let staffRole: string;
let unruled: string;
let otherTenantUser: string;
const T = '300003';
const BASE = '/api/statistics-data';
const RANGE = 'startTime=2026-03-01&endTime=2026-03-03';
const [c1, g1, c2] = [nextId(), nextId(), nextId()];
/** residents: of 一社区 (c1), of 二社区 and 一网格 (c2,g1), of 二社区 (c2); each earns points in one place */
const residents = { c1: nextId(), g1: nextId(), c2: nextId() };

/** Inserts rows into the tenant (row-level security binds the writes to it). */
const insert = (table: string, rows: Record<string, unknown>[]) =>
  s.db.tx({ tenantId: T }, (trx) =>
    trx
      .insertInto(table)
      .values(rows.map((r) => ({ id: nextId(), tenant_id: T, ...r })))
      .execute(),
  );

/** Gives the staff's role these data-scope rules (resource, type, value) instead of its current ones. */
async function rules(list: [resource: string, type: number, value?: string][]) {
  await s.db.kysely.deleteFrom('blade_role_scope').where('role_id', '=', staffRole).execute();
  for (const [resource, type, value] of list) {
    const id = nextId();
    await s.db.kysely
      .insertInto('blade_scope_data')
      .values({
        id,
        resource_code: resource,
        scope_name: `${resource}${type}`,
        scope_type: type,
        scope_value: value ?? null,
      })
      .execute();
    await s.db.kysely
      .insertInto('blade_role_scope')
      .values({ id: nextId(), tenant_id: T, role_id: staffRole, scope_id: id, scope_category: 1 })
      .execute();
  }
  s.ctx.permissions.invalidate();
}

async function seedRows(root: string) {
  await insert('blade_dept', [
    { id: c1, parent_id: root, ancestors: `0,${root}`, dept_name: '一社区' },
    { id: g1, parent_id: c1, ancestors: `0,${root},${c1}`, dept_name: '一网格' },
    { id: c2, parent_id: root, ancestors: `0,${root}`, dept_name: '二社区' },
  ]);
  const complaint = (communityId: string, handleStatus: number) => ({
    community_id: communityId,
    complain_type: 1,
    title: '投诉',
    content: '内容',
    handle_status: handleStatus,
  });
  await insert('app_sys_complain', [complaint(c1, 0), complaint(g1, 2), complaint(c2, 0), complaint(c2, 1)]);
  const view = (communityId: string) => ({
    community_id: communityId,
    target_type: 'info',
    target_id: '555',
    target_title: '社区通知',
    browse_time: '2026-03-02 09:00:00',
    app_user_id: residents.c1,
  });
  await insert('app_browse_log', [view(c1), view(g1), view(c2), view(c2), view(c2)]);
  const resident = (id: string, deptId: string) => ({
    id,
    account: `r${id.slice(-9)}`,
    real_name: `居民${id.slice(-3)}`,
    user_type: 2,
    dept_id: deptId,
    password: 'x',
  });
  await insert('blade_user', [
    resident(residents.c1, c1),
    resident(residents.g1, `${c2},${g1}`),
    resident(residents.c2, c2),
  ]);
  // points earned in each place on 2026-03-02 (the ledger and its monthly sums, one writer)
  const depts = { c1, g1, c2 };
  await s.db.tx({ tenantId: T }, async (trx) => {
    for (const [key, delta] of [
      ['c1', 5],
      ['g1', 3],
      ['c2', 50],
    ] as const)
      await appendScore(trx, {
        tenantId: T,
        appUserId: residents[key],
        communityId: depts[key],
        delta,
        sourceType: 'volunteer',
        sourceId: nextId(),
        flowTime: '2026-03-02 10:00:00',
      });
  });
}

beforeAll(async () => {
  s = await startTestServer();
  const codes = (await s.db.kysely.selectFrom('blade_menu').select('code').execute()).map((m) =>
    String(m.code),
  );
  const root = await addTenantWithUser(s.db, {
    tenantId: T,
    account: 'tadmin',
    menuCodes: codes,
    alias: 'admin',
  });
  tenantAdmin = await login(s.app, { tenantId: T, account: 'tadmin', password: 'secret' });
  const staffUser = await addTenantWithUser(s.db, { tenantId: T, account: 'c1staff', menuCodes: codes });
  staffRole = staffUser.roleId;
  await addTenantWithUser(s.db, { tenantId: T, account: 'norules', menuCodes: codes });
  unruled = await login(s.app, { tenantId: T, account: 'norules', password: 'secret' });
  otherTenantUser = (await addTenantWithUser(s.db, { tenantId: '300004', account: 'x', menuCodes: [] }))
    .userId;
  await seedRows(root.deptId);
  await s.db.kysely
    .updateTable('blade_user')
    .set({ dept_id: c1 })
    .where('id', '=', staffUser.userId)
    .execute();
  // signed in once placed in 一社区 (the token carries the depts)
  staff = await login(s.app, { tenantId: T, account: 'c1staff', password: 'secret' });
});
afterAll(() => s.close());

const data = async (token: string, verb: string, query = RANGE) => {
  const res = await call(s.app, token, 'GET', `${BASE}/${verb}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const rank = async (token: string, range = RANGE) => {
  const res = await call(s.app, token, 'GET', `/api/scoreflow/getScoreRankByDate?${range}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: { appUserId: string; score: number }) => [r.appUserId, r.score]);
};

/** The complaints the list shows the caller: what the statistics count must equal. */
const listed = async (token: string) =>
  (await call(s.app, token, 'GET', '/api/app-sys-complain/syscomplain/page?size=50')).json().data.total;

const WHOLE_MONTH = 'startTime=2026-03-01&endTime=2026-03-31';

describe('statistics data scope', () => {
  it('counts the community and the depts below it under 本部门及以下, as the lists show them', async () => {
    await rules([
      ['sysComplain', 4],
      ['browseLog', 4],
      ['user', 4],
      ['scoreFlow', 4],
    ]);
    expect((await data(staff, 'getDataCount')).complain).toEqual({ total: 2, pending: 1 });
    expect(await listed(staff)).toBe(2);
    expect((await data(staff, 'getSumBrowseChartData'))[1]).toEqual({ date: '2026-03-02', count: 2 });
    expect((await data(staff, 'getBrowseNumRankTitle'))[0]).toMatchObject({ targetId: '555', browseNum: 2 });
    // users by their depts (a comma-joined list): 一社区's resident and the one also in 一网格
    expect((await data(staff, 'get2UserDataById')).totalUsers).toBe(2);
    // the score rank: from the ledger (part of a month) and from the monthly sums (a whole month)
    for (const range of [RANGE, WHOLE_MONTH])
      expect(await rank(staff, range)).toEqual([
        [residents.c1, 5],
        [residents.g1, 3],
      ]);
  });

  it('follows 本部门 and 自定义 rules, counting the rows themselves where the rollups cannot', async () => {
    const inC2 = JSON.stringify({ communityId_equal: c2 });
    await rules([
      ['sysComplain', 3],
      ['browseLog', 5, inC2],
      ['scoreFlow', 5, inC2],
    ]);
    expect((await data(staff, 'getDataCount')).complain).toEqual({ total: 1, pending: 1 });
    expect(await listed(staff)).toBe(1);
    expect((await data(staff, 'getSumBrowseChartData'))[1]).toEqual({ date: '2026-03-02', count: 3 });
    expect((await data(staff, 'getBrowseNumRankTitle', WHOLE_MONTH))[0]).toMatchObject({ browseNum: 3 });
    for (const range of [RANGE, WHOLE_MONTH]) expect(await rank(staff, range)).toEqual([[residents.c2, 50]]);
    // no rule on users any more: every resident of the tenant
    expect((await data(staff, 'get2UserDataById')).totalUsers).toBe(3);
  });

  it('counts the whole tenant for roles without rules and for the tenant administrator', async () => {
    for (const token of [unruled, tenantAdmin]) {
      expect((await data(token, 'getDataCount')).complain).toEqual({ total: 4, pending: 3 });
      expect(await listed(token)).toBe(4);
      expect((await data(token, 'getSumBrowseChartData'))[1]).toEqual({ date: '2026-03-02', count: 5 });
      expect((await data(token, 'getBrowseNumRankTitle'))[0]).toMatchObject({ browseNum: 5 });
      expect((await data(token, 'get2UserDataById')).totalUsers).toBe(3);
      for (const range of [RANGE, WHOLE_MONTH])
        expect(await rank(token, range)).toEqual([
          [residents.c2, 50],
          [residents.c1, 5],
          [residents.g1, 3],
        ]);
    }
  });

  it('ranks users with their community', async () => {
    const res = await call(s.app, tenantAdmin, 'GET', `/api/scoreflow/getScoreRankByDate?${RANGE}`);
    expect(res.json().data).toEqual([
      expect.objectContaining({ rank: 1, appUserId: residents.c2, communityId: c2, communityName: '二社区' }),
      expect.objectContaining({ rank: 2, appUserId: residents.c1, communityId: c1, communityName: '一社区' }),
      // their first dept
      expect.objectContaining({ rank: 3, appUserId: residents.g1, communityId: c2, communityName: '二社区' }),
    ]);
  });
});

describe('get2UserDataById?userId', () => {
  it("answers that user's own figures", async () => {
    const mine = await data(tenantAdmin, 'get2UserDataById', `${RANGE}&userId=${residents.c1}`);
    expect(mine).toMatchObject({
      userId: residents.c1,
      realName: `居民${residents.c1.slice(-3)}`,
      scoreBalance: 5,
      scoreEarned: 5,
      scoreSpent: 0,
      browsesInRange: 5,
      volunteerEnrolments: 0,
      partyMember: false,
    });
    const theirs = await data(tenantAdmin, 'get2UserDataById', `${RANGE}&userId=${residents.c2}`);
    expect(theirs).toMatchObject({ userId: residents.c2, scoreBalance: 50, browsesInRange: 0 });
    // outside the range: nothing earned, the balance stays
    const later = await data(tenantAdmin, 'get2UserDataById', `startTime=2026-04-01&userId=${residents.c2}`);
    expect(later).toMatchObject({ scoreBalance: 50, scoreEarned: 0 });
  });

  it('refuses users outside the caller’s data scope or tenant', async () => {
    await rules([['user', 4]]);
    const ask = (userId: string) =>
      call(s.app, staff, 'GET', `${BASE}/get2UserDataById?${RANGE}&userId=${userId}`);
    expect((await ask(residents.c1)).statusCode).toBe(200);
    const outside = await ask(residents.c2);
    expect(outside.statusCode, outside.body).toBe(403);
    expect(outside.json().msg).toBe('无权查看该用户的数据');
    expect((await ask(otherTenantUser)).statusCode).toBe(404);
    expect((await ask('12x')).statusCode).toBe(400);
  });
});
