import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// The SysComplain, SysAdvice and SysReport approvals through the process wire: a candidate opens the
// task (GET detailByTaskId?taskId: the ticket, the task, the timeline) and decides it (POST
// dealProcessFlow, pass or reject with a comment); the ticket moves, its conversation and the history
// show the comment. Advice and snap reports refused from the reply screen's verbs too.
let s: TestServer;
let admin: string;
let resident: string;
let reviewer: string;
const HISTORY = '/api/blade-flow/process/history-flow-list';

interface Kind {
  name: string;
  path: string;
  table: string;
  replyTable: string;
  foreignKey: string;
  body: Record<string, unknown>;
  passed: Record<string, unknown>;
  rejected: Record<string, unknown>;
}

const KINDS: Kind[] = [
  {
    name: 'SysComplain',
    path: '/api/app-sys-complain/syscomplain',
    table: 'app_sys_complain',
    replyTable: 'app_sys_complain_reply',
    foreignKey: 'complain_id',
    body: { complainType: 1, title: '楼道堆物', content: '三号楼楼道堆满杂物' },
    passed: { handleStatus: 2, auditStatus: 1, result: '已清理完毕' },
    rejected: { handleStatus: 3, auditStatus: 2, result: '不属于社区职责' },
  },
  {
    name: 'SysAdvice',
    path: '/api/app-sys-advice/sysadvice',
    table: 'app_sys_advice',
    replyTable: 'app_sys_advice_reply',
    foreignKey: 'advice_id',
    body: { adviceType: 1, title: '增设座椅', content: '广场缺少座椅' },
    passed: { adoptStatus: 1, replyStatus: 1, auditStatus: 1 },
    rejected: { adoptStatus: 2, replyStatus: 1, auditStatus: 2 },
  },
  {
    name: 'SysReport',
    path: '/api/app-sys-report/sysreport',
    table: 'app_sys_report',
    replyTable: 'app_sys_report_reply',
    foreignKey: 'report_id',
    body: { reportType: 4, content: '路灯不亮', images: '[{"link":"/a.png"}]', address: '东门' },
    passed: { handleStatus: 2, verifyStatus: 1, auditStatus: 1, handleResult: '已清理完毕', rewardScore: 5 },
    rejected: { handleStatus: 3, verifyStatus: 2, auditStatus: 2, handleResult: '不属于社区职责' },
  },
];

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  const { userId } = await addTenantWithUser(s.db, { tenantId: '000000', account: 'yangjin', menuCodes: [] });
  await s.db.kysely.updateTable('blade_user').set({ user_type: 2 }).where('id', '=', userId).execute();
  resident = await login(s.app, { account: 'yangjin', password: 'secret' });
  // a grid worker: a candidate of the tickets' processes (groups grid,admin), holding the reply buttons
  await addTenantWithUser(s.db, {
    tenantId: '000000',
    account: 'wangge',
    alias: 'grid',
    menuCodes: ['sys_complain_reply_reply', 'sys_advice_reply_reply', 'sys_report_reply_reply'],
  });
  reviewer = await login(s.app, { account: 'wangge', password: 'secret' });
});
afterAll(() => s.close());

const post = (url: string, body: unknown = {}, token = admin) => call(s.app, token, 'POST', url, body);
const detail = async (kind: Kind, id: string) =>
  (await call(s.app, admin, 'GET', `${kind.path}/detail?id=${id}`)).json().data;

/** A resident's new ticket and its waiting task. */
async function submitted(kind: Kind) {
  const res = await post(`${kind.path}/save`, kind.body, resident);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as string;
  const { process_instance_id: instanceId } = await s.db.kysely
    .selectFrom(kind.table)
    .select('process_instance_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const task = await s.db.kysely
    .selectFrom('flow_task')
    .select('id')
    .where('process_instance_id', '=', instanceId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return { id, instanceId: String(instanceId), taskId: String(task.id) };
}

const comments = async (instanceId: string) =>
  (await call(s.app, admin, 'GET', `${HISTORY}?processInstanceId=${instanceId}`))
    .json()
    .data.map((h: { comment: string }) => h.comment);

describe.each(KINDS.map((k) => [k.name, k] as const))(
  '%s through detailByTaskId and dealProcessFlow',
  (_n, kind) => {
    it('opens the task with the ticket and its timeline, and passes it with a comment', async () => {
      const { id, instanceId, taskId } = await submitted(kind);
      const opened = await call(s.app, reviewer, 'GET', `${kind.path}/detailByTaskId?taskId=${taskId}`);
      expect(opened.statusCode, opened.body).toBe(200);
      const data = opened.json().data;
      expect(data).toMatchObject({ id, auditStatus: 0, processInstanceId: instanceId });
      expect(data.flow).toMatchObject({ taskId, canHandle: true });
      expect(data.flowHistory.length).toBeGreaterThan(0);
      expect(
        (await call(s.app, resident, 'GET', `${kind.path}/detailByTaskId?taskId=${taskId}`)).statusCode,
      ).toBe(403);

      const denied = await post(
        `${kind.path}/dealProcessFlow`,
        { taskId, processInstanceId: instanceId, businessId: id, pass: true, comment: '冒充' },
        resident,
      );
      expect(denied.statusCode).toBe(403);
      const dealt = await post(
        `${kind.path}/dealProcessFlow`,
        { taskId, processInstanceId: instanceId, businessId: id, pass: true, comment: '已清理完毕' },
        reviewer,
      );
      expect(dealt.statusCode, dealt.body).toBe(200);
      expect(dealt.json().data).toMatchObject({
        processIsFinished: 'finished',
        outcome: 'approve',
        auditStatus: 1,
      });
      expect(await detail(kind, id)).toMatchObject(kind.passed);
      const conversation = await s.db.kysely
        .selectFrom(kind.replyTable)
        .select(['reply_type', 'content', 'action_code'])
        .where(kind.foreignKey, '=', id)
        .execute();
      expect(conversation).toEqual([{ reply_type: 3, content: '已办结: 已清理完毕', action_code: 3 }]);
      expect(await comments(instanceId)).toContain('已清理完毕');
      // decided: the task is done, and the ticket with it
      const again = await post(
        `${kind.path}/dealProcessFlow`,
        { taskId, processInstanceId: instanceId, businessId: id, pass: false, comment: '反悔' },
        reviewer,
      );
      expect(again.statusCode).toBe(400);
      const finished = (
        await call(s.app, reviewer, 'GET', `${kind.path}/detailByTaskId?taskId=${taskId}`)
      ).json().data;
      expect(finished.flow.canHandle).toBe(false);
    });

    it('rejects it with a comment: refused, and the resident may not submit it again', async () => {
      const { id, instanceId, taskId } = await submitted(kind);
      const dealt = await post(
        `${kind.path}/dealProcessFlow`,
        { taskId, processInstanceId: instanceId, businessId: id, pass: false, comment: '不属于社区职责' },
        reviewer,
      );
      expect(dealt.statusCode, dealt.body).toBe(200);
      expect(dealt.json().data).toMatchObject({ outcome: 'reject', auditStatus: 2 });
      expect(await detail(kind, id)).toMatchObject(kind.rejected);
      expect(await comments(instanceId)).toContain('不属于社区职责');
      const replies = await s.db.kysely
        .selectFrom(kind.replyTable)
        .select('content')
        .where(kind.foreignKey, '=', id)
        .execute();
      expect(replies.map((r) => r.content)).toEqual(['不予受理: 不属于社区职责']);

      const resubmit = await post(`${kind.path}/startProcessFlow`, { id }, resident);
      expect(resubmit.statusCode).toBe(400);
      expect(await detail(kind, id)).toMatchObject(kind.rejected);
      // the resident ends the process: the ticket stays refused
      expect((await post(`${kind.path}/withdrawProcessFlow`, { id }, resident)).statusCode).toBe(200);
      expect(await detail(kind, id)).toMatchObject({ ...kind.rejected, auditStatus: 3 });
    });

    it('refuses a task of another business', async () => {
      const other = KINDS.find((k) => k !== kind)!;
      const { taskId } = await submitted(other);
      const res = await call(s.app, reviewer, 'GET', `${kind.path}/detailByTaskId?taskId=${taskId}`);
      expect([res.statusCode, res.json().msg]).toEqual([400, '任务不属于该业务']);
    });
  },
);

describe('refused from the reply screen', () => {
  it('declines advice (不采纳) with a reason', async () => {
    const advice = KINDS[1]!;
    const { id, instanceId } = await submitted(advice);
    expect((await post(`${advice.path}/refuse?ids=${id}`, {}, reviewer)).json().msg).toBe(
      '请输入不予受理理由',
    );
    const res = await post(`${advice.path}/refuse?ids=${id}`, { comment: '暂无条件' }, reviewer);
    expect(res.statusCode, res.body).toBe(200);
    expect(await detail(advice, id)).toMatchObject({ adoptStatus: 2, replyStatus: 1, auditStatus: 2 });
    expect(await comments(instanceId)).toContain('暂无条件');
    expect((await post(`${advice.path}/finish?ids=${id}`, { comment: '采纳' }, reviewer)).json().msg).toBe(
      '该建议已办结',
    );
  });

  it('refuses a snap report as not verified, granting nothing', async () => {
    const report = KINDS[2]!;
    const { id, instanceId } = await submitted(report);
    const res = await post(`${report.path}/refuse?ids=${id}`, { comment: '现场核实不属实' }, reviewer);
    expect(res.statusCode, res.body).toBe(200);
    expect(await detail(report, id)).toMatchObject({
      handleStatus: 3,
      verifyStatus: 2,
      auditStatus: 2,
      handleResult: '现场核实不属实',
      rewardScore: null,
    });
    expect(await comments(instanceId)).toContain('现场核实不属实');
    const points = await s.db.kysely
      .selectFrom('app_score_flow')
      .select('id')
      .where('source_id', '=', id)
      .execute();
    expect(points).toEqual([]);
  });
});
