import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/db/ids.js';
import { appendScore } from '../src/points/score-ledger.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 数据统计 within the caller's data scope: a community's staff count the rows of their community and
// the depts below it; the tenant administrator counts the whole tenant.

let s: TestServer;
let tenantAdmin: string;
let staff: string;
/** residents earning points in 一社区 (c1), 一网格 (g1, below c1) and 二社区 (c2) */
const earners = { c1: nextId(), g1: nextId(), c2: nextId() };
const T = '300003';
const BASE = '/api/statistics-data';
const RANGE = 'startTime=2026-03-01&endTime=2026-03-03';

/** Inserts rows into the tenant (row-level security binds the writes to it). */
const insert = (table: string, rows: Record<string, unknown>[]) =>
  s.db.tx({ tenantId: T }, (trx) =>
    trx
      .insertInto(table)
      .values(rows.map((r) => ({ id: nextId(), tenant_id: T, ...r })))
      .execute(),
  );

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
  // root ─┬─ 一社区 (c1) ── 一网格 (g1)
  //       └─ 二社区 (c2)
  const [c1, g1, c2] = [nextId(), nextId(), nextId()];
  await insert(
    'blade_dept',
    [
      { id: c1, parent_id: root.deptId, ancestors: `0,${root.deptId}`, dept_name: '一社区' },
      { id: g1, parent_id: c1, ancestors: `0,${root.deptId},${c1}`, dept_name: '一网格' },
      { id: c2, parent_id: root.deptId, ancestors: `0,${root.deptId}`, dept_name: '二社区' },
    ].map(({ id, ...r }) => ({ ...r, id })),
  );
  await s.db.kysely
    .updateTable('blade_user')
    .set({ dept_id: c1 })
    .where('id', '=', staffUser.userId)
    .execute();
  // signed in once placed in 一社区 (the token carries the depts)
  staff = await login(s.app, { tenantId: T, account: 'c1staff', password: 'secret' });
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
  });
  await insert('app_browse_log', [view(c1), view(g1), view(c2), view(c2), view(c2)]);
  const resident = (deptId: string) => ({
    account: `r${nextId().slice(-9)}`,
    user_type: 2,
    dept_id: deptId,
    password: 'x',
  });
  await insert('blade_user', [resident(c1), resident(`${c2},${g1}`), resident(c2)]);
  // points earned in each community on 2026-03-02 (the ledger and its monthly sums, one writer)
  const depts = { c1, g1, c2 };
  await s.db.tx({ tenantId: T }, async (trx) => {
    for (const [key, delta] of [
      ['c1', 5],
      ['g1', 3],
      ['c2', 50],
    ] as const)
      await appendScore(trx, {
        tenantId: T,
        appUserId: earners[key],
        communityId: depts[key],
        delta,
        sourceType: 'volunteer',
        flowTime: '2026-03-02 10:00:00',
      });
  });
});
afterAll(() => s.close());

const data = async (token: string, verb: string) => {
  const res = await call(s.app, token, 'GET', `${BASE}/${verb}?${RANGE}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('statistics data scope', () => {
  it('counts only the community and the depts below it for its staff', async () => {
    expect((await data(staff, 'getDataCount')).complain).toEqual({ total: 2, pending: 1 });
    expect((await data(staff, 'getSumBrowseChartData'))[1]).toEqual({ date: '2026-03-02', count: 2 });
    expect((await data(staff, 'getBrowseNumRankTitle'))[0]).toMatchObject({ targetId: '555', browseNum: 2 });
    expect((await data(staff, 'get2UserDataById')).totalUsers).toBe(2);
    // the score rank: from the ledger (part of a month) and from the monthly sums (a whole month)
    for (const range of [RANGE, 'startTime=2026-03-01&endTime=2026-03-31']) {
      const res = await call(s.app, staff, 'GET', `/api/scoreflow/getScoreRankByDate?${range}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res.json().data.map((r: { appUserId: string; score: number }) => [r.appUserId, r.score]),
      ).toEqual([
        [earners.c1, 5],
        [earners.g1, 3],
      ]);
    }
  });

  it('counts the whole tenant for the tenant administrator', async () => {
    expect((await data(tenantAdmin, 'getDataCount')).complain).toEqual({ total: 4, pending: 3 });
    expect((await data(tenantAdmin, 'getSumBrowseChartData'))[1]).toEqual({ date: '2026-03-02', count: 5 });
    expect((await data(tenantAdmin, 'getBrowseNumRankTitle'))[0]).toMatchObject({ browseNum: 5 });
    expect((await data(tenantAdmin, 'get2UserDataById')).totalUsers).toBe(3);
    for (const range of [RANGE, 'startTime=2026-03-01&endTime=2026-03-31']) {
      const res = await call(s.app, tenantAdmin, 'GET', `/api/scoreflow/getScoreRankByDate?${range}`);
      expect(
        res.json().data.map((r: { appUserId: string; score: number }) => [r.appUserId, r.score]),
      ).toEqual([
        [earners.c2, 50],
        [earners.c1, 5],
        [earners.g1, 3],
      ]);
    }
  });
});
