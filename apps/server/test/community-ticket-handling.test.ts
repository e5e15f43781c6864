import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 诉求反馈: 转办 hands an open ticket to a handler of the tenant (the ticket, the conversation and the
// handler's inbox show it); 超期 is derived from the submission, the `ticket.overdueDays` parameter
// and the closing time, on reads and in the `overdue_equal` search.
let s: TestServer;
let admin: string;
let resident: string;
let handlerId: string;
let strangerId: string;
const COMPLAIN = '/api/app-sys-complain/syscomplain';
const ADVICE = '/api/app-sys-advice/sysadvice';
const REPORT = '/api/app-sys-report/sysreport';

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  await addTenantWithUser(s.db, { tenantId: '000000', account: 'dawa', menuCodes: [] });
  resident = await login(s.app, { account: 'dawa', password: 'secret' });
  handlerId = (await addTenantWithUser(s.db, { tenantId: '000000', account: 'ganbu', menuCodes: [] })).userId;
  await s.db.kysely
    .updateTable('blade_user')
    .set({ real_name: '格桑' })
    .where('id', '=', handlerId)
    .execute();
  strangerId = (await addTenantWithUser(s.db, { tenantId: '724611', account: 'other', menuCodes: [] }))
    .userId;
});
afterAll(() => s.close());

const post = (url: string, body: unknown = {}, token = admin) => call(s.app, token, 'POST', url, body);
const get = (url: string) => call(s.app, admin, 'GET', url);
const complain = async (title: string) =>
  (await post(`${COMPLAIN}/save`, { complainType: 1, title, content: '内容' }, resident)).json().data
    .id as string;
/** Moves a ticket's submission `days` back (and its closing, if given, to `closedAfter` days after it). */
const age = (table: string, id: string, days: number, closed?: { column: string; after: number }) =>
  s.db.kysely
    .updateTable(table)
    .set({
      create_time: sql`now() - ${days} * interval '1 day'`,
      ...(closed ? { [closed.column]: sql`now() - ${days - closed.after} * interval '1 day'` } : {}),
    })
    .where('id', '=', id)
    .execute();

describe('转办', () => {
  it('hands an open complaint to a handler: the ticket, the conversation and the handler’s inbox', async () => {
    const id = await complain('路灯不亮');
    const res = await post(`${COMPLAIN}/assign?ids=${id}&handleUserId=${handlerId}`);
    expect(res.json().msg, res.body).toBe('转办成功');
    expect((await get(`${COMPLAIN}/detail?id=${id}`)).json().data.handleUserId).toBe(handlerId);
    const rows = (
      await get(`/api/app-sys-complain-reply/syscomplainreply/list?complainId_equal=${id}`)
    ).json().data.records;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ replyType: 3, content: '转办给格桑', actionCode: 2 });
    const inbox = await s.db.kysely
      .selectFrom('app_message_center')
      .select(['title', 'content', 'biz_id'])
      .where('receiver_id', '=', handlerId)
      .execute();
    expect(inbox).toEqual([
      { title: '您有新的投诉待办理', content: '投诉「路灯不亮」已转交您办理', biz_id: id },
    ]);
    // the wire's updateById ({id, handleUserId}) does the same
    const again = await post(`${COMPLAIN}/updateById`, { id, handleUserId: handlerId });
    expect(again.json().msg, again.body).toBe('更新成功');
  });

  it('refuses a missing or foreign handler, a closed ticket and a caller without the button, writing nothing', async () => {
    const id = await complain('噪音扰民');
    const none = await post(`${COMPLAIN}/assign?ids=${id}`);
    expect([none.statusCode, none.json().msg]).toEqual([400, '请选择承办人']);
    const foreign = await post(`${COMPLAIN}/assign?ids=${id}&handleUserId=${strangerId}`);
    expect([foreign.statusCode, foreign.json().msg]).toEqual([400, '承办人不存在或不属于本租户']);
    const denied = await post(`${COMPLAIN}/assign?ids=${id}&handleUserId=${handlerId}`, {}, resident);
    expect(denied.statusCode).toBe(403);
    expect((await get(`${COMPLAIN}/detail?id=${id}`)).json().data.handleUserId ?? null).toBeNull();
    await post(`${COMPLAIN}/refuse?ids=${id}`, { comment: '不属于社区职责' });
    const closed = await post(`${COMPLAIN}/assign?ids=${id}&handleUserId=${handlerId}`);
    expect([closed.statusCode, closed.json().msg]).toEqual([400, '该投诉已办结']);
    const replies = await s.db.kysely
      .selectFrom('app_sys_complain_reply')
      .select('action_code')
      .where('complain_id', '=', id)
      .execute();
    expect(replies.map((r) => r.action_code)).toEqual([4]);
  });

  it('hands a snap report to a handler; advice has no handler', async () => {
    const report = await post(
      `${REPORT}/submit`,
      { reportType: 4, content: '井盖缺失', images: '[{"link":"/a.png"}]', address: '北门' },
      resident,
    );
    const id = report.json().data.id;
    expect((await post(`${REPORT}/assign?ids=${id}&handleUserId=${handlerId}`)).json().msg).toBe('转办成功');
    expect((await get(`${REPORT}/detail?id=${id}`)).json().data.handleUserId).toBe(handlerId);
    expect((await post(`${ADVICE}/assign?ids=${id}&handleUserId=${handlerId}`)).statusCode).toBe(404);
  });
});

describe('超期', () => {
  it('reads a ticket open past the deadline, or closed after it, as 已超期, and searches by it', async () => {
    const fresh = await complain('超期-新');
    const old = await complain('超期-旧');
    const closedInTime = await complain('超期-按时办结');
    const closedLate = await complain('超期-逾期办结');
    const withdrawn = await complain('超期-撤销');
    await post(`${COMPLAIN}/finish?ids=${closedInTime},${closedLate}`, { comment: '已处理' });
    await age('app_sys_complain', old, 10);
    await age('app_sys_complain', closedInTime, 10, { column: 'finish_time', after: 2 });
    await age('app_sys_complain', closedLate, 10, { column: 'finish_time', after: 9 });
    await age('app_sys_complain', withdrawn, 10);
    await s.db.kysely
      .updateTable('app_sys_complain')
      .set({ handle_status: 4 })
      .where('id', '=', withdrawn)
      .execute();

    const overdue = async (id: string) => (await get(`${COMPLAIN}/detail?id=${id}`)).json().data.overdue;
    expect(await overdue(fresh)).toBe(0);
    expect(await overdue(old)).toBe(1);
    expect(await overdue(closedInTime)).toBe(0);
    expect(await overdue(closedLate)).toBe(1);
    expect(await overdue(withdrawn)).toBe(0);

    const titles = async (q: string) =>
      (await get(`${COMPLAIN}/page?size=100&title_like=超期-&${q}`))
        .json()
        .data.records.map((r: { title: string; overdue: number }) => `${r.title}:${r.overdue}`)
        .sort();
    expect(await titles('overdue_equal=1')).toEqual(['超期-旧:1', '超期-逾期办结:1'].sort());
    expect(await titles('overdue_equal=0')).toEqual(['超期-撤销:0', '超期-按时办结:0', '超期-新:0'].sort());
    const bad = await get(`${COMPLAIN}/page?overdue_equal=x`);
    expect([bad.statusCode, bad.json().msg]).toEqual([400, '超期状态格式不正确']);

    // the deadline is the parameter's: 30 days make none of them overdue
    await s.db.kysely
      .updateTable('blade_param')
      .set({ param_value: '30' })
      .where('param_key', '=', 'ticket.overdueDays')
      .execute();
    expect(await titles('overdue_equal=1')).toEqual([]);
    expect(await overdue(old)).toBe(0);
    await s.db.kysely
      .updateTable('blade_param')
      .set({ param_value: '7' })
      .where('param_key', '=', 'ticket.overdueDays')
      .execute();
  });

  it('marks advice not adopted in time and snap reports the same way', async () => {
    const advice = (
      await post(`${ADVICE}/save`, { adviceType: 1, title: '超期建议', content: '内容' }, resident)
    ).json().data.id;
    await age('app_sys_advice', advice, 8);
    expect((await get(`${ADVICE}/detail?id=${advice}`)).json().data.overdue).toBe(1);
    const listed = (await get(`${ADVICE}/page?overdue_equal=1&size=100`)).json().data.records;
    expect(listed.map((r: { id: string }) => r.id)).toContain(advice);
    await post(`${ADVICE}/finish?ids=${advice}`, { comment: '采纳' }); // adopted now: after the deadline
    expect((await get(`${ADVICE}/detail?id=${advice}`)).json().data.overdue).toBe(1);
    // once closed, the column keeps it
    const stored = await s.db.kysely
      .selectFrom('app_sys_advice')
      .select('overdue')
      .where('id', '=', advice)
      .executeTakeFirstOrThrow();
    expect(stored.overdue).toBe(1);

    const report = (
      await post(
        `${REPORT}/submit`,
        { reportType: 4, content: '超期随手拍', images: '[{"link":"/a.png"}]', address: '南门' },
        resident,
      )
    ).json().data.id;
    expect((await get(`${REPORT}/detail?id=${report}`)).json().data.overdue).toBe(0);
    await age('app_sys_report', report, 8);
    expect((await get(`${REPORT}/detail?id=${report}`)).json().data.overdue).toBe(1);
  });
});
