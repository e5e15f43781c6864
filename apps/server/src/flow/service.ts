/**
 * The executor's writes: deploy, start, claim, complete, delete, suspend. Every function takes the
 * caller's open transaction (`db.tx`), so a workflow step commits or rolls back together with the
 * business row it changes. Completing a task locks the instance row (FOR UPDATE) and closes the task
 * with a conditional update, so of two simultaneous completes exactly one wins.
 */
import { isId } from '@tongxin/resources';
import { sql } from 'kysely';
import { PLATFORM_TENANT, type Row, type Trx } from '../db/database.js';
import { nextId } from '../db/ids.js';
import { badRequest, forbidden, notFound } from '../http/envelope.js';
import { formatDateTime } from '../util/datetime.js';
import { DeployError, parseBpmn, type ProcessModel, type RunnableProcess, toRunnable } from './compile.js';
import type { Variables } from './expr.js';
import {
  completeTaskSteps,
  FlowError,
  startProcessSteps,
  type StepResult,
  TASK_USER_PREFIX,
} from './runtime.js';

/** Who acts: the token's user (or a system actor in seeds and tests). */
export interface Actor {
  userId: string;
  tenantId: string;
  roleAliases: string[];
  account?: string;
}

export const MSG_TASK_DONE = '任务已被处理,请刷新后重试';
/** Separation of duties: nobody decides a request of their own. */
export const MSG_OWN_REQUEST = '不能审批本人提交的申请';

/** Runs a flow step, turning executor errors into 400 envelopes (the transaction rolls back). */
async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof FlowError || e instanceof DeployError) throw badRequest(e.message);
    throw e;
  }
}

const runnableCache = new Map<string, RunnableProcess>();

/** The compiled process of a definition row (definitions never change once deployed). */
export function runnableOf(def: Row): RunnableProcess {
  const id = String(def.id);
  let r = runnableCache.get(id);
  if (!r) {
    const compiled = (
      typeof def.compiled === 'string' ? JSON.parse(def.compiled) : def.compiled
    ) as ProcessModel;
    r = toRunnable(compiled);
    if (runnableCache.size > 500) runnableCache.clear();
    runnableCache.set(id, r);
  }
  return r;
}

// ---------------------------------------------------------------------------------------------- deploy

export interface DeployInput {
  xml: string;
  name?: string;
  source: 'model' | 'upload' | 'seed';
  modelId?: string;
  resourceName?: string;
  category?: string;
  /** Target tenants; empty = the caller's tenant (shared with every tenant when that is the platform). */
  tenantIds?: string[];
}

export interface DeployResult {
  deploymentIds: string[];
  definitions: { id: string; key: string; version: number; tenantId: string }[];
}

/** Validates the XML (unsupported elements refuse the deploy) and stores one deployment per target
 * tenant, each process as a new version of its key. Deploying into other tenants needs a transaction
 * opened with `allTenants`. */
export async function deploy(trx: Trx, actor: Actor, input: DeployInput): Promise<DeployResult> {
  const processes = await guarded(() => parseBpmn(input.xml));
  const targets = input.tenantIds?.length
    ? input.tenantIds.map((t) => ({ tenantId: t, shared: 0 }))
    : [{ tenantId: actor.tenantId, shared: actor.tenantId === PLATFORM_TENANT ? 1 : 0 }];
  const now = formatDateTime();
  const out: DeployResult = { deploymentIds: [], definitions: [] };
  const resourceName = input.resourceName || `${processes[0]!.id}.bpmn20.xml`;
  for (const target of targets) {
    const deploymentId = nextId();
    await trx
      .insertInto('flow_deployment')
      .values({
        id: deploymentId,
        tenant_id: target.tenantId,
        shared: target.shared,
        name: input.name || processes[0]!.name,
        source: input.source,
        model_id: input.modelId ?? null,
        resource_name: resourceName,
        category: input.category ?? null,
        deploy_time: now,
        deploy_user: actor.userId || null,
      })
      .execute();
    out.deploymentIds.push(deploymentId);
    for (const p of processes) {
      const last = await trx
        .selectFrom('flow_process_definition')
        .select(sql<number>`max(version)`.as('v'))
        .where('tenant_id', '=', target.tenantId)
        .where('process_key', '=', p.id)
        .executeTakeFirst();
      const version = Number(last?.v ?? 0) + 1;
      const id = nextId();
      await trx
        .insertInto('flow_process_definition')
        .values({
          id,
          deployment_id: deploymentId,
          tenant_id: target.tenantId,
          shared: target.shared,
          process_key: p.id,
          name: p.name,
          description: p.documentation || null,
          version,
          category: input.category ?? null,
          resource_name: resourceName,
          xml: input.xml,
          compiled: JSON.stringify(p),
          suspension_state: 1,
          deploy_time: now,
        })
        .execute();
      out.definitions.push({ id, key: p.id, version, tenantId: target.tenantId });
    }
  }
  return out;
}

/** The newest definition of a key the tenant may start: its own, else the shared one. */
export async function latestDefinition(trx: Trx, tenantId: string, key: string): Promise<Row | undefined> {
  const rows = await trx
    .selectFrom('flow_process_definition')
    .selectAll()
    .where('process_key', '=', key)
    .where((eb) => eb.or([eb('tenant_id', '=', tenantId), eb('shared', '=', 1)]))
    .orderBy(sql`case when tenant_id = ${tenantId} and shared = 0 then 0 else 1 end`)
    .orderBy('version', 'desc')
    .limit(1)
    .execute();
  return rows[0] as Row | undefined;
}

// ----------------------------------------------------------------------------------------- start / apply

async function nextSeq(trx: Trx, instanceId: string): Promise<number> {
  const r = await trx
    .selectFrom('flow_history_activity')
    .select(sql<number>`coalesce(max(seq), 0)`.as('s'))
    .where('process_instance_id', '=', instanceId)
    .executeTakeFirst();
  return Number(r?.s ?? 0) + 1;
}

/** Writes a step's result: new tasks, history rows, joins, and the end of the instance. */
export async function applyStep(
  trx: Trx,
  instance: Row,
  result: StepResult,
  variables: Variables,
  now: string,
  extraSeq?: number,
): Promise<{ taskIds: string[] }> {
  const instanceId = String(instance.id);
  let seq = extraSeq ?? (await nextSeq(trx, instanceId));
  const taskIds: string[] = [];
  const tasks = [...result.tasks];
  const historyRows: Record<string, unknown>[] = [];
  const taskRows: Record<string, unknown>[] = [];
  for (const h of result.history) {
    let taskId: string | null = null;
    let assignee: string | null = null;
    if (h.open && h.type === 'userTask') {
      const spec = tasks.shift()!;
      taskId = nextId();
      assignee = spec.assignee;
      taskIds.push(taskId);
      taskRows.push({
        id: taskId,
        tenant_id: instance.tenant_id,
        process_instance_id: instanceId,
        process_definition_id: instance.process_definition_id,
        task_def_key: spec.nodeId,
        name: spec.name,
        assignee: spec.assignee,
        candidate_users: spec.candidateUsers.join(','),
        candidate_groups: spec.candidateGroups.join(','),
        form_key: spec.formKey,
        status: 'active',
        create_time: now,
      });
    }
    historyRows.push({
      id: nextId(),
      tenant_id: instance.tenant_id,
      process_instance_id: instanceId,
      activity_id: h.activityId,
      activity_name: h.name || null,
      activity_type: h.type,
      task_id: taskId,
      assignee,
      start_time: now,
      end_time: h.open ? null : now,
      duration_ms: h.open ? null : 0,
      seq: seq++,
    });
  }
  if (taskRows.length) await trx.insertInto('flow_task').values(taskRows).execute();
  if (historyRows.length) await trx.insertInto('flow_history_activity').values(historyRows).execute();
  const changes: Record<string, unknown> = {
    variables: JSON.stringify(variables),
    joins: JSON.stringify(result.joins),
    version: sql`version + 1`,
  };
  if (result.ended) {
    Object.assign(changes, {
      status: 'completed',
      end_time: now,
      end_activity_id: result.ended.endActivityId,
    });
    if (result.ended.terminated) await cancelActive(trx, instanceId, now, 'terminated');
  }
  await trx.updateTable('flow_process_instance').set(changes).where('id', '=', instanceId).execute();
  return { taskIds };
}

/** Ends the instance's active tasks and their open history rows. */
export async function cancelActive(trx: Trx, instanceId: string, now: string, status: string) {
  await trx
    .updateTable('flow_task')
    .set({ status, end_time: now })
    .where('process_instance_id', '=', instanceId)
    .where('status', '=', 'active')
    .execute();
  await trx
    .updateTable('flow_history_activity')
    .set({
      end_time: now,
      duration_ms: sql`(extract(epoch from (${now}::timestamp - start_time)) * 1000)::bigint`,
    })
    .where('process_instance_id', '=', instanceId)
    .where('end_time', 'is', null)
    .execute();
}

export interface StartInput {
  definitionId?: string;
  processKey?: string;
  businessTable?: string;
  businessId?: string;
  /** whom the business record asks for, when not the starter (they may not decide it either) */
  applicantId?: string;
  variables?: Variables;
}

export interface StartResult {
  processInstanceId: string;
  processDefinitionId: string;
  definition: Row;
  taskIds: string[];
  ended: boolean;
}

/** Starts an instance (by definition id, or the newest definition of a key) as `actor`. */
export async function startProcess(trx: Trx, actor: Actor, input: StartInput): Promise<StartResult> {
  let def: Row | undefined;
  if (input.definitionId) {
    if (!isId(input.definitionId)) throw badRequest('流程定义不存在');
    def = (await trx
      .selectFrom('flow_process_definition')
      .selectAll()
      .where('id', '=', input.definitionId)
      .executeTakeFirst()) as Row | undefined;
  } else if (input.processKey) {
    def = await latestDefinition(trx, actor.tenantId, input.processKey);
  }
  if (!def) throw badRequest('流程启动失败,未找到流程定义');
  if (Number(def.suspension_state) === 2) throw badRequest('流程定义已挂起,无法发起');
  const proc = runnableOf(def);
  const variables: Variables = { ...(input.variables ?? {}) };
  const start = proc.nodes[proc.start]!;
  if (start.initiator) variables[start.initiator] = `${TASK_USER_PREFIX}${actor.userId}`;
  const result = await guarded(async () => startProcessSteps(proc, variables));
  const now = formatDateTime();
  const instance: Row = {
    id: nextId(),
    tenant_id: actor.tenantId,
    process_definition_id: def.id,
    process_definition_key: def.process_key,
    name: def.name,
    category: def.category ?? null,
    business_table: input.businessTable ?? null,
    business_id: input.businessId ?? null,
    start_user_id: actor.userId,
    applicant_id: input.applicantId ?? null,
    start_time: now,
    status: 'running',
    suspension_state: 1,
    variables: JSON.stringify(variables),
    joins: '{}',
    version: 1,
  };
  await trx.insertInto('flow_process_instance').values(instance).execute();
  const { taskIds } = await applyStep(trx, instance, result, variables, now, 1);
  return {
    processInstanceId: String(instance.id),
    processDefinitionId: String(def.id),
    definition: def,
    taskIds,
    ended: Boolean(result.ended),
  };
}

// ------------------------------------------------------------------------------------- claim / complete

export const isCandidate = (task: Row, actor: Actor): boolean => {
  const users = String(task.candidate_users ?? '')
    .split(',')
    .filter(Boolean);
  const groups = String(task.candidate_groups ?? '')
    .split(',')
    .filter(Boolean);
  return users.includes(actor.userId) || groups.some((g) => actor.roleAliases.includes(g));
};

/** Whether `userId` is an applicant of the instance: who started it, or whom its record asks for. */
export const isOwnRequest = (instance: Row, userId: string): boolean =>
  [instance.start_user_id, instance.applicant_id].some(
    (id) => id !== null && id !== undefined && String(id) === userId,
  );

/**
 * Separation of duties, for every move an approver makes (complete, claim, return): an applicant of the
 * instance acts only on their own step (the template's 修改申请, assigned to the initiator), never on a
 * task that decides their request. Internal callers (seeds, tests) pass `skipAuth` to completeTask only.
 */
export function refuseOwnRequest(instance: Row, actor: Actor, applicantStep = false): void {
  if (!applicantStep && isOwnRequest(instance, actor.userId)) throw forbidden(MSG_OWN_REQUEST);
}

/** May the actor act on the task now (assignee, or candidate of an unclaimed task)? */
export const canHandle = (task: Row, actor: Actor): boolean =>
  task.status === 'active' &&
  (task.assignee === null || task.assignee === undefined
    ? isCandidate(task, actor)
    : String(task.assignee) === actor.userId);

/** The task and its instance, the instance row locked (FOR UPDATE) and the task read under the lock. */
export async function lockInstanceOfTask(trx: Trx, taskId: string): Promise<{ task: Row; instance: Row }> {
  if (!isId(taskId)) throw badRequest('任务编号格式不正确');
  const ref = await trx
    .selectFrom('flow_task')
    .select('process_instance_id')
    .where('id', '=', taskId)
    .executeTakeFirst();
  if (!ref) throw notFound('任务不存在');
  const instance = (await trx
    .selectFrom('flow_process_instance')
    .selectAll()
    .where('id', '=', String(ref.process_instance_id))
    .forUpdate()
    .executeTakeFirst()) as Row | undefined;
  if (!instance) throw notFound('流程实例不存在');
  // Read the task again under the lock: a concurrent complete has committed by now.
  const task = (await trx.selectFrom('flow_task').selectAll().where('id', '=', taskId).executeTakeFirst()) as
    Row | undefined;
  if (!task) throw notFound('任务不存在');
  return { task, instance };
}

export function checkRunnable(task: Row, instance: Row) {
  if (task.status !== 'active' || instance.status !== 'running') throw badRequest(MSG_TASK_DONE);
  if (Number(instance.suspension_state) === 2) throw badRequest('流程实例已挂起,无法办理');
}

export async function claimTask(trx: Trx, actor: Actor, taskId: string): Promise<void> {
  const { task, instance } = await lockInstanceOfTask(trx, taskId);
  checkRunnable(task, instance);
  if (task.assignee !== null && task.assignee !== undefined) {
    if (String(task.assignee) === actor.userId) return;
    throw badRequest('任务已被他人签收');
  }
  if (!isCandidate(task, actor)) throw forbidden('您不是该任务的候选人,无法签收');
  // an unclaimed task is never the applicant's own step (that one is assigned to them)
  refuseOwnRequest(instance, actor);
  const r = await trx
    .updateTable('flow_task')
    .set({ assignee: actor.userId, claim_time: formatDateTime() })
    .where('id', '=', taskId)
    .where('status', '=', 'active')
    .where('assignee', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw badRequest('任务已被他人签收');
  await trx
    .updateTable('flow_history_activity')
    .set({ assignee: actor.userId })
    .where('task_id', '=', taskId)
    .execute();
}

export interface CompleteInput {
  taskId: string;
  /** the approval outcome; undefined completes without setting `pass` */
  pass?: boolean;
  comment?: string;
  variables?: Variables;
  /** the comment type written (default pass/reject from `pass`, else 'comment') */
  commentType?: string;
  /** internal callers (seeds, tests, business hooks) may act for anyone */
  skipAuth?: boolean;
  /** the instance must be this one (BladeX sends it along) */
  processInstanceId?: string;
}

export interface CompleteResult {
  task: Row;
  instance: Row;
  ended: boolean;
  endActivityId: string | null;
  newTaskIds: string[];
  comment: string;
  /** the task belongs to the applicant (assignee `${<initiator>}`): pass = resubmit, reject = withdraw */
  applicantStep: boolean;
}

/** A task whose assignee expression is exactly the start event's initiator variable. */
export function isApplicantTask(proc: RunnableProcess, nodeId: string): boolean {
  const initiator = proc.nodes[proc.start]?.initiator;
  const expr = proc.nodes[nodeId]?.assignee?.replace(/\s+/g, '');
  return Boolean(initiator && expr && (expr === `\${${initiator}}` || expr === `#{${initiator}}`));
}

export async function completeTask(trx: Trx, actor: Actor, input: CompleteInput): Promise<CompleteResult> {
  const { task, instance } = await lockInstanceOfTask(trx, input.taskId);
  if (input.processInstanceId && input.processInstanceId !== String(instance.id))
    throw badRequest('任务与流程实例不匹配');
  checkRunnable(task, instance);
  const claimNow = task.assignee === null || task.assignee === undefined;
  if (!input.skipAuth && !canHandle(task, actor)) throw forbidden('您不是该任务的办理人');
  const def = (await trx
    .selectFrom('flow_process_definition')
    .select(['id', 'compiled'])
    .where('id', '=', String(instance.process_definition_id))
    .executeTakeFirst()) as Row | undefined;
  if (!def) throw badRequest('流程定义不存在');
  const proc = runnableOf(def);
  const applicantStep = isApplicantTask(proc, String(task.task_def_key));
  if (!input.skipAuth) refuseOwnRequest(instance, actor, applicantStep);
  const now = formatDateTime();
  const base = (
    typeof instance.variables === 'string' ? JSON.parse(instance.variables) : instance.variables
  ) as Variables;
  const variables: Variables = { ...base, ...(input.variables ?? {}) };
  if (input.pass !== undefined) variables.pass = input.pass;
  const outcome = input.pass === undefined ? null : input.pass ? 'pass' : 'reject';
  const comment = input.comment?.trim() || (input.pass === undefined ? '' : input.pass ? '同意' : '驳回');

  const closed = await trx
    .updateTable('flow_task')
    .set({
      status: 'completed',
      outcome,
      end_time: now,
      ...(claimNow ? { assignee: actor.userId, claim_time: now } : {}),
    })
    .where('id', '=', input.taskId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (Number(closed.numUpdatedRows) !== 1) throw badRequest(MSG_TASK_DONE);
  await trx
    .updateTable('flow_history_activity')
    .set({
      end_time: now,
      assignee: claimNow ? actor.userId : task.assignee,
      duration_ms: sql`(extract(epoch from (${now}::timestamp - start_time)) * 1000)::bigint`,
    })
    .where('task_id', '=', input.taskId)
    .execute();
  if (comment || outcome) {
    await trx
      .insertInto('flow_comment')
      .values({
        id: nextId(),
        tenant_id: instance.tenant_id,
        process_instance_id: instance.id,
        task_id: input.taskId,
        user_id: actor.userId,
        type:
          input.commentType ??
          (applicantStep && outcome ? (input.pass ? 'resubmit' : 'withdraw') : (outcome ?? 'comment')),
        message: comment.slice(0, 2000),
        create_time: now,
      })
      .execute();
  }
  const others = await trx
    .selectFrom('flow_task')
    .select(sql<number>`count(*)`.as('n'))
    .where('process_instance_id', '=', String(instance.id))
    .where('status', '=', 'active')
    .executeTakeFirst();
  const joins = (typeof instance.joins === 'string' ? JSON.parse(instance.joins) : instance.joins) as Record<
    string,
    number
  >;
  const result = await guarded(async () =>
    completeTaskSteps(proc, variables, joins, String(task.task_def_key), Number(others?.n ?? 0)),
  );
  const { taskIds } = await applyStep(trx, instance, result, variables, now);
  return {
    task: {
      ...task,
      assignee: claimNow ? actor.userId : task.assignee,
      status: 'completed',
      outcome,
      end_time: now,
    },
    instance: { ...instance, variables },
    ended: Boolean(result.ended),
    endActivityId: result.ended?.endActivityId ?? null,
    newTaskIds: taskIds,
    comment,
    applicantStep,
  };
}

// ------------------------------------------------------------------------------------ admin operations

export async function deleteInstance(
  trx: Trx,
  actor: Actor,
  instanceId: string,
  reason: string,
): Promise<Row> {
  const instance = (await trx
    .selectFrom('flow_process_instance')
    .selectAll()
    .where('id', '=', instanceId)
    .forUpdate()
    .executeTakeFirst()) as Row | undefined;
  if (!instance) throw notFound('流程实例不存在');
  if (instance.status !== 'running') throw badRequest('流程实例已结束');
  const now = formatDateTime();
  await cancelActive(trx, instanceId, now, 'deleted');
  await trx
    .updateTable('flow_process_instance')
    .set({ status: 'deleted', end_time: now, delete_reason: reason.slice(0, 500), version: sql`version + 1` })
    .where('id', '=', instanceId)
    .execute();
  await trx
    .insertInto('flow_comment')
    .values({
      id: nextId(),
      tenant_id: instance.tenant_id,
      process_instance_id: instanceId,
      task_id: null,
      user_id: actor.userId,
      type: 'delete',
      message: reason.slice(0, 2000),
      create_time: now,
    })
    .execute();
  return instance;
}

/** Suspends or activates a definition and its running instances; returns the BladeX message. */
export async function changeState(
  trx: Trx,
  definitionId: string,
  state: 'active' | 'suspend',
): Promise<string> {
  const def = await trx
    .selectFrom('flow_process_definition')
    .select(['id', 'suspension_state', 'tenant_id'])
    .where('id', '=', definitionId)
    .forUpdate()
    .executeTakeFirst();
  if (!def) return '暂无流程变更';
  const target = state === 'active' ? 1 : 2;
  if (Number(def.suspension_state) === target) return `ID为 [${definitionId}] 的流程已是此状态，无需操作`;
  const r = await trx
    .updateTable('flow_process_definition')
    .set({ suspension_state: target })
    .where('id', '=', definitionId)
    .executeTakeFirst();
  if (!Number(r.numUpdatedRows)) return '暂无流程变更';
  await trx
    .updateTable('flow_process_instance')
    .set({ suspension_state: target })
    .where('process_definition_id', '=', definitionId)
    .where('status', '=', 'running')
    .execute();
  return state === 'active'
    ? `激活ID为 [${definitionId}] 的流程成功`
    : `挂起ID为 [${definitionId}] 的流程成功`;
}

/** Deletes deployments with their definitions, instances, tasks, history and comments. */
export async function deleteDeployments(trx: Trx, ids: string[]): Promise<number> {
  // FOR UPDATE applies the write policy: a deployment shared by another tenant is readable, not deletable.
  const found = await trx
    .selectFrom('flow_deployment')
    .select('id')
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
  if (found.length !== ids.length) throw notFound('流程部署不存在');
  const defs = trx.selectFrom('flow_process_definition').select('id').where('deployment_id', 'in', ids);
  const instances = trx
    .selectFrom('flow_process_instance')
    .select('id')
    .where('process_definition_id', 'in', defs);
  await trx.deleteFrom('flow_comment').where('process_instance_id', 'in', instances).execute();
  await trx.deleteFrom('flow_history_activity').where('process_instance_id', 'in', instances).execute();
  await trx.deleteFrom('flow_task').where('process_instance_id', 'in', instances).execute();
  await trx.deleteFrom('flow_process_instance').where('process_definition_id', 'in', defs).execute();
  await trx.deleteFrom('flow_process_definition').where('deployment_id', 'in', ids).execute();
  const r = await trx.deleteFrom('flow_deployment').where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}
