import { fieldProblem, partyReportResource } from '@tongxin/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';
import { addMember } from './samples.js';

// 思想汇报 批阅 with points: the points reach the member's ledger once, in the review's transaction;
// a refused review writes nothing; 退回 then the member's rework waits for a review again.
let s: TestServer;
let admin: string;
let resident: { userId: string; deptId: string };
let member: string;
const DEPT = '/api/app_party_dept/dept';
const REPORT = '/api/app_party_report/partyReport';
const partyReportReview = partyReportResource.actions!.find((a) => a.name === 'review')!;

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  resident = await addTenantWithUser(s.db, { tenantId: '000000', account: 'reporter', menuCodes: [] });
  await s.db.kysely
    .updateTable('blade_user')
    .set({ user_type: 2 })
    .where('id', '=', resident.userId)
    .execute();
  member = await addMember(s.app, admin, '次仁');
  await s.db.kysely
    .updateTable('app_party_archive')
    .set({ app_user_id: resident.userId })
    .where('id', '=', member)
    .execute();
});
afterAll(() => s.close());

const post = (url: string, body?: unknown) => call(s.app, admin, 'POST', url, body);
const get = (url: string) => call(s.app, admin, 'GET', url);

async function ledger(userId: string) {
  return s.db.kysely
    .selectFrom('app_score_flow')
    .select(['score', 'direction', 'source_type', 'source_id', 'community_id', 'balance_after'])
    .where('app_user_id', '=', userId)
    .where('is_deleted', '=', 0)
    .execute();
}

async function addReport(title: string, partyArchiveId?: string) {
  const dept = (await post(`${DEPT}/submit`, { deptName: `${title}支部`, orgType: '3', sort: 1 })).json().data
    .id;
  const res = await post(`${REPORT}/submit`, {
    title,
    memberName: '次仁',
    partyDeptId: dept,
    reportType: '1',
    content: '汇报',
    ...(partyArchiveId ? { partyArchiveId } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return String(res.json().data.id);
}

describe('member report review', () => {
  it('credits the points to the member once, with the review', async () => {
    const id = await addReport('三季度思想汇报', member);
    const bad = await post(`${REPORT}/review?ids=${id}`, { reviewComment: '好', score: 101 });
    expect([bad.statusCode, bad.json().msg]).toEqual([400, '奖励积分必须在0到100之间']);
    // the input field's rules (packages/resources/src/rules), as the dialog's form checks them
    const negative = await post(`${REPORT}/review?ids=${id}`, { reviewComment: '好', score: -1 });
    expect([negative.statusCode, negative.json().msg]).toEqual([400, '奖励积分必须在0到100之间']);
    const text = await post(`${REPORT}/review?ids=${id}`, { reviewComment: '好', score: 'x' });
    expect([text.statusCode, text.json().msg]).toEqual([400, '奖励积分必须是整数']);
    expect(fieldProblem(partyReportReview.inputs![0]!, 101)?.zh).toBe('奖励积分必须在0到100之间');
    expect(await ledger(resident.userId)).toEqual([]);
    const res = await post(`${REPORT}/review?ids=${id}`, { reviewComment: '认真深刻', score: 5 });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await get(`${REPORT}/detail?id=${id}`)).json().data;
    expect([row.reviewStatus, row.reviewComment, row.score]).toEqual([1, '认真深刻', 5]);
    const flows = await ledger(resident.userId);
    expect(
      flows.map((f) => [Number(f.score), Number(f.direction), f.source_type, String(f.source_id)]),
    ).toEqual([[5, 1, 'partyReport', id]]);
    expect(String(flows[0]!.community_id)).toBe(resident.deptId);
    const again = await post(`${REPORT}/review?ids=${id}`, { reviewComment: '再批', score: 5 });
    expect([again.statusCode, again.json().msg]).toEqual([400, '「三季度思想汇报」不是待批阅状态，不能批阅']);
    expect(await ledger(resident.userId)).toHaveLength(1);
  });

  it('refuses points for a report whose member has no app account, and writes nothing', async () => {
    const id = await addReport('无账号汇报');
    const res = await post(`${REPORT}/review?ids=${id}`, { reviewComment: '好', score: 3 });
    expect([res.statusCode, res.json().msg]).toEqual([
      400,
      '「无账号汇报」的党员未绑定App账号，不能奖励积分',
    ]);
    expect((await get(`${REPORT}/detail?id=${id}`)).json().data.reviewStatus).toBe(0);
    const plain = await post(`${REPORT}/review?ids=${id}`, { reviewComment: '阅' });
    expect(plain.statusCode, plain.body).toBe(200);
    const row = (await get(`${REPORT}/detail?id=${id}`)).json().data;
    expect([row.reviewStatus, row.score]).toEqual([1, 0]);
  });

  it('one refused report of a selection refuses the whole review', async () => {
    const a = await addReport('批量汇报甲', member);
    const b = await addReport('批量汇报乙');
    const before = (await ledger(resident.userId)).length;
    const res = await post(`${REPORT}/review?ids=${a},${b}`, { reviewComment: '好', score: 2 });
    expect(res.statusCode).toBe(400);
    expect(await ledger(resident.userId)).toHaveLength(before);
    expect((await get(`${REPORT}/detail?id=${a}`)).json().data.reviewStatus).toBe(0);
  });

  it('退回 sends a report back; the rework waits for a review again', async () => {
    const id = await addReport('退回的汇报', member);
    expect((await post(`${REPORT}/reject?ids=${id}`, { reviewComment: '请补充' })).statusCode).toBe(200);
    const back = (await get(`${REPORT}/detail?id=${id}`)).json().data;
    expect([back.reviewStatus, back.reviewComment]).toEqual([2, '请补充']);
    const redo = await post(`${REPORT}/submit`, { ...back, content: '补充后的汇报' });
    expect(redo.statusCode, redo.body).toBe(200);
    expect((await get(`${REPORT}/detail?id=${id}`)).json().data.reviewStatus).toBe(0);
    expect((await post(`${REPORT}/review?ids=${id}`, { reviewComment: '好', score: 1 })).statusCode).toBe(
      200,
    );
    const flows = await ledger(resident.userId);
    expect(flows.filter((f) => String(f.source_id) === id)).toHaveLength(1);
  });
});
