import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../src/util/datetime.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// Issue 25, separation of duties: a grid worker holding the approve buttons submitted a profile change
// (资料审核) and passed it himself, and handled (with points) a 随手拍 he reported himself. Nobody
// decides a request of their own — its starter, nor whom its record is for — on any wire: the
// screens' pass verbs, dealProcessFlow, and the work wire's claim, complete, transfer and return. The
// task is not left claimed by them either, and the lists offering tasks leave it out.

let s: TestServer;
let admin: string;
let worker: string;
let workerId: string;
let peer: string;
let peerId: string;
const LOG = '/api/blade_update_user_log/userUpdateLog';
const REPORT = '/api/app-sys-report/sysreport';
const WORK = '/api/blade-flow/work';
const BUTTONS = [
  'sys_user_audit',
  'sys_user_audit_view',
  'sys_user_audit_audit',
  'sys_report_reply',
  'sys_report_reply_reply',
  'work',
  'work_claim',
  'work_claim_sign',
  'work_todo',
  'work_todo_handle',
  'share_facility_audit_audit',
];

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  // two staff members of one role (a candidate group of both processes) holding every button
  workerId = (
    await addTenantWithUser(s.db, {
      tenantId: '000000',
      account: 'wangge',
      alias: 'admin',
      menuCodes: BUTTONS,
    })
  ).userId;
  peerId = (
    await addTenantWithUser(s.db, {
      tenantId: '000000',
      account: 'tongshi',
      alias: 'admin',
      menuCodes: BUTTONS,
    })
  ).userId;
  worker = await login(s.app, { account: 'wangge', password: 'secret' });
  peer = await login(s.app, { account: 'tongshi', password: 'secret' });
});
afterAll(() => s.close());

const post = (token: string, url: string, body: unknown = {}) => call(s.app, token, 'POST', url, body);

/** The record's running instance and its active task. */
async function taskOf(table: string, id: string) {
  const row = await s.db.kysely
    .selectFrom(table)
    .select('process_instance_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const task = await s.db.kysely
    .selectFrom('flow_task')
    .select(['id', 'assignee', 'status'])
    .where('process_instance_id', '=', row.process_instance_id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { instanceId: String(row.process_instance_id), taskId: String(task.id), task };
}

const realName = async (id: string) =>
  (
    await s.db.kysely
      .selectFrom('blade_user')
      .select('real_name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).real_name;

const refusedOwn = (res: { statusCode: number; json: () => { msg: string } }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json().msg).toBe('不能审批本人提交的申请');
};

describe('a profile change of your own', () => {
  it('is not passed by you from the review screen nor through dealProcessFlow, and stays unclaimed', async () => {
    const submitted = await post(worker, `${LOG}/submit`, { after: { realName: '王哥' } });
    expect(submitted.json().msg, submitted.body).toBe('提交成功');
    const id = submitted.json().data.id as string;
    const { instanceId, taskId } = await taskOf('blade_update_user_log', id);
    // the audit screen offers the applicant no decision on it; another approver gets one
    const shown = (token: string) =>
      call(s.app, token, 'GET', `${LOG}/detailByTaskId?taskId=${taskId}`).then((r) => r.json().data.flow);
    expect((await shown(worker)).canHandle).toBe(false);
    expect((await shown(peer)).canHandle).toBe(true);

    refusedOwn(await post(worker, `${LOG}/pass?ids=${id}`));
    refusedOwn(await post(worker, `${LOG}/reject?ids=${id}`, { comment: '撤了' }));
    refusedOwn(
      await post(worker, `${LOG}/dealProcessFlow`, {
        taskId,
        processInstanceId: instanceId,
        businessId: id,
        pass: true,
        comment: '同意',
      }),
    );
    expect(await realName(workerId)).toBe('wangge');
    // the refused pass did not take the task for the applicant: another approver can still decide it
    expect((await taskOf('blade_update_user_log', id)).task).toMatchObject({
      assignee: null,
      status: 'active',
    });
    const passed = await post(peer, `${LOG}/pass?ids=${id}`, { comment: '核实无误' });
    expect(passed.json().msg, passed.body).toBe('审核通过');
    expect(await realName(workerId)).toBe('王哥');
  });

  it('is refused on the work wire too: claim, complete, and a transfer to its applicant', async () => {
    const id = (await post(worker, `${LOG}/submit`, { after: { realName: '王二哥' } })).json().data
      .id as string;
    const { instanceId, taskId } = await taskOf('blade_update_user_log', id);
    // the lists offering tasks to claim leave your own requests out
    const claimable = (await call(s.app, worker, 'GET', `${WORK}/claim-list?size=100`)).json().data.records;
    expect(claimable.map((r: { taskId: string }) => r.taskId)).not.toContain(taskId);
    const audit = (await call(s.app, worker, 'GET', `${LOG}/auditTasks?size=100`)).json().data.records;
    expect(audit.map((r: { taskId: string }) => r.taskId)).not.toContain(taskId);
    const peerList = (await call(s.app, peer, 'GET', `${WORK}/claim-list?size=100`)).json().data.records;
    expect(peerList.map((r: { taskId: string }) => r.taskId)).toContain(taskId);

    refusedOwn(await post(worker, `${WORK}/claim-task?taskId=${taskId}`));
    refusedOwn(
      await post(worker, `${WORK}/complete-task`, { taskId, processInstanceId: instanceId, pass: true }),
    );
    expect((await taskOf('blade_update_user_log', id)).task.assignee).toBeNull();
    // the peer claims it, and may not hand it to the applicant
    expect((await post(peer, `${WORK}/claim-task?taskId=${taskId}`)).statusCode).toBe(200);
    const transfer = await post(peer, `${WORK}/transfer-task`, { taskId, userId: workerId, comment: '你来' });
    expect([transfer.statusCode, transfer.json().msg]).toEqual([400, '不能转办给申请人本人']);
    expect(await realName(workerId)).toBe('王哥');
    const done = await post(peer, `${WORK}/complete-task`, {
      taskId,
      processInstanceId: instanceId,
      pass: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await realName(workerId)).toBe('王二哥');
  });
});

describe('a 随手拍 you reported', () => {
  it('is not handled by you, so you never grant yourself its points', async () => {
    const saved = await post(worker, `${REPORT}/save`, {
      reportType: 4,
      content: '路灯不亮',
      images: '[{"link":"/a.png"}]',
      address: '东门',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id as string;
    const { instanceId, taskId } = await taskOf('app_sys_report', id);
    const points = async () =>
      (
        await s.db.kysely
          .selectFrom('app_score_flow')
          .select('id')
          .where('app_user_id', '=', workerId)
          .execute()
      ).length;
    refusedOwn(
      await post(worker, `${REPORT}/dealProcessFlow`, {
        taskId,
        processInstanceId: instanceId,
        businessId: id,
        pass: true,
        comment: '已修好',
        variables: { rewardScore: 100 },
      }),
    );
    expect(await points()).toBe(0);
  });
});

describe('a request filed for you by someone else', () => {
  it('is yours too: the borrower of a loan the admin entered does not pass it', async () => {
    const dept = await s.db.kysely
      .selectFrom('blade_dept')
      .select('id')
      .where('tenant_id', '=', '000000')
      .executeTakeFirstOrThrow();
    const facility = await post(admin, '/api/app-share-facility/sharefacility/submit', {
      facilityNo: 'F0025',
      facilityName: '轮椅',
      facilityType: 1,
      communityId: String(dept.id),
      storageAddress: '社区服务中心一楼',
      totalQty: 2,
      maxBorrowDays: 7,
      needAudit: 1,
    });
    expect(facility.statusCode, facility.body).toBe(200);
    const day = (n: number) => formatDateTime(new Date(Date.now() + n * 86_400_000));
    const loan = await post(admin, '/api/app_share_facility2user/sharefacility2user/submit', {
      facilityId: facility.json().data.id,
      appUserId: peerId,
      quantity: 1,
      planBorrowTime: day(1),
      planReturnTime: day(3),
    });
    expect(loan.statusCode, loan.body).toBe(200);
    const { instanceId, taskId } = await taskOf('app_share_facility_user', loan.json().data.id as string);
    const instance = await s.db.kysely
      .selectFrom('flow_process_instance')
      .select(['start_user_id', 'applicant_id'])
      .where('id', '=', instanceId)
      .executeTakeFirstOrThrow();
    expect(String(instance.applicant_id)).toBe(peerId);
    refusedOwn(
      await post(peer, '/api/app-share-facility/sharefacility/useDealProcessFlow', {
        taskId,
        pass: true,
        comment: '同意借用',
      }),
    );
    // whoever is neither its starter nor its borrower decides it
    const passed = await post(worker, '/api/app-share-facility/sharefacility/useDealProcessFlow', {
      taskId,
      pass: true,
      comment: '同意借用',
    });
    expect(passed.statusCode, passed.body).toBe(200);
  });
});
