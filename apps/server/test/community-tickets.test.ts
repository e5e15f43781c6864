import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 投诉 / 意见建议 / 随手拍: a resident submits (the process starts), the reply screen replies as a
// conversation, closes or refuses through the process; a closed ticket takes no reply.
let s: TestServer;
let admin: string;
let resident: string;
let residentId: string;
const COMPLAIN = '/api/app-sys-complain/syscomplain';
const ADVICE = '/api/app-sys-advice/sysadvice';
const REPORT = '/api/app-sys-report/sysreport';

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  residentId = (await addTenantWithUser(s.db, { tenantId: '000000', account: 'zhuoma', menuCodes: [] }))
    .userId;
  await s.db.kysely
    .updateTable('blade_user')
    .set({ user_type: 2, real_name: '卓玛', phone: '13800000001' })
    .where('id', '=', residentId)
    .execute();
  resident = await login(s.app, { account: 'zhuoma', password: 'secret' });
});
afterAll(() => s.close());

const post = (url: string, body: unknown, token = admin) => call(s.app, token, 'POST', url, body);
const get = (url: string) => call(s.app, admin, 'GET', url);

describe('complaint', () => {
  it('goes submitted → replied (accepted) → closed, every step in the conversation', async () => {
    const saved = await post(
      `${COMPLAIN}/save`,
      { complainType: 2, title: '楼道垃圾无人清理', content: '三号楼楼道垃圾堆放一周' },
      resident,
    );
    expect(saved.json().msg, saved.body).toBe('新增成功');
    const id = saved.json().data.id;
    let ticket = (await get(`${COMPLAIN}/detail?id=${id}`)).json().data;
    expect(ticket).toMatchObject({
      handleStatus: 0,
      auditStatus: 0,
      complainantName: '卓玛',
      appUserId: residentId,
    });
    expect(ticket.complainNo).toMatch(/^TS\d{8}0001$/);
    expect(ticket.processInstanceId).toBeTruthy();

    expect((await post(`${COMPLAIN}/reply?ids=${id}`, { content: '已安排保洁' })).json().msg).toBe(
      '回复成功',
    );
    ticket = (await get(`${COMPLAIN}/detail?id=${id}`)).json().data;
    expect(ticket.handleStatus).toBe(1);
    expect(ticket.acceptTime).toBeTruthy();

    const finished = await post(`${COMPLAIN}/finish?ids=${id}`, { comment: '已清理完毕' });
    expect(finished.json().msg, finished.body).toBe('办结成功');
    ticket = (await get(`${COMPLAIN}/detail?id=${id}`)).json().data;
    expect(ticket).toMatchObject({ handleStatus: 2, auditStatus: 1, result: '已清理完毕' });

    const replies = (
      await get(`/api/app-sys-complain-reply/syscomplainreply/list?complainId_equal=${id}`)
    ).json().data.records;
    expect(
      replies.map((r: { replyType: number; content: string }) => [r.replyType, r.content]).sort(),
    ).toEqual([
      [1, '已安排保洁'],
      [3, '已办结: 已清理完毕'],
    ]);
    const late = await post(`${COMPLAIN}/reply?ids=${id}`, { content: '再补充' });
    expect(late.statusCode).toBe(400);
    expect(late.json().msg).toBe('该投诉已办结,不能再回复');
    // the resident rates it, once
    expect(
      (
        await post(`${COMPLAIN}/evaluate`, { id, satisfaction: 1, evaluateContent: '很及时' }, resident)
      ).json().msg,
    ).toBe('评价成功');
    expect((await post(`${COMPLAIN}/evaluate`, { id, satisfaction: 2 }, resident)).json().msg).toBe(
      '该投诉已评价',
    );
    expect((await get(`${COMPLAIN}/detail?id=${id}`)).json().data).toMatchObject({
      satisfaction: 1,
      evaluateContent: '很及时',
    });
    const inbox = await s.db.kysely
      .selectFrom('app_message_center')
      .select('title')
      .where('receiver_id', '=', residentId)
      .execute();
    expect(inbox.length).toBe(2);
  });

  it('is refused with a reason and then closed to replies', async () => {
    const id = (
      await post(`${COMPLAIN}/save`, { complainType: 9, title: '测试', content: '内容' }, resident)
    ).json().data.id;
    expect((await post(`${COMPLAIN}/refuse?ids=${id}`, {})).json().msg).toBe('请输入不予受理理由');
    expect((await post(`${COMPLAIN}/refuse?ids=${id}`, { comment: '不属于社区职责' })).statusCode).toBe(200);
    const ticket = (await get(`${COMPLAIN}/detail?id=${id}`)).json().data;
    expect(ticket).toMatchObject({ handleStatus: 3, auditStatus: 2 });
    expect((await post(`${COMPLAIN}/finish?ids=${id}`, { comment: 'x' })).json().msg).toBe('该投诉已办结');
  });

  it('is refused to a resident without the reply button', async () => {
    const id = (
      await post(`${COMPLAIN}/save`, { complainType: 9, title: '测试2', content: '内容' }, resident)
    ).json().data.id;
    expect((await post(`${COMPLAIN}/reply?ids=${id}`, { content: '自己回复' }, resident)).statusCode).toBe(
      403,
    );
  });
});

describe('resident follow-up', () => {
  it("adds the resident's question to an open ticket only", async () => {
    const id = (
      await post(`${COMPLAIN}/save`, { complainType: 1, title: '追问测试', content: '内容' }, resident)
    ).json().data.id;
    const REPLY = '/api/app-sys-complain-reply/syscomplainreply';
    const asked = await post(`${REPLY}/save`, { complainId: id, content: '什么时候处理?' }, resident);
    expect(asked.json().msg, asked.body).toBe('提交成功');
    const rows = (await get(`${REPLY}/list?complainId_equal=${id}`)).json().data.records;
    expect(rows[0]).toMatchObject({ replyType: 2, content: '什么时候处理?', replyUserName: '卓玛' });
    // a body naming a reply edits nothing and adds nothing: follow-ups are only ever added
    const edit = await post(`${REPLY}/submit`, { id: rows[0].id, complainId: id, content: '改写' }, resident);
    expect(edit.statusCode, edit.body).toBe(403);
    const after = (await get(`${REPLY}/list?complainId_equal=${id}`)).json().data.records;
    expect(after.map((r: { content: string }) => r.content)).toEqual(
      rows.map((r: { content: string }) => r.content),
    );
    expect((await post(`${REPLY}/save`, { complainId: id, content: '冒充' })).json().msg).toBe('投诉不存在');
    await post(`${COMPLAIN}/finish?ids=${id}`, { comment: '已处理' });
    const late = await post(`${REPLY}/submit`, { complainId: id, content: '再问' }, resident);
    expect(late.json().msg).toBe('该投诉已办结,不能再回复');
  });
});

describe('advice and snap report', () => {
  it('adopts advice and closes a snap report as verified', async () => {
    const advice = (
      await post(`${ADVICE}/save`, { adviceType: 1, title: '增设路灯', content: '小区东门太暗' }, resident)
    ).json().data.id;
    await post(`${ADVICE}/reply?ids=${advice}`, { content: '感谢建议' });
    expect((await get(`${ADVICE}/detail?id=${advice}`)).json().data.replyStatus).toBe(1);
    await post(`${ADVICE}/finish?ids=${advice}`, { comment: '采纳, 下月安装' });
    expect((await get(`${ADVICE}/detail?id=${advice}`)).json().data).toMatchObject({
      adoptStatus: 1,
      auditStatus: 1,
    });

    const report = await post(
      `${REPORT}/submit`,
      { reportType: 4, content: '路灯坏了', images: '[{"link":"/a.png"}]', address: '东门' },
      resident,
    );
    expect(report.json().msg, report.body).toBe('新增成功');
    const id = report.json().data.id;
    await post(`${REPORT}/finish?ids=${id}`, { comment: '已修复' });
    expect((await get(`${REPORT}/detail?id=${id}`)).json().data).toMatchObject({
      handleStatus: 2,
      verifyStatus: 1,
      handleResult: '已修复',
    });
  });
});
