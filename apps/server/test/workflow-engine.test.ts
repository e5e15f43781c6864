// Engine unit tests: the expression evaluator, deploy-time validation, the token walk, and the
// executor on rows (reject/resubmit loop, parallel fork/join, concurrent completes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/engine/schema/migrate.js';
import { nextId } from '../src/db/ids.js';
import { compileExpression, evalExpression, ExpressionError } from '../src/flow/expr.js';
import { DeployError, parseBpmn, toRunnable } from '../src/flow/compile.js';
import { completeTaskSteps, FlowError, startProcessSteps } from '../src/flow/runtime.js';
import { LEAVE_XML } from '../src/seed/flows.js';
import {
  type Actor,
  claimTask,
  completeTask,
  deploy,
  MSG_TASK_DONE,
  startProcess,
} from '../src/flow/service.js';
import { openTestDatabase } from './harness.js';

const NS = `xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t"`;
const bpmn = (body: string, id = 'P') =>
  `<?xml version="1.0" encoding="UTF-8"?><definitions ${NS}><process id="${id}" name="测试流程" isExecutable="true">${body}</process></definitions>`;
const cond = (e: string) =>
  `<conditionExpression xsi:type="tFormalExpression"><![CDATA[${e}]]></conditionExpression>`;
const flow = (id: string, s: string, t: string, c?: string) =>
  `<sequenceFlow id="${id}" sourceRef="${s}" targetRef="${t}">${c ? cond(c) : ''}</sequenceFlow>`;

async function runnable(xml: string) {
  const [model] = await parseBpmn(xml);
  return toRunnable(model!);
}

describe('expression evaluator', () => {
  it('evaluates literals, variables, comparison, logic and arithmetic', () => {
    const v = { pass: true, days: 5, name: 'boss', nested: { level: 2 }, list: [] as unknown[] };
    expect(evalExpression('${pass}', v)).toBe(true);
    expect(evalExpression('${!pass}', v)).toBe(false);
    expect(evalExpression('${days > 3}', v)).toBe(true);
    expect(evalExpression('${days <= 3}', v)).toBe(false);
    expect(evalExpression('${days >= 5 && pass}', v)).toBe(true);
    expect(evalExpression('${days gt 10 or not pass}', v)).toBe(false);
    expect(evalExpression("${name == 'boss'}", v)).toBe(true);
    expect(evalExpression('${name eq "boss" and nested.level ne 3}', v)).toBe(true);
    expect(evalExpression('${(days + 1) * 2 - 2 / 2}', v)).toBe(11);
    expect(evalExpression('${days % 2 == 1}', v)).toBe(true);
    expect(evalExpression('${-days < 0}', v)).toBe(true);
    expect(evalExpression('${empty list}', v)).toBe(true);
    expect(evalExpression('${empty missing}', v)).toBe(true);
    expect(evalExpression('${pass ? 1 : 2}', v)).toBe(1);
    expect(evalExpression("${days == '5'}", v)).toBe(true);
    expect(evalExpression('${true || false && false}', v)).toBe(true);
    expect(evalExpression('${null == missingValue}', { missingValue: null })).toBe(true);
    expect(evalExpression('taskUser_${id}', { id: 7 })).toBe('taskUser_7');
  });

  it('refuses unknown variables, method calls, prototype access and bad syntax', () => {
    expect(() => evalExpression('${days > 3}', {})).toThrow(ExpressionError);
    expect(() => compileExpression('${a.toString()}')).toThrow(ExpressionError);
    expect(() => compileExpression('${process.exit(1)}')).toThrow(ExpressionError);
    expect(() => evalExpression('${constructor}', {})).toThrow(ExpressionError);
    expect(evalExpression('${a.constructor}', { a: {} })).toBe(null);
    expect(() => compileExpression('${days >}')).toThrow(ExpressionError);
    expect(() => compileExpression('${(a}')).toThrow(ExpressionError);
    expect(() => compileExpression('${a ; b}')).toThrow(ExpressionError);
    expect(() => compileExpression('${a')).toThrow(ExpressionError);
    expect(() => evalExpression('${1 / 0}', {})).toThrow(ExpressionError);
  });
});

describe('deploy validation', () => {
  it('parses the BladeX leave process with incoming/outgoing derived from the flows', async () => {
    const [leave] = await parseBpmn(LEAVE_XML);
    expect(leave!.id).toBe('Leave');
    expect(leave!.nodes.hrTask!.assignee).toBe('${taskUser}');
    expect(leave!.nodes.bossTask!.candidateGroups).toBe('boss');
    expect(leave!.nodes.start!.initiator).toBe('applyUser');
    expect(leave!.nodes.hrTask!.outgoing.sort()).toEqual(['flowHrPass', 'flowHrReject']);
    expect(leave!.nodes.modifyApply!.incoming).toHaveLength(3);
  });

  it('refuses an unsupported element, naming it', async () => {
    const xml = bpmn(
      `<startEvent id="s"/><serviceTask id="ServiceTask_1" name="发邮件"/><endEvent id="e"/>${flow('f1', 's', 'ServiceTask_1')}${flow('f2', 'ServiceTask_1', 'e')}`,
    );
    await expect(parseBpmn(xml)).rejects.toThrow('不支持的流程元素: 服务任务 ServiceTask_1');
    const timer = bpmn(
      `<startEvent id="s"><timerEventDefinition/></startEvent><endEvent id="e"/>${flow('f1', 's', 'e')}`,
    );
    await expect(parseBpmn(timer)).rejects.toThrow('不支持的流程元素: 定时事件 s');
    const multi = bpmn(
      `<startEvent id="s"/><userTask id="t" flowable:candidateGroups="a"><multiInstanceLoopCharacteristics/></userTask><endEvent id="e"/>${flow('f1', 's', 't')}${flow('f2', 't', 'e')}`,
    );
    await expect(parseBpmn(multi)).rejects.toThrow('不支持的流程元素: 多实例(会签) t');
    const inclusive = bpmn(
      `<startEvent id="s"/><inclusiveGateway id="g"/><endEvent id="e"/>${flow('f1', 's', 'g')}${flow('f2', 'g', 'e')}`,
    );
    await expect(parseBpmn(inclusive)).rejects.toThrow('不支持的流程元素: 包容网关 g');
  });

  it('refuses malformed XML and broken models', async () => {
    await expect(parseBpmn('<definitions><process')).rejects.toThrow(/流程文件解析失败/);
    await expect(parseBpmn('not xml at all')).rejects.toThrow(/流程文件解析失败/);
    await expect(parseBpmn('')).rejects.toThrow('流程文件内容为空');
    await expect(parseBpmn(`<definitions ${NS}></definitions>`)).rejects.toThrow('部署失败,未找到流程');
    await expect(
      parseBpmn(bpmn(`<userTask id="t" flowable:assignee="x"/><endEvent id="e"/>${flow('f', 't', 'e')}`)),
    ).rejects.toThrow('必须有且只有一个开始事件');
    await expect(
      parseBpmn(
        bpmn(
          `<startEvent id="s"/><userTask id="t"/><endEvent id="e"/>${flow('f1', 's', 't')}${flow('f2', 't', 'e')}`,
        ),
      ),
    ).rejects.toThrow('未设置办理人或候选人');
    await expect(
      parseBpmn(
        bpmn(
          `<startEvent id="s"/><userTask id="t" flowable:assignee="a"/><endEvent id="e"/>${flow('f1', 's', 't')}`,
        ),
      ),
    ).rejects.toThrow('没有出口连线');
    await expect(
      parseBpmn(
        bpmn(
          `<startEvent id="s"/><exclusiveGateway id="g"/><endEvent id="e"/>${flow('f1', 's', 'g')}${flow('f2', 'g', 'e', '${days >}')}`,
        ),
      ),
    ).rejects.toThrow('条件表达式有误');
    await expect(
      parseBpmn(bpmn(`<startEvent id="s"/><endEvent id="e"/>${flow('f1', 's', 'nowhere')}`)),
    ).rejects.toThrow('起点或终点不存在');
    await expect(parseBpmn(`<definitions ${NS}><fooTask id="x"/></definitions>`)).rejects.toBeInstanceOf(
      DeployError,
    );
  });
});

describe('token walk', () => {
  const TWO_WAY = bpmn(
    `<startEvent id="s" flowable:initiator="applyUser"/>
     <userTask id="t1" name="部门审批" flowable:assignee="\${approver}"/>
     <exclusiveGateway id="g" default="fDefault"/>
     <userTask id="t2" name="领导审批" flowable:candidateGroups="leader,boss" flowable:candidateUsers="taskUser_9,\${extra}"/>
     <endEvent id="ok"/><endEvent id="no"/>
     ${flow('f1', 's', 't1')}${flow('f2', 't1', 'g')}
     ${flow('fBig', 'g', 't2', '${pass && days > 3}')}${flow('fNo', 'g', 'no', '${!pass}')}${flow('fDefault', 'g', 'ok')}
     ${flow('f3', 't2', 'ok')}`,
  );

  it('start event and user task with an assignee expression', async () => {
    const p = await runnable(TWO_WAY);
    const r = startProcessSteps(p, { approver: 'taskUser_42', days: 5, extra: 7 });
    expect(r.tasks).toEqual([
      expect.objectContaining({ nodeId: 't1', name: '部门审批', assignee: '42', candidateGroups: [] }),
    ]);
    expect(r.history.map((h) => [h.activityId, h.type, h.open])).toEqual([
      ['s', 'startEvent', false],
      ['f1', 'sequenceFlow', false],
      ['t1', 'userTask', true],
    ]);
    expect(r.ended).toBeUndefined();
  });

  it('exclusive gateway: conditions, candidates, default flow, and no way out', async () => {
    const p = await runnable(TWO_WAY);
    const vars = { approver: '1', days: 5, extra: 7 };
    const big = completeTaskSteps(p, { ...vars, pass: true }, {}, 't1', 0);
    expect(big.tasks[0]).toMatchObject({
      nodeId: 't2',
      assignee: null,
      candidateGroups: ['leader', 'boss'],
      candidateUsers: ['9', '7'],
    });
    const small = completeTaskSteps(p, { ...vars, days: 2, pass: true }, {}, 't1', 0);
    expect(small.tasks).toEqual([]);
    expect(small.ended).toEqual({ endActivityId: 'ok', terminated: false });
    expect(small.history.map((h) => h.activityId)).toEqual(['f2', 'g', 'fDefault', 'ok']);
    const no = completeTaskSteps(p, { ...vars, pass: false }, {}, 't1', 0);
    expect(no.ended?.endActivityId).toBe('no');
    expect(() => completeTaskSteps(p, { approver: '1' }, {}, 't1', 0)).toThrow(FlowError);
  });

  it('conditional flows on a task, and a task with no true flow', async () => {
    const p = await runnable(LEAVE_XML);
    const vars = { applyUser: 'taskUser_1', taskUser: 'taskUser_2', days: 1 };
    expect(startProcessSteps(p, vars).tasks[0]).toMatchObject({ nodeId: 'hrTask', assignee: '2' });
    expect(completeTaskSteps(p, { ...vars, pass: true }, {}, 'hrTask', 0).tasks[0]!.nodeId).toBe(
      'managerTak',
    );
    expect(completeTaskSteps(p, { ...vars, days: 4, pass: true }, {}, 'hrTask', 0).tasks[0]!.nodeId).toBe(
      'bossTask',
    );
    expect(completeTaskSteps(p, { ...vars, pass: false }, {}, 'hrTask', 0).tasks[0]).toMatchObject({
      nodeId: 'modifyApply',
      assignee: '1',
    });
    expect(() => completeTaskSteps(p, vars, {}, 'hrTask', 0)).toThrow(/条件无法计算/);
  });

  const PARALLEL = bpmn(
    `<startEvent id="s"/><parallelGateway id="fork"/>
     <userTask id="a" name="甲" flowable:assignee="1"/><userTask id="b" name="乙" flowable:assignee="2"/>
     <parallelGateway id="join"/><userTask id="c" name="汇总" flowable:assignee="3"/><endEvent id="e"/>
     ${flow('f0', 's', 'fork')}${flow('fa', 'fork', 'a')}${flow('fb', 'fork', 'b')}
     ${flow('fa2', 'a', 'join')}${flow('fb2', 'b', 'join')}${flow('fc', 'join', 'c')}${flow('fe', 'c', 'e')}`,
  );

  it('parallel fork and join', async () => {
    const p = await runnable(PARALLEL);
    const start = startProcessSteps(p, {});
    expect(start.tasks.map((t) => t.nodeId)).toEqual(['a', 'b']);
    const first = completeTaskSteps(p, {}, start.joins, 'a', 1);
    expect(first.tasks).toEqual([]);
    expect(first.joins).toEqual({ join: 1 });
    expect(first.ended).toBeUndefined();
    const second = completeTaskSteps(p, {}, first.joins, 'b', 0);
    expect(second.tasks.map((t) => t.nodeId)).toEqual(['c']);
    expect(second.joins).toEqual({});
    expect(completeTaskSteps(p, {}, {}, 'c', 0).ended).toEqual({ endActivityId: 'e', terminated: false });
  });

  it('terminate end event cancels the other branch', async () => {
    const p = await runnable(
      bpmn(
        `<startEvent id="s"/><parallelGateway id="fork"/><userTask id="a" flowable:assignee="1"/><userTask id="b" flowable:assignee="2"/>
         <endEvent id="stop"><terminateEventDefinition/></endEvent><endEvent id="e"/>
         ${flow('f0', 's', 'fork')}${flow('fa', 'fork', 'a')}${flow('fb', 'fork', 'b')}${flow('fa2', 'a', 'stop')}${flow('fb2', 'b', 'e')}`,
      ),
    );
    const r = completeTaskSteps(p, {}, {}, 'a', 1);
    expect(r.ended).toEqual({ endActivityId: 'stop', terminated: true });
  });

  it('a loop without a wait state is stopped', async () => {
    const p = await runnable(
      bpmn(
        `<startEvent id="s"/><exclusiveGateway id="g1"/><exclusiveGateway id="g2"/><endEvent id="e"/>
         ${flow('f0', 's', 'g1')}${flow('f1', 'g1', 'g2')}${flow('f2', 'g2', 'g1', '${loop}')}${flow('f3', 'g2', 'e', '${!loop}')}`,
      ),
    );
    expect(() => startProcessSteps(p, { loop: true })).toThrow('流程流转次数过多');
    expect(startProcessSteps(p, { loop: false }).ended?.endActivityId).toBe('e');
  });
});

describe('executor on rows', () => {
  let db: Database;
  let drop: () => Promise<void>;
  const T = '000000';
  const applicant: Actor = { userId: '101', tenantId: T, roleAliases: ['staff'] };
  const hr: Actor = { userId: '102', tenantId: T, roleAliases: ['hr'] };
  const boss: Actor = { userId: '103', tenantId: T, roleAliases: ['boss'] };
  let leaveDef = '';
  let parallelDef = '';

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
    await migrate(db);
    await db.tx({ tenantId: T }, async (trx) => {
      leaveDef = (await deploy(trx, applicant, { xml: LEAVE_XML, source: 'upload' })).definitions[0]!.id;
      parallelDef = (
        await deploy(trx, applicant, {
          source: 'upload',
          xml: bpmn(
            `<startEvent id="s"/><parallelGateway id="fork"/><userTask id="a" flowable:assignee="102"/><userTask id="b" flowable:candidateGroups="boss"/>
             <parallelGateway id="join"/><endEvent id="e"/>
             ${flow('f0', 's', 'fork')}${flow('fa', 'fork', 'a')}${flow('fb', 'fork', 'b')}${flow('fa2', 'a', 'join')}${flow('fb2', 'b', 'join')}${flow('fe', 'join', 'e')}`,
            'Par',
          ),
        })
      ).definitions[0]!.id;
    });
  });
  afterAll(async () => drop());

  const tasksOf = (instanceId: string) =>
    db.tx({ tenantId: T }, (trx) =>
      trx
        .selectFrom('flow_task')
        .selectAll()
        .where('process_instance_id', '=', instanceId)
        .orderBy('id')
        .execute(),
    );
  const instanceOf = (id: string) =>
    db.tx({ tenantId: T }, (trx) =>
      trx.selectFrom('flow_process_instance').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    );
  const active = async (id: string) => (await tasksOf(id)).filter((t) => t.status === 'active');

  it('runs the leave process through reject, resubmit and approval', async () => {
    const { processInstanceId: pid } = await db.tx({ tenantId: T }, (trx) =>
      startProcess(trx, applicant, {
        definitionId: leaveDef,
        variables: { taskUser: 'taskUser_102', days: 5 },
        businessTable: 'x',
        businessId: '1',
      }),
    );
    let [task] = await active(pid);
    expect(task).toMatchObject({ task_def_key: 'hrTask', assignee: '102' });
    // Only the assignee may complete it.
    await expect(
      db.tx({ tenantId: T }, (trx) => completeTask(trx, boss, { taskId: String(task!.id), pass: true })),
    ).rejects.toThrow('您不是该任务的办理人');
    // Reject → 调整申请 for the applicant, who resubmits.
    await db.tx({ tenantId: T }, (trx) =>
      completeTask(trx, hr, { taskId: String(task!.id), pass: false, comment: '材料不全' }),
    );
    [task] = await active(pid);
    expect(task).toMatchObject({ task_def_key: 'modifyApply', assignee: '101' });
    const resubmit = await db.tx({ tenantId: T }, (trx) =>
      completeTask(trx, applicant, { taskId: String(task!.id), pass: true }),
    );
    expect(resubmit.applicantStep).toBe(true);
    [task] = await active(pid);
    expect(task!.task_def_key).toBe('hrTask');
    await db.tx({ tenantId: T }, (trx) => completeTask(trx, hr, { taskId: String(task!.id), pass: true }));
    [task] = await active(pid);
    expect(task).toMatchObject({ task_def_key: 'bossTask', assignee: null, candidate_groups: 'boss' });
    await expect(db.tx({ tenantId: T }, (trx) => claimTask(trx, hr, String(task!.id)))).rejects.toThrow(
      '候选人',
    );
    await db.tx({ tenantId: T }, (trx) => claimTask(trx, boss, String(task!.id)));
    const end = await db.tx({ tenantId: T }, (trx) =>
      completeTask(trx, boss, { taskId: String(task!.id), pass: true }),
    );
    expect(end.ended).toBe(true);
    const inst = await instanceOf(pid);
    expect(inst).toMatchObject({ status: 'completed', end_activity_id: 'endPass' });
    expect(await active(pid)).toEqual([]);
    const comments = await db.tx({ tenantId: T }, (trx) =>
      trx
        .selectFrom('flow_comment')
        .select(['type', 'message'])
        .where('process_instance_id', '=', pid)
        .orderBy('create_time')
        .orderBy('id')
        .execute(),
    );
    expect(comments.map((c) => c.type)).toEqual(['reject', 'resubmit', 'pass', 'pass']);
    expect(comments[0]!.message).toBe('材料不全');
    // Completing a finished task again is refused.
    await expect(
      db.tx({ tenantId: T }, (trx) => completeTask(trx, boss, { taskId: String(task!.id), pass: true })),
    ).rejects.toThrow(MSG_TASK_DONE);
  });

  it('joins parallel branches on rows', async () => {
    const { processInstanceId: pid } = await db.tx({ tenantId: T }, (trx) =>
      startProcess(trx, applicant, { definitionId: parallelDef }),
    );
    const [a, b] = await active(pid);
    await db.tx({ tenantId: T }, (trx) => completeTask(trx, hr, { taskId: String(a!.id), pass: true }));
    expect((await instanceOf(pid)).status).toBe('running');
    expect(JSON.stringify((await instanceOf(pid)).joins)).toContain('"join":1');
    await db.tx({ tenantId: T }, (trx) => completeTask(trx, boss, { taskId: String(b!.id), pass: true }));
    expect(await instanceOf(pid)).toMatchObject({ status: 'completed', end_activity_id: 'e' });
  });

  it('of two simultaneous completes of one task exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const { processInstanceId: pid } = await db.tx({ tenantId: T }, (trx) =>
        startProcess(trx, applicant, { definitionId: leaveDef, variables: { taskUser: '102', days: 1 } }),
      );
      const [task] = await active(pid);
      const results = await Promise.allSettled(
        [true, false].map((pass) =>
          db.tx({ tenantId: T }, (trx) => completeTask(trx, hr, { taskId: String(task!.id), pass })),
        ),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect((lost[0]!.reason as Error).message).toBe(MSG_TASK_DONE);
      // One successor task only, and one comment.
      expect(await active(pid)).toHaveLength(1);
      const comments = await db.tx({ tenantId: T }, (trx) =>
        trx.selectFrom('flow_comment').select('id').where('task_id', '=', String(task!.id)).execute(),
      );
      expect(comments).toHaveLength(1);
    }
  });

  it('a step that cannot continue rolls back entirely', async () => {
    const { processInstanceId: pid } = await db.tx({ tenantId: T }, (trx) =>
      startProcess(trx, applicant, { definitionId: leaveDef, variables: { taskUser: '102' } }),
    );
    const [task] = await active(pid);
    // days is missing: the gateway cannot decide, nothing is written.
    await expect(
      db.tx({ tenantId: T }, (trx) => completeTask(trx, hr, { taskId: String(task!.id), pass: true })),
    ).rejects.toThrow(/days/);
    const [still] = await active(pid);
    expect(still!.id).toBe(task!.id);
    expect(nextId()).toMatch(/^\d+$/);
  });
});
