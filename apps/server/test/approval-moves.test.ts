// The approval from both sides on the example definition 党员档案 (partyArchive): the applicant submits
// (on save), resubmits after a reject and withdraws; the approver rejects and passes through
// dealProcessFlow, transfers a task (转办) and returns it to a step already passed (退回). Each move shows
// in the record's audit status and in the history.
import { partyArchiveResource as def } from '@tongxin/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';
import { sampleBody } from './samples.js';

let s: TestServer;
let admin: string;
const users: Record<string, { token: string; userId: string }> = {};
const APPLY = ['party_archive', 'party_archive_add', 'party_archive_edit', 'party_archive_view'];
const AUDIT = ['party_archive_audit', 'party_archive_audit_audit', 'work_todo', 'work_todo_handle'];

async function user(account: string, alias: string, menuCodes: string[]) {
  const { userId } = await addTenantWithUser(s.db, { tenantId: '000000', account, alias, menuCodes });
  users[account] = { token: await login(s.app, { tenantId: '000000', account, password: 'secret' }), userId };
}
const as = (account: string) => users[account]!.token;

/** An 18-digit id card number with its check digit (unique per call). */
let serial = 100;
function idCard(): string {
  const body = `11010519900101${String(serial++).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

const ok = async (res: Awaited<ReturnType<typeof call>>) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data;
};
const record = async (id: string) => ok(await call(s.app, admin, 'GET', `${def.path}/detail?id=${id}`));
async function activeTask(id: string): Promise<{ id: string; assignee: string | null; taskDefKey: string }> {
  const r = await record(id);
  const t = await s.db.kysely
    .selectFrom('flow_task')
    .select(['id', 'assignee', 'task_def_key'])
    .where('process_instance_id', '=', String(r.processInstanceId))
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return {
    id: String(t.id),
    assignee: t.assignee ? String(t.assignee) : null,
    taskDefKey: String(t.task_def_key),
  };
}
async function apply(): Promise<string> {
  const body = { ...(await sampleBody(s.app, admin, def)), idCard: idCard() };
  const res = await call(s.app, as('applicant'), 'POST', `${def.path}/submit`, body);
  return String((await ok(res)).id);
}
const deal = async (account: string, id: string, pass: boolean, comment: string) => {
  const task = await activeTask(id);
  return call(s.app, as(account), 'POST', `${def.path}/dealProcessFlow`, { taskId: task.id, pass, comment });
};
const applicant = (verb: 'startProcessFlow' | 'withdrawProcessFlow', id: string, account = 'applicant') =>
  call(s.app, as(account), 'POST', `${def.path}/${verb}`, { id });
/** The instance's history comments, as `type:message`. */
const history = async (id: string) => {
  const r = await record(id);
  const rows = await s.db.kysely
    .selectFrom('flow_comment')
    .select(['type', 'message'])
    .where('process_instance_id', '=', String(r.processInstanceId))
    .orderBy('create_time')
    .orderBy('id')
    .execute();
  return rows.map((c) => `${c.type}:${c.message}`);
};

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  await user('applicant', 'tester', APPLY);
  await user('neighbour', 'tester', APPLY);
  await user('secretary1', 'secretary', AUDIT);
  await user('secretary2', 'secretary', AUDIT);
}, 120_000);
afterAll(async () => s?.close());

describe('approval of a partyArchive record', () => {
  it('submit on save → reject with a comment → resubmit → pass', async () => {
    const id = await apply();
    expect((await record(id)).auditStatus).toBe(0);
    // the audit screen's list: what waits for the approver, never for the applicant
    const tasks = await ok(await call(s.app, as('secretary1'), 'GET', `${def.path}/auditTasks?size=100`));
    expect(tasks.records.find((r: { id: string }) => r.id === id)).toMatchObject({
      taskName: '登记审核',
      claimed: false,
      auditStatus: 0,
      taskId: (await activeTask(id)).id,
    });
    expect((await call(s.app, as('applicant'), 'GET', `${def.path}/auditTasks`)).statusCode).toBe(403);
    expect((await deal('secretary1', id, false, '材料不全')).statusCode).toBe(200);
    expect(await record(id)).toMatchObject({ auditStatus: 2, auditRemark: '材料不全' });
    expect((await activeTask(id)).assignee).toBe(users.applicant!.userId);
    // only the applicant resubmits
    expect((await applicant('startProcessFlow', id, 'neighbour')).statusCode).toBe(403);
    expect((await applicant('startProcessFlow', id)).json().msg).toBe('提交成功');
    expect((await record(id)).auditStatus).toBe(0);
    expect((await applicant('startProcessFlow', id)).json().msg).toBe('该记录已在审批中');
    const task = await activeTask(id);
    const detail = await ok(
      await call(s.app, as('secretary1'), 'GET', `${def.path}/detailByTaskId?taskId=${task.id}`),
    );
    expect(detail).toMatchObject({ id, name: expect.any(String), flow: { canHandle: true } });
    expect(detail.flowHistory.map((h: { comment: string }) => h.comment)).toContain('材料不全');
    expect((await deal('secretary1', id, true, '同意登记')).statusCode).toBe(200);
    expect(await record(id)).toMatchObject({ auditStatus: 1, auditRemark: '同意登记' });
    expect(await history(id)).toEqual(['reject:材料不全', 'resubmit:重新提交', 'pass:同意登记']);
  });

  it('withdraw before any approval, then submit again', async () => {
    const id = await apply();
    expect((await applicant('withdrawProcessFlow', id, 'neighbour')).statusCode).toBe(403);
    expect((await applicant('withdrawProcessFlow', id)).json().msg).toBe('撤回成功');
    const r = await record(id);
    expect(r.auditStatus).toBe(3);
    const instance = await s.db.kysely
      .selectFrom('flow_process_instance')
      .select(['status'])
      .where('id', '=', String(r.processInstanceId))
      .executeTakeFirstOrThrow();
    expect(instance.status).toBe('withdrawn');
    expect(await history(id)).toEqual(['withdraw:撤回']);
    expect((await applicant('withdrawProcessFlow', id)).json().msg).toBe('该记录不在审批中');
    expect((await applicant('startProcessFlow', id)).statusCode).toBe(200);
    expect((await record(id)).auditStatus).toBe(0);
    expect((await record(id)).processInstanceId).not.toBe(r.processInstanceId);
  });

  it('withdraw after a reject ends the applicant step', async () => {
    const id = await apply();
    await deal('secretary1', id, false, '请补充');
    expect((await applicant('withdrawProcessFlow', id)).statusCode).toBe(200);
    expect((await record(id)).auditStatus).toBe(3);
    expect(await history(id)).toEqual(['reject:请补充', 'withdraw:撤回']);
  });

  it('transfer: the task goes to another approver, who alone may deal with it', async () => {
    const id = await apply();
    const task = await activeTask(id);
    const transfer = (to: string) =>
      call(s.app, as('secretary1'), 'POST', '/api/blade-flow/work/transfer-task', {
        taskId: task.id,
        userId: to,
        comment: '请你办理',
      });
    expect((await transfer(users.secretary1!.userId)).json().msg).toBe('不能转办给自己');
    expect((await transfer('123')).json().msg).toBe('转办人不存在');
    expect((await transfer(users.secretary2!.userId)).json().msg).toBe('转办成功');
    expect((await activeTask(id)).assignee).toBe(users.secretary2!.userId);
    const waiting = async (account: string) =>
      (await ok(await call(s.app, as(account), 'GET', `${def.path}/auditTasks?size=100`))).records.map(
        (r: { id: string }) => r.id,
      );
    expect(await waiting('secretary1')).not.toContain(id);
    expect(await waiting('secretary2')).toContain(id);
    expect((await deal('secretary1', id, true, '同意')).statusCode).toBe(403);
    expect((await deal('secretary2', id, true, '同意')).statusCode).toBe(200);
    expect((await record(id)).auditStatus).toBe(1);
    expect((await history(id))[0]).toMatch(/^transfer:转办给 .*: 请你办理$/);
  });

  it('return: back to the applicant step passed before, which resubmits', async () => {
    const id = await apply();
    const first = await activeTask(id);
    const targets = (taskId: string) =>
      call(s.app, as('secretary1'), 'GET', `/api/blade-flow/work/return-targets?taskId=${taskId}`);
    expect(await ok(await targets(first.id))).toEqual([]);
    const back = (taskId: string, activityId: string) =>
      call(s.app, as('secretary1'), 'POST', '/api/blade-flow/work/return-task', {
        taskId,
        activityId,
        comment: '再核对',
      });
    expect((await back(first.id, 'modifyApply')).json().msg).toBe('只能退回到已经办理过的节点');
    await deal('secretary1', id, false, '缺照片');
    await applicant('startProcessFlow', id);
    const second = await activeTask(id);
    expect(await ok(await targets(second.id))).toEqual([{ id: 'modifyApply', name: '修改申请' }]);
    expect((await back(second.id, 'modifyApply')).json().msg).toBe('退回成功');
    expect(await record(id)).toMatchObject({ auditStatus: 2, auditRemark: '再核对' });
    expect(await activeTask(id)).toMatchObject({
      taskDefKey: 'modifyApply',
      assignee: users.applicant!.userId,
    });
    expect((await applicant('startProcessFlow', id)).statusCode).toBe(200);
    expect((await activeTask(id)).taskDefKey).toBe('auditTask');
    expect(await history(id)).toContain('return:退回到 修改申请: 再核对');
  });
});
