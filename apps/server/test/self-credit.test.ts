import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/db/ids.js';
import { appendScore } from '../src/points/score-ledger.js';
import { addTenantWithUser } from './fixtures.js';
import { addMember } from './samples.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// Issue 25, separation of duties for points: a volunteer manager credited himself 1,000 points per call
// without limit (scoreflow/adjust), and "1e3", [5] and "5 " were taken as scores. Now nobody credits
// their own points on any path (the ledger refuses it, the adjustment, the settlement of an activity
// one enrolled in); a manual adjustment names its direction and a positive whole number, within the
// tenant's per-call and per-day limits (score.adjustMaxPerCall 100, score.adjustMaxPerDay 500), and is
// audited. Every refusal writes nothing.

let s: TestServer;
let admin: string;
let manager: string;
let managerId: string;
let community: string;
const ADJUST = '/api/scoreflow/adjust';
const PARAM = '/api/blade-system/param';

/** A resident of the community, with no points yet. */
async function resident(): Promise<string> {
  const id = nextId();
  await s.db.kysely
    .insertInto('blade_user')
    .values({
      id,
      tenant_id: '000000',
      user_type: 2,
      account: `r${id.slice(-8)}`,
      password: 'x',
      real_name: '次仁',
      dept_id: community,
    })
    .execute();
  return id;
}

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  const made = await addTenantWithUser(s.db, {
    tenantId: '000000',
    account: 'zhiyuan',
    alias: 'volunteer_manager',
    menuCodes: ['score', 'score_flow', 'score_flow_view', 'score_flow_adjust', 'micro_volunteer_settle'],
  });
  managerId = made.userId;
  community = made.deptId;
  manager = await login(s.app, { account: 'zhiyuan', password: 'secret' });
});
afterAll(() => s.close());

const adjust = (body: Record<string, unknown>, token = manager) => call(s.app, token, 'POST', ADJUST, body);
const rowsOf = async (userId: string) =>
  (await s.db.kysely.selectFrom('app_score_flow').select('id').where('app_user_id', '=', userId).execute())
    .length;

describe('积分调整', () => {
  it('never adjusts your own points, up or down', async () => {
    for (const direction of [1, 2]) {
      const res = await adjust({ appUserId: managerId, direction, score: 1000, remark: '自己加分' });
      expect([res.statusCode, res.json().msg]).toEqual([403, '不能调整本人的积分']);
    }
    expect(await rowsOf(managerId)).toBe(0);
    // the ledger itself refuses to credit its operator, whichever path asks
    await expect(
      s.db.tx({ tenantId: '000000' }, (trx) =>
        appendScore(trx, {
          tenantId: '000000',
          appUserId: managerId,
          communityId: community,
          delta: 10,
          sourceType: 'volunteer',
          sourceId: nextId(),
          operatorId: managerId,
        }),
      ),
    ).rejects.toMatchObject({ code: 403, message: '不能为本人增加积分' });
    expect(await rowsOf(managerId)).toBe(0);
  });

  it('takes the points as a positive whole number only, the direction apart', async () => {
    const who = await resident();
    for (const score of ['1e3', '5 ', ' 5', '0x10', 1.5, '1.5', [5], { n: 5 }, true])
      expect(
        (await adjust({ appUserId: who, direction: 1, score, remark: '补记' })).json().msg,
        String(score),
      ).toBe('调整积分必须是整数');
    for (const score of [-5, '-5', 0])
      expect((await adjust({ appUserId: who, direction: 1, score, remark: '补记' })).json().msg).toBe(
        '调整积分必须在1到10000之间',
      );
    const direction = await adjust({ appUserId: who, direction: 3, score: 5, remark: '补记' });
    expect(direction.statusCode).toBe(400);
    expect(await rowsOf(who)).toBe(0);
    // a whole number as digits is taken, and the direction says whether it adds or takes away
    const plus = await adjust({ appUserId: who, direction: 1, score: '20', remark: '义诊补记' });
    expect([plus.statusCode, plus.json().data?.balance], plus.body).toEqual([200, 20]);
    const minus = await adjust({ appUserId: who, direction: 2, score: 5, remark: '重复扣回' });
    expect(minus.json().data.balance, minus.body).toBe(15);
  });

  it('stays within the per-call and per-day limits, counted for each user', async () => {
    const who = await resident();
    const tooMuch = await adjust({ appUserId: who, direction: 1, score: 101, remark: '补记' });
    expect([tooMuch.statusCode, tooMuch.json().msg]).toEqual([400, '单次调整积分不能超过100']);
    for (let i = 0; i < 4; i++)
      expect(
        (await adjust({ appUserId: who, direction: 1, score: 100, remark: `补记${i}` })).statusCode,
      ).toBe(200);
    // debits count towards the day too
    expect((await adjust({ appUserId: who, direction: 2, score: 90, remark: '扣回' })).statusCode).toBe(200);
    const over = await adjust({ appUserId: who, direction: 1, score: 11, remark: '再补' });
    expect([over.statusCode, over.json().msg]).toEqual([400, '该用户今日已调整490积分，每日调整上限为500']);
    expect((await adjust({ appUserId: who, direction: 1, score: 10, remark: '最后' })).statusCode).toBe(200);
    expect(await rowsOf(who)).toBe(6);
    // another user has a day of their own
    expect(
      (await adjust({ appUserId: await resident(), direction: 1, score: 100, remark: '补记' })).statusCode,
    ).toBe(200);
    // the limits are the tenant's parameters
    const row = (
      await call(s.app, admin, 'GET', `${PARAM}/list?paramKey_equal=score.adjustMaxPerCall`)
    ).json().data.records[0];
    expect(row).toMatchObject({ paramKey: 'score.adjustMaxPerCall', paramValue: '100', tenantId: '000000' });
    expect(
      (await call(s.app, admin, 'POST', `${PARAM}/submit`, { ...row, paramValue: '150' })).statusCode,
    ).toBe(200);
    expect(
      (await adjust({ appUserId: await resident(), direction: 1, score: 150, remark: '补记' })).statusCode,
    ).toBe(200);
  });

  it('lands in 操作审计 with who did it, the direction and the points', async () => {
    const who = await resident();
    const res = await adjust({ appUserId: who, direction: 1, score: 7, remark: '审计' });
    expect(res.statusCode, res.body).toBe(200);
    const flow = await s.db.kysely
      .selectFrom('app_score_flow')
      .select('id')
      .where('app_user_id', '=', who)
      .executeTakeFirstOrThrow();
    await s.ctx.logs.flush();
    const audit = await s.db.kysely
      .selectFrom('blade_log_audit')
      .select(['action', 'user_id', 'after_data'])
      .where('record_id', '=', String(flow.id))
      .executeTakeFirstOrThrow();
    expect([audit.action, String(audit.user_id)]).toEqual(['insert', managerId]);
    expect(JSON.parse(String(audit.after_data))).toMatchObject({ direction: 1, score: 7, remark: '审计' });
  });
});

describe('积分结算 of an activity you enrolled in', () => {
  it('is left to another manager', async () => {
    const activity = await call(s.app, admin, 'POST', '/api/microvolunteer/save', {
      title: '清扫八廓街',
      communityId: community,
      scopeType: 0,
      serviceType: 1,
      content: '清扫街道',
      address: '八廓街',
      startTime: '2026-01-01 09:00:00',
      endTime: '2026-01-01 12:00:00',
      enrollStartTime: '2025-12-20 09:00:00',
      enrollEndTime: '2025-12-31 18:00:00',
      needNum: 3,
      score: 10,
      absentPenalty: 2,
      chargeName: '卓玛',
      chargePhone: '0891-6321234',
    });
    expect(activity.statusCode, activity.body).toBe(200);
    const id = activity.json().data.id as string;
    const enrolled = await call(
      s.app,
      admin,
      'POST',
      '/api/app-micro-volunteer-user/microvolunteer2user/submit',
      {
        activityId: id,
        appUserId: managerId,
      },
    );
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    await s.db.kysely
      .updateTable('app_micro_volunteer_user')
      .set({ sign_status: 1 })
      .where('activity_id', '=', id)
      .execute();
    const own = await call(s.app, manager, 'POST', `/api/microvolunteer/scoreSettle?id=${id}`);
    expect([own.statusCode, own.json().msg]).toEqual([
      403,
      '您报名了该活动，不能由本人结算积分，请由其他管理员结算',
    ]);
    expect(await rowsOf(managerId)).toBe(0);
    const other = await call(s.app, admin, 'POST', `/api/microvolunteer/scoreSettle?id=${id}`);
    expect(other.statusCode, other.body).toBe(200);
    expect(await rowsOf(managerId)).toBe(1);
  });
});

describe('批阅 of your own 思想汇报', () => {
  it('is left to another reviewer, points or not', async () => {
    const adminId = String(
      (
        await s.db.kysely
          .selectFrom('blade_user')
          .select('id')
          .where('tenant_id', '=', '000000')
          .where('account', '=', 'admin')
          .executeTakeFirstOrThrow()
      ).id,
    );
    // the administrator is a party member too: their member record is bound to their account
    const archive = await addMember(s.app, admin, '管理员');
    await s.db.kysely
      .updateTable('app_party_archive')
      .set({ app_user_id: adminId })
      .where('id', '=', archive)
      .execute();
    const branch = await call(s.app, admin, 'POST', '/api/app_party_dept/dept/submit', {
      deptName: '机关支部',
      orgType: '3',
      sort: 1,
    });
    const report = await call(s.app, admin, 'POST', '/api/app_party_report/partyReport/submit', {
      title: '本人思想汇报',
      memberName: '管理员',
      partyDeptId: branch.json().data.id,
      reportType: '1',
      content: '汇报',
      partyArchiveId: archive,
    });
    expect(report.statusCode, report.body).toBe(200);
    for (const score of [0, 50]) {
      const res = await call(
        s.app,
        admin,
        'POST',
        `/api/app_party_report/partyReport/review?ids=${report.json().data.id}`,
        { reviewComment: '深刻', score },
      );
      expect([res.statusCode, res.json().msg]).toEqual([
        403,
        '「本人思想汇报」是本人的思想汇报，不能由本人批阅',
      ]);
    }
    expect(await rowsOf(adminId)).toBe(0);
  });
});
