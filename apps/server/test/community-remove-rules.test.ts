import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// The standard remove of 资料审核 and the three reply resources: a profile change once it was
// decided; a reply of a conversation by its writer or an administrator while its ticket is open, never
// the system rows of the ticket's steps. Every refusal writes nothing.
let s: TestServer;
let admin: string;
let resident: string;
let residentId: string;
let clerk: string;
let handlerId: string;
const LOG = '/api/blade_update_user_log/userUpdateLog';
const COMPLAIN = '/api/app-sys-complain/syscomplain';
const REPLIES = '/api/app-sys-complain-reply/syscomplainreply';
const REPORT = '/api/app-sys-report/sysreport';
const REPORT_REPLIES = '/api/app-sys-report-reply/sysreportreply';

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  residentId = (await addTenantWithUser(s.db, { tenantId: '000000', account: 'dawa', menuCodes: [] })).userId;
  await s.db.kysely
    .updateTable('blade_user')
    .set({ user_type: 2, real_name: '达瓦', phone: '13800000002' })
    .where('id', '=', residentId)
    .execute();
  resident = await login(s.app, { account: 'dawa', password: 'secret' });
  handlerId = (
    await addTenantWithUser(s.db, {
      tenantId: '000000',
      account: 'clerk',
      menuCodes: [
        'sys_complain_reply',
        'sys_complain_reply_view',
        'sys_complain_reply_reply',
        'sys_complain_reply_delete',
      ],
    })
  ).userId;
  clerk = await login(s.app, { account: 'clerk', password: 'secret' });
});
afterAll(() => s.close());

const post = (url: string, body: unknown = {}, token = admin) => call(s.app, token, 'POST', url, body);
const live = async (table: string, id: string) =>
  (await s.db.kysely.selectFrom(table).select('is_deleted').where('id', '=', id).executeTakeFirstOrThrow())
    .is_deleted === 0;

describe('资料审核: remove', () => {
  it('removes a decided request, never a waiting one', async () => {
    const id = (await post(`${LOG}/submit`, { after: { phone: '13900000009' } }, resident)).json().data.id;
    const waiting = await post(`${LOG}/remove?ids=${id}`);
    expect([waiting.statusCode, waiting.json().msg]).toEqual([400, '待审核的资料变更申请不能删除,请先审核']);
    expect(await live('blade_update_user_log', id)).toBe(true);
    expect((await post(`${LOG}/remove?ids=${id}`, {}, resident)).statusCode).toBe(403);
    expect((await post(`${LOG}/reject?ids=${id}`, { comment: '号码无法验证' })).statusCode).toBe(200);
    expect((await post(`${LOG}/remove?ids=${id}`)).json().msg).toBe('删除成功');
    expect(await live('blade_update_user_log', id)).toBe(false);
  });
});

describe('回复: remove', () => {
  it('removes a reply by its writer or an administrator while the ticket is open', async () => {
    const ticket = (
      await post(`${COMPLAIN}/save`, { complainType: 1, title: '路灯不亮', content: '东门路灯' }, resident)
    ).json().data.id;
    await post(`${COMPLAIN}/assign?ids=${ticket}&handleUserId=${handlerId}`);
    await post(`${COMPLAIN}/reply?ids=${ticket}`, { content: '已报修' });
    expect((await post(`${COMPLAIN}/reply?ids=${ticket}`, { content: '明天修' }, clerk)).statusCode).toBe(
      200,
    );
    await post(`${REPLIES}/save`, { complainId: ticket, content: '什么时候修?' }, resident);
    const rows = await s.db.kysely
      .selectFrom('app_sys_complain_reply')
      .select(['id', 'content'])
      .where('complain_id', '=', ticket)
      .execute();
    const idOf = (content: string) => String(rows.find((r) => r.content === content)!.id);

    const system = await post(`${REPLIES}/remove?ids=${idOf('转办给clerk')}`);
    expect([system.statusCode, system.json().msg]).toEqual([400, '处理记录不能删除']);
    const others = await post(`${REPLIES}/remove?ids=${idOf('已报修')}`, {}, clerk);
    expect([others.statusCode, others.json().msg]).toEqual([403, '只能删除本人的回复']);
    const mixed = await post(`${REPLIES}/remove?ids=${idOf('明天修')},${idOf('已报修')}`, {}, clerk);
    expect(mixed.statusCode).toBe(403);
    expect(await live('app_sys_complain_reply', idOf('明天修'))).toBe(true);
    expect((await post(`${REPLIES}/remove?ids=${idOf('什么时候修?')}`, {}, resident)).statusCode).toBe(403);

    expect((await post(`${REPLIES}/remove?ids=${idOf('明天修')}`, {}, clerk)).json().msg).toBe('删除成功');
    expect((await post(`${REPLIES}/remove?ids=${idOf('什么时候修?')}`)).json().msg).toBe('删除成功');
    expect(await live('app_sys_complain_reply', idOf('已报修'))).toBe(true);

    await post(`${COMPLAIN}/finish?ids=${ticket}`, { comment: '已修好' });
    const closed = await post(`${REPLIES}/remove?ids=${idOf('已报修')}`);
    expect([closed.statusCode, closed.json().msg]).toEqual([400, '该投诉已办结,不能删除回复']);
    expect(await live('app_sys_complain_reply', idOf('已报修'))).toBe(true);
  });

  it('keeps the replies of a withdrawn snap report', async () => {
    const report = (
      await post(
        `${REPORT}/save`,
        { reportType: 4, content: '井盖缺失', images: '[{"link":"/a.png"}]', address: '北门' },
        resident,
      )
    ).json().data.id;
    await post(`${REPORT_REPLIES}/submit`, { reportId: report, content: '补充照片' }, resident);
    expect((await post(`${REPORT}/withdrawProcessFlow`, { id: report }, resident)).statusCode).toBe(200);
    const follow = await s.db.kysely
      .selectFrom('app_sys_report_reply')
      .select('id')
      .where('report_id', '=', report)
      .where('reply_type', '=', 2)
      .executeTakeFirstOrThrow();
    const res = await post(`${REPORT_REPLIES}/remove?ids=${follow.id}`);
    expect([res.statusCode, res.json().msg]).toEqual([400, '该随手拍已撤销,不能删除回复']);
  });
});
