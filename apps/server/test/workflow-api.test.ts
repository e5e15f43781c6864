// The workflow wire: blade-flow (model, manager, follow, process, work) and blade-desk leave, the
// approval mechanism (detailByTaskId / dealProcessFlow / share-facility variants), tenant isolation.
import { defineResource, partyArchiveResource, type ProcessDef, type ResourceDef } from '@tongxin/resources';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDomains, partyDomain } from '../src/domains/index.js';
import { startBusinessProcess } from '../src/engine/approval/start-process.js';
import { FLOW_CATALOGUE, LEAVE_XML } from '../src/seed/flows.js';
import { SEEDED_PROCESSES } from '../src/seed/workflow-seed.js';
import { seed } from '../src/seed/seed.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, multipart, startTestServer, type TestServer } from './harness.js';

const WORK = [
  'work',
  'work_start',
  'work_claim',
  'work_claim_sign',
  'work_todo',
  'work_todo_handle',
  'work_send',
  'work_done',
  'work_leave',
  'work_leave_add',
  'work_leave_view',
];
const label = { zh: '测试', en: 'Test' };
const testDef = (name: string, path: string, table: string, process: ProcessDef | undefined): ResourceDef =>
  defineResource({
    name,
    label,
    path,
    table,
    permission: 'party_archive',
    tenant: true,
    audit: true,
    softDelete: true,
    process,
    fields: [{ name: 'realName', kind: 'string', label }],
  });
const archiveDef = testDef(
  'testArchive',
  '/api/test-archive/partyarchive2user',
  'test_party_archive',
  partyArchiveResource.process,
);
const borrowDef = testDef(
  'testBorrow',
  '/api/test-share/sharefacility2user',
  'test_share_borrow',
  FLOW_CATALOGUE.find((p) => p.key === 'ShareFacilityUse'),
);

const NS = `xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t"`;
const simpleXml = (key: string, extra = '') =>
  `<?xml version="1.0"?><definitions ${NS}><process id="${key}" name="简单流程${key}" isExecutable="true"><startEvent id="s"/><userTask id="t" name="审批" flowable:candidateGroups="boss"/><endEvent id="e"/>${extra}<sequenceFlow id="f1" sourceRef="s" targetRef="t"/><sequenceFlow id="f2" sourceRef="t" targetRef="e"/></process></definitions>`;

let s: TestServer;
let admin: string;
const users: Record<string, { token: string; userId: string }> = {};

async function user(tenantId: string, account: string, alias: string, menuCodes: string[]) {
  const { userId } = await addTenantWithUser(s.db, { tenantId, account, alias, menuCodes });
  users[account] = { token: await login(s.app, { tenantId, account, password: 'secret' }), userId };
}
const data = async (res: Awaited<ReturnType<typeof call>>) => {
  const body = res.json();
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return body.data;
};

beforeAll(async () => {
  // Test-only definitions with `process`, served as the party domain's (later issues declare it on
  // their own definitions).
  const party = {
    ...partyDomain,
    resources: [...partyDomain.resources, { def: archiveDef }, { def: borrowDef }],
  };
  const domains = defaultDomains.map((d) => (d === partyDomain ? party : d));
  s = await startTestServer({}, undefined, undefined, domains);
}, 120_000);
afterAll(async () => s?.close());

describe('workflow', () => {
  beforeAll(async () => {
    admin = await login(s.app);
    await user('000000', 'hr', 'hr', WORK);
    await user('000000', 'boss', 'boss', WORK);
    await user('000000', 'manager', 'manager', WORK);
    await user('000000', 'auditor', 'admin', [
      ...WORK,
      'party_archive_audit',
      'party_archive_audit_audit',
      'share_facility_audit_audit',
    ]);
    await user('000000', 'resident', 'resident', WORK);
    await user('200001', 'otherboss', 'boss', [
      ...WORK,
      'flow_follow',
      'flow_manager',
      'party_archive_audit_audit',
    ]);
    for (const table of [archiveDef.table, borrowDef.table]) {
      await sql
        .raw(
          `CREATE TABLE ${table} (id bigint PRIMARY KEY, tenant_id varchar(12) NOT NULL, real_name varchar(50),
            process_definition_id bigint, process_instance_id bigint, audit_status int, audit_user bigint, audit_time timestamp(0),
            audit_remark varchar(500), create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint,
            update_time timestamp(0), status int NOT NULL DEFAULT 1, is_deleted int NOT NULL DEFAULT 0);
          ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
          CREATE POLICY tenant_isolation ON ${table} USING (tenant_id = current_setting('app.tenant_id', true));
          GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO tongxin_app;`,
        )
        .execute(s.db.kysely);
    }
  });

  it('seeds the leave process and one approval process per flow, shared with every tenant, idempotently', async () => {
    const list = await data(await call(s.app, admin, 'GET', '/api/blade-flow/work/start-list?size=50'));
    expect(list.total).toBe(SEEDED_PROCESSES.length);
    expect(list.records.map((r: { key: string }) => r.key).sort()).toEqual(
      SEEDED_PROCESSES.map((p) => p.key).sort(),
    );
    const leave = list.records.find((r: { key: string }) => r.key === 'Leave');
    expect(leave).toMatchObject({
      name: '请假流程',
      category: 'flow_1',
      categoryName: '请假流程',
      version: 1,
      suspensionState: 1,
      tenantId: '',
    });
    await seed(s.db, s.config);
    expect(
      (await data(await call(s.app, admin, 'GET', '/api/blade-flow/work/start-list?size=50'))).total,
    ).toBe(SEEDED_PROCESSES.length);
    // Another tenant sees (and may start) the shared definitions.
    const other = await data(
      await call(s.app, users.otherboss!.token, 'GET', '/api/blade-flow/work/start-list?size=50'),
    );
    expect(other.total).toBe(SEEDED_PROCESSES.length);
    // Paging.
    const page = await data(
      await call(s.app, admin, 'GET', '/api/blade-flow/work/start-list?size=5&current=2'),
    );
    expect(page).toMatchObject({ size: 5, current: 2, total: SEEDED_PROCESSES.length, pages: 3 });
    expect(page.records).toHaveLength(5);
  });

  let leaveDefId = '';
  const startLeave = async (days: number) => {
    const start = new Date(2025, 0, 1, 9, 0, 0);
    const end = new Date(start.getTime() + days * 86_400_000 + 3_600_000);
    const fmt = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:00:00`;
    return data(
      await call(s.app, admin, 'POST', '/api/blade-desk/process/leave/start-process', {
        processDefinitionId: leaveDefId,
        startTime: fmt(start),
        endTime: fmt(end),
        reason: `请假${days}天`,
        taskUser: users.hr!.userId,
      }),
    );
  };
  const todo = async (account: string) =>
    (await data(await call(s.app, users[account]!.token, 'GET', '/api/blade-flow/work/todo-list'))).records;
  const claims = async (account: string) =>
    (await data(await call(s.app, users[account]!.token, 'GET', '/api/blade-flow/work/claim-list'))).records;
  const adminTodo = async () =>
    (await data(await call(s.app, admin, 'GET', '/api/blade-flow/work/todo-list'))).records;

  it('leave with more than 3 days: hr, reject, resubmit, boss claims and approves; lists and history', async () => {
    const list = await data(await call(s.app, admin, 'GET', '/api/blade-flow/work/start-list?size=50'));
    leaveDefId = list.records.find((r: { key: string }) => r.key === 'Leave').id;
    const started = await startLeave(5);
    expect(started.processInstanceId).toMatch(/^\d+$/);
    const detail = await data(
      await call(s.app, admin, 'GET', `/api/blade-desk/process/leave/detail?businessId=${started.id}`),
    );
    expect(detail).toMatchObject({
      reason: '请假5天',
      processInstanceId: started.processInstanceId,
      auditStatus: 0,
      flow: { assigneeName: '管理员' },
    });

    let [hrTask] = await todo('hr');
    expect(hrTask).toMatchObject({
      taskName: '人事审批',
      taskDefinitionKey: 'hrTask',
      status: 'todo',
      assignee: `taskUser_${users.hr!.userId}`,
      processDefinitionKey: 'Leave',
      processDefinitionName: '请假流程',
      category: 'flow_1',
      categoryName: '请假流程',
      businessTable: 'blade_process_leave',
      businessId: started.id,
      processIsFinished: 'unfinished',
    });
    expect(hrTask.variables).toMatchObject({
      days: 5,
      taskUser: `taskUser_${users.hr!.userId}`,
      createUser: 'admin',
    });
    // The leave handler may read the record; the approver-to-be can too.
    expect(
      (
        await call(
          s.app,
          users.hr!.token,
          'GET',
          `/api/blade-desk/process/leave/detail?businessId=${started.id}`,
        )
      ).statusCode,
    ).toBe(200);

    // Reject (Saber sends no flag): 调整申请 goes to the applicant; the leave row is 已驳回.
    await data(
      await call(s.app, users.hr!.token, 'POST', '/api/blade-flow/work/complete-task', {
        taskId: hrTask.taskId,
        processInstanceId: started.processInstanceId,
        comment: '请补充说明',
      }),
    );
    const rejected = await data(
      await call(s.app, admin, 'GET', `/api/blade-desk/process/leave/detail?businessId=${started.id}`),
    );
    expect(rejected).toMatchObject({
      auditStatus: 2,
      auditRemark: '请补充说明',
      auditUser: users.hr!.userId,
    });
    const [modify] = await adminTodo();
    expect(modify).toMatchObject({ taskDefinitionKey: 'modifyApply', taskName: '调整申请' });
    await data(
      await call(s.app, admin, 'POST', '/api/blade-flow/work/complete-task', {
        taskId: modify.taskId,
        flag: 'ok',
        comment: '已补充',
      }),
    );
    expect(
      (
        await data(
          await call(s.app, admin, 'GET', `/api/blade-desk/process/leave/detail?businessId=${started.id}`),
        )
      ).auditStatus,
    ).toBe(0);

    [hrTask] = await todo('hr');
    await data(
      await call(s.app, users.hr!.token, 'POST', '/api/blade-flow/work/complete-task', {
        taskId: hrTask.taskId,
        flag: 'ok',
      }),
    );
    expect(await claims('manager')).toEqual([]);
    const [bossClaim] = await claims('boss');
    expect(bossClaim).toMatchObject({ taskDefinitionKey: 'bossTask', status: 'claim', assignee: '' });
    // Not a candidate: refused; candidate: claims.
    expect(
      (
        await call(
          s.app,
          users.manager!.token,
          'POST',
          `/api/blade-flow/work/claim-task?taskId=${bossClaim.taskId}`,
        )
      ).statusCode,
    ).toBe(403);
    const claimed = await call(
      s.app,
      users.boss!.token,
      'POST',
      `/api/blade-flow/work/claim-task?taskId=${bossClaim.taskId}`,
    );
    expect(claimed.json()).toMatchObject({ success: true, msg: '签收事务成功' });
    expect(await claims('boss')).toEqual([]);
    const [bossTodo] = await todo('boss');
    expect(bossTodo.claimTime).toBeTruthy();
    await data(
      await call(s.app, users.boss!.token, 'POST', '/api/blade-flow/work/complete-task', {
        taskId: bossTodo.taskId,
        pass: true,
        comment: '准假',
      }),
    );

    const approved = await data(
      await call(s.app, admin, 'GET', `/api/blade-desk/process/leave/detail?businessId=${started.id}`),
    );
    expect(approved).toMatchObject({ auditStatus: 1, auditRemark: '准假', auditUser: users.boss!.userId });

    const sent = await data(await call(s.app, admin, 'GET', '/api/blade-flow/work/send-list'));
    expect(sent.records[0]).toMatchObject({
      processInstanceId: started.processInstanceId,
      processIsFinished: 'finished',
      status: 'finish',
      taskDefinitionKey: 'bossTask',
    });
    expect(sent.records[0].endTime).toBeTruthy();
    const doneHr = await data(await call(s.app, users.hr!.token, 'GET', '/api/blade-flow/work/done-list'));
    expect(doneHr.total).toBe(2);
    expect(doneHr.records.map((r: { comment: string }) => r.comment).sort()).toEqual(['同意', '请补充说明']);
    expect(doneHr.records[0]).toMatchObject({
      status: 'finish',
      processIsFinished: 'finished',
      businessId: started.id,
    });
    expect(doneHr.records[0].historyTaskEndTime).toBeTruthy();

    const history = await data(
      await call(
        s.app,
        admin,
        'GET',
        `/api/blade-flow/process/history-flow-list?processInstanceId=${started.processInstanceId}`,
      ),
    );
    expect(history.map((h: { historyActivityId: string }) => h.historyActivityId)).toEqual([
      'start',
      'hrTask',
      'modifyApply',
      'hrTask',
      'bossTask',
      'endPass',
    ]);
    expect(history[0]).toMatchObject({ historyActivityType: 'startEvent', assigneeName: '管理员' });
    expect(history[1]).toMatchObject({
      assigneeName: 'hr',
      comment: '请补充说明',
      historyActivityType: 'userTask',
    });
    expect(history[4]).toMatchObject({ assigneeName: 'boss', comment: '准假' });
    expect(history.every((h: { endTime: string | null }) => h.endTime)).toBe(true);
    const windowed = await data(
      await call(
        s.app,
        admin,
        'GET',
        `/api/blade-flow/process/history-flow-list?processInstanceId=${started.processInstanceId}&startActivityId=modifyApply&endActivityId=bossTask`,
      ),
    );
    expect(windowed.map((h: { historyActivityId: string }) => h.historyActivityId)).toEqual([
      'modifyApply',
      'hrTask',
      'bossTask',
    ]);

    const view = await data(
      await call(
        s.app,
        admin,
        'GET',
        `/api/blade-flow/process/model-view?processInstanceId=${started.processInstanceId}`,
      ),
    );
    expect(view.xml).toContain('<process id="Leave"');
    const types = new Set(view.flow.map((f: { historyActivityType: string }) => f.historyActivityType));
    expect([...types].sort()).toEqual([
      'endEvent',
      'exclusiveGateway',
      'sequenceFlow',
      'startEvent',
      'userTask',
    ]);
    expect(
      view.flow.find((f: { historyActivityId: string }) => f.historyActivityId === 'flowBoss'),
    ).toBeTruthy();
    const defOnly = await data(
      await call(s.app, admin, 'GET', `/api/blade-flow/process/model-view?processDefinitionId=${leaveDefId}`),
    );
    expect(defOnly.flow).toBeUndefined();
    expect(defOnly.xml).toContain('Leave');
  });

  it('leave with 3 days or less goes to the manager; complete races leave one winner', async () => {
    await startLeave(2);
    const [hrTask] = await todo('hr');
    const results = await Promise.all(
      [0, 1].map(() =>
        call(s.app, users.hr!.token, 'POST', '/api/blade-flow/work/complete-task', {
          taskId: hrTask.taskId,
          flag: 'ok',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().msg).toBe('任务已被处理,请刷新后重试');
    const [managerTask] = await claims('manager');
    expect(managerTask).toMatchObject({ taskDefinitionKey: 'managerTak', taskName: '经理审批' });
    expect(await claims('boss')).toEqual([]);
    // complete-task auto-claims for a candidate.
    await data(
      await call(s.app, users.manager!.token, 'POST', '/api/blade-flow/work/complete-task', {
        taskId: managerTask.taskId,
        flag: 'ok',
      }),
    );
    expect(
      (await data(await call(s.app, users.manager!.token, 'GET', '/api/blade-flow/work/done-list'))).total,
    ).toBe(1);
  });

  it("another tenant's tasks and instances are invisible", async () => {
    await startLeave(10);
    const [hrTask] = await todo('hr');
    await data(
      await call(s.app, users.hr!.token, 'POST', '/api/blade-flow/work/complete-task', {
        taskId: hrTask.taskId,
        flag: 'ok',
      }),
    );
    expect((await claims('boss')).length).toBe(1);
    const other = users.otherboss!.token;
    expect(await claims('otherboss')).toEqual([]);
    const [bossTask] = await claims('boss');
    expect(
      (await call(s.app, other, 'POST', `/api/blade-flow/work/claim-task?taskId=${bossTask.taskId}`))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(s.app, other, 'POST', '/api/blade-flow/work/complete-task', {
          taskId: bossTask.taskId,
          flag: 'ok',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          s.app,
          other,
          'GET',
          `/api/blade-flow/process/history-flow-list?processInstanceId=${bossTask.processInstanceId}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          s.app,
          other,
          'GET',
          `/api/blade-flow/process/model-view?processInstanceId=${bossTask.processInstanceId}`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await data(await call(s.app, other, 'GET', '/api/blade-flow/follow/list'))).total).toBe(0);
    expect(
      (
        await call(
          s.app,
          other,
          'GET',
          `/api/test-archive/partyarchive2user/detailByTaskId?taskId=${bossTask.taskId}`,
        )
      ).statusCode,
    ).toBe(404);
    // The other tenant starts its own leave on the shared definition; its boss sees only that one.
    const started = await call(s.app, other, 'POST', '/api/blade-desk/process/leave/start-process', {
      processDefinitionId: leaveDefId,
      startTime: '2025-02-01 09:00:00',
      endTime: '2025-02-09 09:00:00',
      reason: '外租户',
      taskUser: users.otherboss!.userId,
    });
    expect(started.statusCode).toBe(200);
    const otherTodo = (await data(await call(s.app, other, 'GET', '/api/blade-flow/work/todo-list'))).records;
    expect(otherTodo).toHaveLength(1);
    expect(await todo('hr')).toEqual([]);
    expect((await data(await call(s.app, other, 'GET', '/api/blade-flow/follow/list'))).total).toBe(1);
  });

  it('follow: running instances, delete with reason', async () => {
    const follow = await data(await call(s.app, admin, 'GET', '/api/blade-flow/follow/list'));
    expect(follow.total).toBeGreaterThanOrEqual(1);
    const running = follow.records[0];
    expect(running).toMatchObject({ processDefinitionKey: 'Leave', startUser: '管理员', suspensionState: 1 });
    expect(running.taskDefinitionKey).toBe('bossTask');
    const filtered = await data(
      await call(
        s.app,
        admin,
        'GET',
        `/api/blade-flow/follow/list?processInstanceId=${running.processInstanceId}`,
      ),
    );
    expect(filtered.total).toBe(1);
    const noReason = await call(
      s.app,
      admin,
      'POST',
      `/api/blade-flow/follow/delete-process-instance?processInstanceId=${running.processInstanceId}`,
    );
    expect(noReason.json().msg).toBe('请输入删除原因');
    await data(
      await call(
        s.app,
        admin,
        'POST',
        `/api/blade-flow/follow/delete-process-instance?processInstanceId=${running.processInstanceId}&deleteReason=${encodeURIComponent('测试删除')}`,
      ),
    );
    expect((await data(await call(s.app, admin, 'GET', '/api/blade-flow/follow/list'))).total).toBe(
      follow.total - 1,
    );
    expect(await claims('boss')).toEqual([]);
    // History is kept.
    const history = await data(
      await call(
        s.app,
        admin,
        'GET',
        `/api/blade-flow/process/history-flow-list?processInstanceId=${running.processInstanceId}`,
      ),
    );
    expect(history.length).toBeGreaterThan(1);
  });

  it('models: submit, list, detail, deploy, manager list, suspend/activate, delete deployment, remove', async () => {
    const submit = await call(s.app, admin, 'POST', '/api/blade-flow/model/submit', {
      name: '简单审批',
      modelKey: 'SimpleA',
      description: '测试',
      modelEditorXml: simpleXml('SimpleA'),
    });
    expect(submit.json().msg).toBe('新增成功');
    const model = submit.json().data;
    expect(model).toMatchObject({ modelKey: 'SimpleA', version: 1, modelType: 0 });
    const dup = await call(s.app, admin, 'POST', '/api/blade-flow/model/submit', {
      name: 'x',
      modelKey: 'SimpleA',
      modelEditorXml: simpleXml('SimpleA'),
    });
    expect(dup.json().msg).toBe('模型标识已存在');
    const updated = await data(
      await call(s.app, admin, 'POST', '/api/blade-flow/model/submit', {
        id: model.id,
        name: '简单审批2',
        modelKey: 'SimpleA',
        modelEditorXml: simpleXml('SimpleA'),
      }),
    );
    expect(updated.version).toBe(2);
    const list = await data(await call(s.app, admin, 'GET', '/api/blade-flow/model/list?modelKey=SimpleA'));
    expect(list.total).toBe(1);
    expect(list.records[0].modelEditorXml).toBeUndefined();
    expect(
      (await data(await call(s.app, admin, 'GET', `/api/blade-flow/model/detail?id=${model.id}`)))
        .modelEditorXml,
    ).toContain('SimpleA');

    const deployed = await data(
      await call(s.app, admin, 'POST', `/api/blade-flow/model/deploy?modelId=${model.id}&category=flow_2`),
    );
    expect(deployed.definitions).toEqual([
      expect.objectContaining({ key: 'SimpleA', version: 1, tenantId: '000000' }),
    ]);
    // Deploy to another tenant: one deployment per tenant id.
    const toOther = await data(
      await call(s.app, admin, 'POST', `/api/blade-flow/model/deploy?modelId=${model.id}&tenantIds=200001`),
    );
    expect(toOther.definitions[0]).toMatchObject({ tenantId: '200001', version: 1 });
    const missing = await call(
      s.app,
      admin,
      'POST',
      `/api/blade-flow/model/deploy?modelId=${model.id}&tenantIds=999999`,
    );
    expect(missing.json().msg).toBe('租户不存在: 999999');
    const mine = await data(await call(s.app, admin, 'GET', '/api/blade-flow/manager/list?size=50'));
    const simple = mine.records.find((r: { key: string }) => r.key === 'SimpleA');
    expect(simple).toMatchObject({ categoryName: '纪检举报流程', tenantId: '', suspensionState: 1 });
    const custom = await data(await call(s.app, admin, 'GET', '/api/blade-flow/manager/list?mode=2&size=50'));
    expect(custom.records.map((r: { tenantId: string }) => r.tenantId)).toContain('200001');
    const otherList = await data(
      await call(s.app, users.otherboss!.token, 'GET', '/api/blade-flow/manager/list?mode=2'),
    );
    expect(otherList.records.map((r: { key: string }) => r.key)).toEqual(['SimpleA']);

    const suspend = await call(
      s.app,
      admin,
      'POST',
      `/api/blade-flow/manager/change-state?state=suspend&processId=${simple.id}`,
    );
    expect(suspend.json().msg).toBe(`挂起ID为 [${simple.id}] 的流程成功`);
    const again = await call(
      s.app,
      admin,
      'POST',
      `/api/blade-flow/manager/change-state?state=suspend&processId=${simple.id}`,
    );
    expect(again.json().msg).toBe(`ID为 [${simple.id}] 的流程已是此状态，无需操作`);
    const cannotStart = await s.db
      .tx({ tenantId: '000000' }, async (trx) => {
        const { startProcess } = await import('../src/flow/service.js');
        return startProcess(
          trx,
          { userId: '1', tenantId: '000000', roleAliases: [] },
          { definitionId: simple.id },
        );
      })
      .catch((e: Error) => e.message);
    expect(cannotStart).toBe('流程定义已挂起,无法发起');
    const activate = await call(
      s.app,
      admin,
      'POST',
      `/api/blade-flow/manager/change-state?state=active&processId=${simple.id}`,
    );
    expect(activate.json().msg).toBe(`激活ID为 [${simple.id}] 的流程成功`);
    // Other tenants cannot change shared definitions.
    expect(
      (
        await call(
          s.app,
          users.otherboss!.token,
          'POST',
          `/api/blade-flow/manager/change-state?state=suspend&processId=${simple.id}`,
        )
      ).statusCode,
    ).toBe(403);

    expect(
      (
        await call(
          s.app,
          admin,
          'POST',
          `/api/blade-flow/manager/delete-deployment?deploymentIds=${simple.deploymentId}`,
        )
      ).json().msg,
    ).toBe('删除成功');
    const after = await data(await call(s.app, admin, 'GET', '/api/blade-flow/manager/list?size=50'));
    expect(after.records.find((r: { key: string }) => r.key === 'SimpleA')).toBeUndefined();
    expect(
      (await call(s.app, admin, 'POST', `/api/blade-flow/model/remove?ids=${model.id}`)).json().msg,
    ).toBe('删除成功');
    expect(
      (await data(await call(s.app, admin, 'GET', '/api/blade-flow/model/list?modelKey=SimpleA'))).total,
    ).toBe(0);
  });

  it('deploy-upload takes several files; refuses unsupported elements and wrong names; check-upload', async () => {
    const boundary = '----wfboundary';
    const part = (name: string, filename: string | undefined, content: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n${filename ? 'Content-Type: text/xml\r\n' : ''}\r\n${content}\r\n`;
    const upload = (parts: string[]) =>
      s.app.inject({
        method: 'POST',
        url: '/api/blade-flow/manager/deploy-upload',
        headers: {
          'blade-auth': `bearer ${admin}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: `${parts.join('')}--${boundary}--\r\n`,
      });
    const ok = await upload([
      part('category', undefined, 'flow_3'),
      part('files', 'UpA.bpmn20.xml', simpleXml('UpA')),
      part('files', 'UpB.bpmn', simpleXml('UpB')),
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.definitions.map((d: { key: string }) => d.key)).toEqual(['UpA', 'UpB']);
    const bad = await upload([
      part('files', 'Bad.bpmn20.xml', simpleXml('Bad', '<serviceTask id="ServiceTask_1"/>')),
    ]);
    expect(bad.json().msg).toBe('不支持的流程元素: 服务任务 ServiceTask_1');
    const malformed = await upload([part('files', 'M.bpmn20.xml', '<definitions><process')]);
    expect(malformed.json().msg).toMatch(/^流程文件解析失败/);
    const wrongName = await upload([part('files', 'x.txt', simpleXml('X'))]);
    expect(wrongName.json().msg).toContain('只能上传');
    const list = await data(await call(s.app, admin, 'GET', '/api/blade-flow/manager/list?category=flow_3'));
    expect(list.records.map((r: { key: string }) => r.key).sort()).toEqual([
      'SolidarityActivity',
      'UpA',
      'UpB',
    ]);
    const body = multipart('file', 'Leave.bpmn20.xml', Buffer.from(LEAVE_XML));
    const check = await s.app.inject({
      method: 'POST',
      url: '/api/blade-flow/manager/check-upload',
      headers: { 'blade-auth': `bearer ${admin}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(check.json().data).toEqual({ name: 'Leave.bpmn20.xml', success: true });
  });

  it('approval mechanism: detailByTaskId, dealProcessFlow reject, resubmit, approve; audit status moves', async () => {
    const resident = users.resident!;
    const recordId = '990000000000000001';
    await sql
      .raw(
        `INSERT INTO ${archiveDef.table} (id, tenant_id, real_name, create_user) VALUES (${recordId}, '000000', '张三', ${resident.userId})`,
      )
      .execute(s.db.kysely);
    const started = await s.db.tx({ tenantId: '000000' }, (trx) =>
      startBusinessProcess(
        trx,
        { userId: resident.userId, tenantId: '000000', roleAliases: ['resident'], account: 'resident' },
        {
          def: archiveDef,
          businessId: recordId,
        },
      ),
    );
    const row = () =>
      s.db.kysely
        .selectFrom(archiveDef.table)
        .selectAll()
        .where('id', '=', recordId)
        .executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ audit_status: 0, process_instance_id: started.processInstanceId });
    // A second start while running is refused.
    await expect(
      s.db.tx({ tenantId: '000000' }, (trx) =>
        startBusinessProcess(
          trx,
          { userId: resident.userId, tenantId: '000000', roleAliases: [] },
          { def: archiveDef, businessId: recordId },
        ),
      ),
    ).rejects.toThrow('该记录已在审批中');

    const auditor = users.auditor!.token;
    let [task] = await claims('auditor');
    expect(task).toMatchObject({
      taskName: '登记审核',
      processDefinitionKey: 'PartyArchive',
      categoryName: '党员登记审核流程',
    });
    const detail = await data(
      await call(s.app, auditor, 'GET', `${archiveDef.path}/detailByTaskId?taskId=${task.taskId}`),
    );
    expect(detail).toMatchObject({
      id: recordId,
      realName: '张三',
      auditStatus: 0,
      flow: { taskId: task.taskId, status: 'claim', canHandle: true },
    });
    expect(detail.flowHistory.map((h: { historyActivityId: string }) => h.historyActivityId)).toEqual([
      'start',
      'auditTask',
    ]);
    // Without the audit button: refused.
    expect(
      (await call(s.app, users.hr!.token, 'GET', `${archiveDef.path}/detailByTaskId?taskId=${task.taskId}`))
        .statusCode,
    ).toBe(403);

    const mismatch = await call(s.app, auditor, 'POST', `${archiveDef.path}/dealProcessFlow`, {
      taskId: task.taskId,
      businessId: '1',
      pass: false,
    });
    expect(mismatch.json().msg).toBe('任务与业务数据不匹配');
    const rejected = await data(
      await call(s.app, auditor, 'POST', `${archiveDef.path}/dealProcessFlow`, {
        taskId: task.taskId,
        processInstanceId: started.processInstanceId,
        businessId: recordId,
        pass: false,
        comment: '证明材料不清晰',
      }),
    );
    expect(rejected).toMatchObject({ outcome: 'reject', auditStatus: 2, processIsFinished: 'unfinished' });
    expect(await row()).toMatchObject({
      audit_status: 2,
      audit_remark: '证明材料不清晰',
      audit_user: users.auditor!.userId,
    });

    // The applicant resubmits through the generic complete-task.
    const [modify] = await todo('resident');
    expect(modify.taskName).toBe('修改申请');
    await data(
      await call(s.app, resident.token, 'POST', '/api/blade-flow/work/complete-task', {
        taskId: modify.taskId,
        flag: 'ok',
        comment: '已重新上传',
      }),
    );
    expect((await row()).audit_status).toBe(0);

    [task] = await claims('auditor');
    const approved = await data(
      await call(s.app, auditor, 'POST', `${archiveDef.path}/dealProcessFlow`, {
        taskId: task.taskId,
        businessId: recordId,
        flag: 'ok',
      }),
    );
    expect(approved).toMatchObject({ outcome: 'approve', auditStatus: 1, processIsFinished: 'finished' });
    expect(await row()).toMatchObject({ audit_status: 1, audit_remark: '同意' });
    const history = await data(
      await call(
        s.app,
        auditor,
        'GET',
        `/api/blade-flow/process/history-flow-list?processInstanceId=${started.processInstanceId}`,
      ),
    );
    expect(history.map((h: { comment: string }) => h.comment)).toEqual([
      '',
      '证明材料不清晰',
      '已重新上传',
      '同意',
      '',
    ]);
    // A finished task cannot be dealt again.
    const again = await call(s.app, auditor, 'POST', `${archiveDef.path}/dealProcessFlow`, {
      taskId: task.taskId,
      pass: true,
    });
    expect(again.json().msg).toBe('任务已被处理,请刷新后重试');
  });

  it('share-facility variant: useDealProcessFlow deals tasks of its process only; withdraw sets 已撤回', async () => {
    const resident = users.resident!;
    const recordId = '990000000000000002';
    await sql
      .raw(
        `INSERT INTO ${borrowDef.table} (id, tenant_id, real_name, create_user) VALUES (${recordId}, '000000', '借用人', ${resident.userId})`,
      )
      .execute(s.db.kysely);
    const started = await s.db.tx({ tenantId: '000000' }, (trx) =>
      startBusinessProcess(
        trx,
        { userId: resident.userId, tenantId: '000000', roleAliases: [] },
        { def: borrowDef, businessId: recordId },
      ),
    );
    const [task] = (await claims('auditor')).filter(
      (t: { processInstanceId: string }) => t.processInstanceId === started.processInstanceId,
    );
    expect(task.taskName).toBe('借用审核');
    const wrong = await call(
      s.app,
      users.auditor!.token,
      'POST',
      '/api/app-share-facility/sharefacility/returnDealProcessFlow',
      {
        taskId: task.taskId,
        pass: true,
      },
    );
    expect(wrong.statusCode).toBe(403); // the auditor lacks the return-audit button
    const res = await data(
      await call(
        s.app,
        users.auditor!.token,
        'POST',
        '/api/app-share-facility/sharefacility/useDealProcessFlow',
        {
          taskId: task.taskId,
          businessId: recordId,
          pass: false,
          comment: '库存不足',
        },
      ),
    );
    expect(res).toMatchObject({ auditStatus: 2 });
    const [modify] = await todo('resident');
    await data(
      await call(s.app, resident.token, 'POST', '/api/blade-flow/work/complete-task', {
        taskId: modify.taskId,
        comment: '不借了',
      }),
    );
    const row = await s.db.kysely
      .selectFrom(borrowDef.table)
      .selectAll()
      .where('id', '=', recordId)
      .executeTakeFirstOrThrow();
    expect(row.audit_status).toBe(3);
    const sent = await data(await call(s.app, resident.token, 'GET', '/api/blade-flow/work/send-list'));
    expect(
      sent.records.find(
        (r: { processInstanceId: string }) => r.processInstanceId === started.processInstanceId,
      ),
    ).toMatchObject({
      processIsFinished: 'finished',
    });
  });

  it('every workflow route declares access and requires a token', async () => {
    const routes = s.app.accessTable.filter((r) =>
      /blade-flow|blade-desk\/process|DealProcessFlow|detailByTaskId/.test(r.url),
    );
    expect(routes.length).toBeGreaterThanOrEqual(25);
    for (const r of routes) {
      expect('public' in r.access).toBe(false);
      if (r.method === 'HEAD') continue;
      const res = await s.app.inject({ method: r.method as 'GET', url: r.url });
      expect(res.statusCode).toBe(401);
    }
    // Lists need their menu: a user without work menus is refused.
    expect((await call(s.app, users.hr!.token, 'GET', '/api/blade-flow/model/list')).statusCode).toBe(403);
  });
});
