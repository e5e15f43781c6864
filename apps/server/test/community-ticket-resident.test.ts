import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// The resident's side of 投诉 / 意见建议 / 随手拍 and the tickets' updateById (docs/domain-model.md#feedback-tickets):
// the resident withdraws (撤销) a ticket nobody has acted on through its process (the history shows it) and
// changes their own words while it waits; the back office changes its classification and handler while
// it is open; a verified snap report credits its points once, in the verifying transaction. Every
// refusal writes nothing.
let s: TestServer;
let admin: string;
let zhuoma: string;
let zhuomaId: string;
let dawa: string;
let handlerId: string;
const COMPLAIN = '/api/app-sys-complain/syscomplain';
const ADVICE = '/api/app-sys-advice/sysadvice';
const REPORT = '/api/app-sys-report/sysreport';
const HISTORY = '/api/blade-flow/process/history-flow-list';

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  zhuomaId = (await addTenantWithUser(s.db, { tenantId: '000000', account: 'zhuoma', menuCodes: [] })).userId;
  await addTenantWithUser(s.db, { tenantId: '000000', account: 'dawa', menuCodes: [] });
  handlerId = (await addTenantWithUser(s.db, { tenantId: '000000', account: 'ganbu', menuCodes: [] })).userId;
  await s.db.kysely
    .updateTable('blade_user')
    .set({ user_type: 2, real_name: '卓玛' })
    .where('id', '=', zhuomaId)
    .execute();
  zhuoma = await login(s.app, { account: 'zhuoma', password: 'secret' });
  dawa = await login(s.app, { account: 'dawa', password: 'secret' });
});
afterAll(() => s.close());

const post = (url: string, body: unknown = {}, token = admin) => call(s.app, token, 'POST', url, body);
const detail = async (path: string, id: string) =>
  (await call(s.app, admin, 'GET', `${path}/detail?id=${id}`)).json().data;
const complain = async (title = '楼道堆物') =>
  (await post(`${COMPLAIN}/save`, { complainType: 1, title, content: '三号楼楼道堆满杂物' }, zhuoma)).json()
    .data.id as string;
const advise = async (title = '增设座椅') =>
  (await post(`${ADVICE}/save`, { adviceType: 1, title, content: '广场缺少座椅' }, zhuoma)).json().data
    .id as string;
const snap = async (content = '路灯不亮', token = zhuoma) =>
  (
    await post(
      `${REPORT}/save`,
      { reportType: 4, content, images: '[{"link":"/a.png"}]', address: '东门' },
      token,
    )
  ).json().data.id as string;
const conversation = async (table: string, key: string, id: string) =>
  (
    await s.db.kysely
      .selectFrom(table)
      .select(['reply_type', 'content', 'action_code'])
      .where(key, '=', id)
      .orderBy('create_time')
      .execute()
  ).map((r) => [r.reply_type, r.content, r.action_code]);
const ledger = (sourceId: string) =>
  s.db.kysely
    .selectFrom('app_score_flow')
    .select(['app_user_id', 'score', 'direction', 'balance_after', 'source_type'])
    .where('source_id', '=', sourceId)
    .execute();

describe('撤销: the resident withdraws a ticket nobody has acted on', () => {
  it('withdraws a waiting complaint through its process: state 4, 已撤回, a system row, the history', async () => {
    const id = await complain();
    const other = await post(`${COMPLAIN}/withdrawProcessFlow`, { id }, dawa);
    expect([other.statusCode, other.json().msg]).toEqual([403, '只有申请人可以提交或撤回']);
    expect((await post(`${COMPLAIN}/withdrawProcessFlow`, { id }, admin)).statusCode).toBe(403);
    expect((await detail(COMPLAIN, id)).handleStatus).toBe(0);

    const res = await post(`${COMPLAIN}/withdrawProcessFlow`, { id }, zhuoma);
    expect([res.statusCode, res.json().msg], res.body).toEqual([200, '撤回成功']);
    const ticket = await detail(COMPLAIN, id);
    expect(ticket).toMatchObject({ handleStatus: 4, auditStatus: 3, overdue: 0 });
    expect(await conversation('app_sys_complain_reply', 'complain_id', id)).toEqual([[3, '居民已撤销', 5]]);
    const history = (
      await call(s.app, admin, 'GET', `${HISTORY}?processInstanceId=${ticket.processInstanceId}`)
    )
      .json()
      .data.map((h: { comment: string }) => h.comment);
    expect(history).toContain('撤回');

    // withdrawn: no reply, no decision, no change, no second submission
    const reply = await post(`${COMPLAIN}/reply?ids=${id}`, { content: '已处理' });
    expect([reply.statusCode, reply.json().msg]).toEqual([400, '该投诉已撤销,不能再回复']);
    expect((await post(`${COMPLAIN}/finish?ids=${id}`, { comment: '办结' })).json().msg).toBe('该投诉已撤销');
    const edit = await post(`${COMPLAIN}/updateById`, { id, title: '改' }, zhuoma);
    expect([edit.statusCode, edit.json().msg]).toEqual([400, '该投诉已撤销,不能修改']);
    const again = await post(`${COMPLAIN}/startProcessFlow`, { id }, zhuoma);
    expect([again.statusCode, again.json().msg]).toEqual([
      400,
      '已撤销或不予受理的投诉不能重新提交,请提交新的投诉',
    ]);
    expect(await detail(COMPLAIN, id)).toMatchObject({ handleStatus: 4, auditStatus: 3, title: '楼道堆物' });
  });

  it('refuses once the community replied, leaving the ticket and its process as they were', async () => {
    const id = await complain('已受理的投诉');
    await post(`${COMPLAIN}/reply?ids=${id}`, { content: '已安排' });
    const res = await post(`${COMPLAIN}/withdrawProcessFlow`, { id }, zhuoma);
    expect([res.statusCode, res.json().msg]).toEqual([400, '该投诉已受理,不能撤销']);
    const ticket = await detail(COMPLAIN, id);
    expect(ticket).toMatchObject({ handleStatus: 1, auditStatus: 0 });
    const instance = await s.db.kysely
      .selectFrom('flow_process_instance')
      .select('status')
      .where('id', '=', ticket.processInstanceId)
      .executeTakeFirstOrThrow();
    expect(instance.status).toBe('running');
    expect((await conversation('app_sys_complain_reply', 'complain_id', id)).length).toBe(1);
  });

  it('withdraws advice and a snap report the same way; a replied advice is refused', async () => {
    const advice = await advise();
    expect((await post(`${ADVICE}/withdrawProcessFlow`, { id: advice }, zhuoma)).statusCode).toBe(200);
    expect(await detail(ADVICE, advice)).toMatchObject({ adoptStatus: 0, auditStatus: 3, overdue: 0 });
    const late = await post(`${ADVICE}/reply?ids=${advice}`, { content: '谢谢' });
    expect([late.statusCode, late.json().msg]).toEqual([400, '该建议已撤销,不能再回复']);
    expect(await conversation('app_sys_advice_reply', 'advice_id', advice)).toEqual([[3, '居民已撤销', 5]]);

    const replied = await advise('已回复的建议');
    await post(`${ADVICE}/reply?ids=${replied}`, { content: '收到' });
    const refused = await post(`${ADVICE}/withdrawProcessFlow`, { id: replied }, zhuoma);
    expect([refused.statusCode, refused.json().msg]).toEqual([400, '该建议已受理,不能撤销']);
    expect(await detail(ADVICE, replied)).toMatchObject({ replyStatus: 1, auditStatus: 0 });

    const report = await snap('井盖松动');
    expect((await post(`${REPORT}/withdrawProcessFlow`, { id: report }, zhuoma)).statusCode).toBe(200);
    expect(await detail(REPORT, report)).toMatchObject({ handleStatus: 4, auditStatus: 3, verifyStatus: 0 });
  });
});

describe('updateById', () => {
  it("changes the resident's own words while the ticket waits, and not after it was accepted", async () => {
    const id = await complain('噪音');
    const before = await detail(COMPLAIN, id);
    const res = await post(
      `${COMPLAIN}/updateById`,
      { id, title: '夜间噪音', content: '每晚十点后施工' },
      zhuoma,
    );
    expect([res.statusCode, res.json().msg], res.body).toEqual([200, '更新成功']);
    expect(await detail(COMPLAIN, id)).toMatchObject({
      title: '夜间噪音',
      content: '每晚十点后施工',
      version: before.version + 1,
    });
    const other = await post(`${COMPLAIN}/updateById`, { id, title: '冒改' }, dawa);
    expect([other.statusCode, other.json().msg]).toEqual([403, '只能修改本人的投诉']);
    const long = await post(`${COMPLAIN}/updateById`, { id, title: '长'.repeat(101) }, zhuoma);
    expect(long.statusCode).toBe(400);
    await post(`${COMPLAIN}/reply?ids=${id}`, { content: '已受理' });
    const accepted = await post(`${COMPLAIN}/updateById`, { id, content: '改口' }, zhuoma);
    expect([accepted.statusCode, accepted.json().msg]).toEqual([400, '该投诉已受理,不能修改']);
    expect(await detail(COMPLAIN, id)).toMatchObject({ title: '夜间噪音', content: '每晚十点后施工' });
  });

  it('lets the back office reclassify and hand on an open complaint, not rewrite the resident’s words', async () => {
    const id = await complain('垃圾清运');
    const words = await post(`${COMPLAIN}/updateById`, { id, title: '改标题' });
    expect([words.statusCode, words.json().msg]).toEqual([400, '「标题」由居民填写,社区不能修改']);
    const foreign = await post(`${COMPLAIN}/updateById`, { id, complainType: 2, handleUserId: '123456789' });
    expect([foreign.statusCode, foreign.json().msg]).toEqual([400, '承办人不存在或不属于本租户']);
    expect(await detail(COMPLAIN, id)).toMatchObject({ complainType: 1, title: '垃圾清运' });

    const read = await detail(COMPLAIN, id);
    const res = await post(`${COMPLAIN}/updateById`, { ...read, complainType: 2, handleUserId: handlerId });
    expect([res.statusCode, res.json().msg], res.body).toEqual([200, '更新成功']);
    expect(await detail(COMPLAIN, id)).toMatchObject({ complainType: 2, handleUserId: handlerId });
    expect(await conversation('app_sys_complain_reply', 'complain_id', id)).toEqual([[3, '转办给ganbu', 2]]);
    const stale = await post(`${COMPLAIN}/updateById`, { ...read, complainType: 3 });
    expect(stale.statusCode).toBe(409);

    await post(`${COMPLAIN}/finish?ids=${id}`, { comment: '已清运' });
    const closed = await post(`${COMPLAIN}/updateById`, { id, complainType: 3 });
    expect([closed.statusCode, closed.json().msg]).toEqual([400, '该投诉已办结,不能修改']);
    expect((await detail(COMPLAIN, id)).complainType).toBe(2);
  });

  it('updates advice: the resident’s content while it waits, its category by the back office', async () => {
    const id = await advise('健身器材');
    expect((await post(`${ADVICE}/updateById`, { id, content: '增设健身器材' }, zhuoma)).statusCode).toBe(
      200,
    );
    expect((await post(`${ADVICE}/updateById`, { id, adviceType: 2 })).statusCode).toBe(200);
    expect(await detail(ADVICE, id)).toMatchObject({ content: '增设健身器材', adviceType: 2 });
    const staff = await post(`${ADVICE}/updateById`, { id, content: '社区改写' });
    expect([staff.statusCode, staff.json().msg]).toEqual([400, '「内容」由居民填写,社区不能修改']);
    const noId = await post(`${ADVICE}/updateById`, { content: 'x' }, zhuoma);
    expect([noId.statusCode, noId.json().msg]).toEqual([400, '缺少必要的请求参数: id']);
    const resident = await post(`${ADVICE}/updateById`, { id, adviceType: 3 }, dawa);
    expect(resident.statusCode).toBe(403);
  });
});

describe('随手拍 points', () => {
  it('credits the reward given at 办结 once, in the verifying transaction', async () => {
    const id = await snap('占道经营');
    const tooMany = await post(`${REPORT}/finish?ids=${id}`, { comment: '属实', rewardScore: 101 });
    expect(tooMany.statusCode).toBe(400);
    expect(await ledger(id)).toEqual([]);
    const res = await post(`${REPORT}/finish?ids=${id}`, { comment: '属实,已处理', rewardScore: 8 });
    expect(res.json().msg, res.body).toBe('办结成功');
    expect(await detail(REPORT, id)).toMatchObject({ handleStatus: 2, verifyStatus: 1, rewardScore: 8 });
    const rows = await ledger(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ score: 8, direction: 1, source_type: 'snap' });
    expect(String(rows[0]!.app_user_id)).toBe(zhuomaId);
    expect(
      (await post(`${REPORT}/finish?ids=${id}`, { comment: '再次办结', rewardScore: 8 })).statusCode,
    ).toBe(400);
    expect(await ledger(id)).toHaveLength(1);
  });

  it('credits the parameter’s amount by default, and nothing for a refused report', async () => {
    const id = await snap('乱扔垃圾');
    await post(`${REPORT}/finish?ids=${id}`, { comment: '属实' });
    expect((await ledger(id)).map((r) => r.score)).toEqual([5]);
    expect((await detail(REPORT, id)).rewardScore).toBe(5);
    const refused = await snap('重复上报');
    await post(`${REPORT}/refuse?ids=${refused}`, { comment: '不属实' });
    expect(await detail(REPORT, refused)).toMatchObject({ verifyStatus: 2, rewardScore: null });
    expect(await ledger(refused)).toEqual([]);
  });

  it('refuses to reward a report whose resident has no app account, writing nothing', async () => {
    const id = await snap('无主上报');
    await s.db.kysely.updateTable('app_sys_report').set({ app_user_id: null }).where('id', '=', id).execute();
    const res = await post(`${REPORT}/finish?ids=${id}`, { comment: '属实' });
    expect([res.statusCode, res.json().msg]).toEqual([400, '「无主上报」的上报人没有App账号，不能奖励积分']);
    expect(await detail(REPORT, id)).toMatchObject({ handleStatus: 0, verifyStatus: 0, auditStatus: 0 });
    expect(await ledger(id)).toEqual([]);
    // verified without points
    expect((await post(`${REPORT}/finish?ids=${id}`, { comment: '属实', rewardScore: 0 })).statusCode).toBe(
      200,
    );
    expect(await detail(REPORT, id)).toMatchObject({ handleStatus: 2, verifyStatus: 1 });
    expect(await ledger(id)).toEqual([]);
  });
});
