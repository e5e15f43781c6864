import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDomains } from '../src/domains/index.js';
import { DEMO_PASSWORD, DEMO_TENANT, seedDemo } from '../src/seed/demo.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// Community B's demo data is consistent: every ledger row's balance is the running sum of its user's
// rows, every facility's available units are its total minus what loans hold, and the charts have data;
// a loan, a return and a solidarity activity wait in their approvals for the demo volunteer managers,
// who can decide them, and the overdue loan's borrower was told.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await seedDemo(s.db, defaultDomains);
});
afterAll(() => s.close());

describe('community B demo data', () => {
  it('keeps the ledger and the stock consistent in both demo tenants', async () => {
    for (const tenantId of ['000000', DEMO_TENANT]) {
      const flows = await s.db.kysely
        .selectFrom('app_score_flow')
        .select(['app_user_id', 'direction', 'score', 'balance_after'])
        .where('tenant_id', '=', tenantId)
        .orderBy('id')
        .execute();
      expect(flows.length).toBeGreaterThan(8);
      const sums = new Map<string, number>();
      for (const f of flows) {
        const sum =
          (sums.get(String(f.app_user_id)) ?? 0) + (f.direction === 1 ? Number(f.score) : -Number(f.score));
        sums.set(String(f.app_user_id), sum);
        expect(Number(f.balance_after)).toBe(sum);
      }
      const facilities = await s.db.kysely
        .selectFrom('app_share_facility')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .execute();
      expect(facilities.length).toBe(5);
      for (const f of facilities) {
        const held = await s.db.kysely
          .selectFrom('app_share_facility_user')
          .select('quantity')
          .where('facility_id', '=', f.id as string)
          .where('borrow_status', 'in', [0, 2, 3, 5])
          .execute();
        expect(Number(f.available_qty)).toBe(
          Number(f.total_qty) - held.reduce((n, r) => n + Number(r.quantity), 0),
        );
      }
      const states = await s.db.kysely
        .selectFrom('app_share_facility_user')
        .select('borrow_status')
        .where('tenant_id', '=', tenantId)
        .execute();
      expect(new Set(states.map((r) => Number(r.borrow_status)))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
    }
  });

  it('gives the dashboard data to draw', async () => {
    const admin = await login(s.app);
    const browse = (await call(s.app, admin, 'GET', '/api/statistics-data/getSumBrowseChartData')).json()
      .data;
    expect(browse.some((d: { count: number }) => d.count > 0)).toBe(true);
    const counts = (await call(s.app, admin, 'GET', '/api/statistics-data/getDataCount')).json().data;
    expect(counts.alarm.total).toBe(24);
    expect(counts.temples).toBe(4);
    const rank = (await call(s.app, admin, 'GET', '/api/scoreflow/getScoreRankByDate')).json().data;
    expect(rank.length).toBeGreaterThan(3);
  });

  it('leaves a loan, a return and an activity to the volunteer managers, who can decide them', async () => {
    const LOAN = '/api/app_share_facility2user/sharefacility2user';
    const FAC = '/api/app-share-facility/sharefacility';
    const ACT = '/api/app-solidarity-activity/solidarityactivity';
    const manager = await login(s.app, { account: 'liuyang', password: DEMO_PASSWORD });
    const admin = await login(s.app);
    const tasks = async (path: string, key = '') =>
      (await call(s.app, manager, 'GET', `${path}/auditTasks?size=100${key && `&processKey=${key}`}`)).json()
        .data.records as { id: string; taskId: string; borrowStatus?: number; activityStatus?: number }[];
    const loan = async (id: string) =>
      (await call(s.app, admin, 'GET', `${LOAN}/detail?id=${id}`)).json().data;
    const available = async (id: string) =>
      (await call(s.app, admin, 'GET', `${FAC}/detail?id=${id}`)).json().data.availableQty as number;

    // 借用审核: the waiting loan (0 待审核) passes to 待领取, still holding its unit
    const [use] = await tasks(LOAN);
    expect(use).toMatchObject({ borrowStatus: 0 });
    const facility = (await loan(use!.id)).facilityId;
    const before = await available(facility);
    const passUse = await call(s.app, manager, 'POST', `${FAC}/useDealProcessFlow`, {
      taskId: use!.taskId,
      pass: true,
      comment: '同意借用',
    });
    expect(passUse.statusCode, passUse.body).toBe(200);
    expect(await loan(use!.id)).toMatchObject({ borrowStatus: 2, auditStatus: 1 });
    expect(await available(facility)).toBe(before);

    // 归还审核: the loan in use whose borrower asked to return it comes back, its unit with it
    const [back] = await tasks(LOAN, 'ShareFacilityReturn');
    expect(back).toMatchObject({ borrowStatus: 3 });
    const lent = (await loan(back!.id)).facilityId;
    const held = await available(lent);
    const passBack = await call(s.app, manager, 'POST', `${FAC}/returnDealProcessFlow`, {
      taskId: back!.taskId,
      pass: true,
      comment: '已归还',
    });
    expect(passBack.statusCode, passBack.body).toBe(200);
    expect(await loan(back!.id)).toMatchObject({ borrowStatus: 4, returnCondition: 1 });
    expect(await available(lent)).toBe(held + 1);

    // 活动审核: the proposed activity is 草稿 and closed until it passes, then open for enrolment
    const [proposed] = await tasks(ACT);
    expect(proposed).toMatchObject({ activityStatus: 0 });
    const enrol = () =>
      call(s.app, admin, 'POST', '/api/app-solidarity-activity-user/solidarityactivity2user/submit', {
        activityId: proposed!.id,
        name: '扎西',
        nation: '04',
      });
    expect((await enrol()).json().msg).toBe('该活动尚在审核中，暂不能报名');
    const passAct = await call(s.app, manager, 'POST', `${ACT}/dealProcessFlow`, {
      taskId: proposed!.taskId,
      pass: true,
      comment: '同意',
    });
    expect(passAct.statusCode, passAct.body).toBe(200);
    // its enrolment opens tomorrow: published, waiting for its window
    const published = (await call(s.app, admin, 'GET', `${ACT}/detail?id=${proposed!.id}`)).json().data;
    expect(published).toMatchObject({ auditStatus: 1, activityStatus: 0 });
    expect((await enrol()).json().msg).toBe('该活动不在报名中');
  });

  it('told the borrower of each overdue loan, once', async () => {
    for (const tenantId of ['000000', DEMO_TENANT]) {
      const overdue = await s.db.kysely
        .selectFrom('app_share_facility_user')
        .select(['id', 'app_user_id'])
        .where('tenant_id', '=', tenantId)
        .where('borrow_status', '=', 5)
        .execute();
      expect(overdue.length).toBeGreaterThan(0);
      for (const l of overdue) {
        const told = await s.db.kysely
          .selectFrom('app_message_center')
          .select('receiver_id')
          .where('biz_type', '=', 'app_share_facility_user')
          .where('biz_id', '=', l.id as string)
          .execute();
        expect(told.map((m) => String(m.receiver_id))).toEqual([String(l.app_user_id)]);
      }
    }
  });
});
