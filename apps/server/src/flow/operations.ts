/**
 * The executor's other moves (docs/architecture.md#the-approval-path), each written to the history
 * (flow_comment) in the caller's transaction: the initiator withdraws an instance no approver has acted on
 * yet, an approver transfers a task to another user (转办), or returns it to a user task the instance has
 * already passed (退回). The pure runtime only computes the task a return opens (runtime.returnSteps).
 */
import { isId } from '@tongxin/resources';
import { sql } from 'kysely';
import type { Row, Trx } from '../db/database.js';
import { nextId } from '../db/ids.js';
import { badRequest, forbidden, notFound } from '../http/envelope.js';
import { formatDateTime } from '../util/datetime.js';
import type { Variables } from './expr.js';
import { FlowError, returnSteps } from './runtime.js';
import {
  type Actor,
  applyStep,
  canHandle,
  cancelActive,
  checkRunnable,
  isApplicantTask,
  isOwnRequest,
  lockInstanceOfTask,
  refuseOwnRequest,
  runnableOf,
} from './service.js';

async function comment(
  trx: Trx,
  instance: Row,
  actor: Actor,
  taskId: unknown,
  type: 'withdraw' | 'transfer' | 'return',
  message: string,
  now: string,
) {
  await trx
    .insertInto('flow_comment')
    .values({
      id: nextId(),
      tenant_id: instance.tenant_id,
      process_instance_id: instance.id,
      task_id: taskId === null || taskId === undefined ? null : String(taskId),
      user_id: actor.userId,
      type,
      message: message.slice(0, 2000),
      create_time: now,
    })
    .execute();
}

async function processOf(trx: Trx, instance: Row) {
  const def = (await trx
    .selectFrom('flow_process_definition')
    .select(['id', 'compiled'])
    .where('id', '=', String(instance.process_definition_id))
    .executeTakeFirst()) as Row | undefined;
  if (!def) throw badRequest('流程定义不存在');
  return runnableOf(def);
}

const variablesOf = (instance: Row): Variables =>
  (typeof instance.variables === 'string' ? JSON.parse(instance.variables) : instance.variables) as Variables;

/** The initiator's active task of the instance (the applicant's step after a reject), if any. */
export async function applicantTaskOf(trx: Trx, instance: Row): Promise<Row | undefined> {
  const proc = await processOf(trx, instance);
  const active = (await trx
    .selectFrom('flow_task')
    .selectAll()
    .where('process_instance_id', '=', String(instance.id))
    .where('status', '=', 'active')
    .execute()) as Row[];
  return active.find((t) => isApplicantTask(proc, String(t.task_def_key)));
}

/**
 * Withdraws a running instance for its initiator while no approver has acted since it was (re)submitted:
 * the last completed task, if any, is the applicant's own. The active tasks end as `withdrawn`, the
 * instance as `withdrawn`, and the first of them carries the comment (the timeline shows it).
 */
export async function withdrawInstance(trx: Trx, actor: Actor, instanceId: string, reason: string) {
  const instance = (await trx
    .selectFrom('flow_process_instance')
    .selectAll()
    .where('id', '=', instanceId)
    .forUpdate()
    .executeTakeFirst()) as Row | undefined;
  if (!instance) throw notFound('流程实例不存在');
  if (instance.status !== 'running') throw badRequest('流程已结束,无法撤回');
  if (String(instance.start_user_id) !== actor.userId) throw forbidden('只有发起人可以撤回');
  const proc = await processOf(trx, instance);
  const last = (await trx
    .selectFrom('flow_task')
    .select(['task_def_key'])
    .where('process_instance_id', '=', instanceId)
    .where('status', '=', 'completed')
    .orderBy('end_time', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()) as Row | undefined;
  if (last && !isApplicantTask(proc, String(last.task_def_key))) throw badRequest('审批已经开始,无法撤回');
  const active = await trx
    .selectFrom('flow_task')
    .select('id')
    .where('process_instance_id', '=', instanceId)
    .where('status', '=', 'active')
    .orderBy('id')
    .executeTakeFirst();
  const now = formatDateTime();
  await cancelActive(trx, instanceId, now, 'withdrawn');
  await trx
    .updateTable('flow_process_instance')
    .set({
      status: 'withdrawn',
      end_time: now,
      delete_reason: reason.slice(0, 500),
      version: sql`version + 1`,
    })
    .where('id', '=', instanceId)
    .execute();
  await comment(trx, instance, actor, active?.id, 'withdraw', reason, now);
  return instance;
}

/** Hands an active task the actor may handle to another user of the tenant (转办). */
export async function transferTask(
  trx: Trx,
  actor: Actor,
  input: { taskId: string; userId: string; comment?: string },
): Promise<{ task: Row; instance: Row }> {
  const { task, instance } = await lockInstanceOfTask(trx, input.taskId);
  checkRunnable(task, instance);
  if (!canHandle(task, actor)) throw forbidden('您不是该任务的办理人');
  if (!isId(input.userId)) throw badRequest('请选择转办人');
  if (input.userId === actor.userId) throw badRequest('不能转办给自己');
  // separation of duties: a task deciding a request never goes to its applicant
  const proc = await processOf(trx, instance);
  if (isOwnRequest(instance, input.userId) && !isApplicantTask(proc, String(task.task_def_key)))
    throw badRequest('不能转办给申请人本人');
  const target = await trx
    .selectFrom('blade_user')
    .select(['id', 'real_name'])
    .where('id', '=', input.userId)
    .where('tenant_id', '=', String(instance.tenant_id))
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!target) throw badRequest('转办人不存在');
  const now = formatDateTime();
  await trx
    .updateTable('flow_task')
    .set({ assignee: input.userId, claim_time: now })
    .where('id', '=', input.taskId)
    .execute();
  await trx
    .updateTable('flow_history_activity')
    .set({ assignee: input.userId })
    .where('task_id', '=', input.taskId)
    .execute();
  const note = input.comment?.trim();
  const message = `转办给 ${String(target.real_name ?? '')}${note ? `: ${note}` : ''}`;
  await comment(trx, instance, actor, input.taskId, 'transfer', message, now);
  return { task: { ...task, assignee: input.userId }, instance };
}

/** The user tasks an active task may return to: those the instance has completed, newest first, once. */
export async function returnTargets(trx: Trx, instanceId: string): Promise<{ id: string; name: string }[]> {
  const rows = (await trx
    .selectFrom('flow_history_activity')
    .select(['activity_id', 'activity_name'])
    .where('process_instance_id', '=', instanceId)
    .where('activity_type', '=', 'userTask')
    .where('end_time', 'is not', null)
    .orderBy('seq', 'desc')
    .execute()) as Row[];
  const seen = new Map<string, string>();
  for (const r of rows)
    if (!seen.has(String(r.activity_id))) seen.set(String(r.activity_id), String(r.activity_name ?? ''));
  return [...seen].map(([id, name]) => ({ id, name }));
}

/**
 * Returns an active task to a user task the instance has passed (退回): the task ends as `returned`, a
 * new task opens at the target. Refused inside parallel branches (more than one active task).
 */
export async function returnTask(
  trx: Trx,
  actor: Actor,
  input: { taskId: string; activityId: string; comment?: string },
): Promise<{ task: Row; instance: Row; newTaskIds: string[]; toApplicant: boolean }> {
  const { task, instance } = await lockInstanceOfTask(trx, input.taskId);
  checkRunnable(task, instance);
  if (!canHandle(task, actor)) throw forbidden('您不是该任务的办理人');
  const proc = await processOf(trx, instance);
  refuseOwnRequest(instance, actor, isApplicantTask(proc, String(task.task_def_key)));
  const instanceId = String(instance.id);
  const targets = await returnTargets(trx, instanceId);
  const target = targets.find((t) => t.id === input.activityId);
  if (!target || target.id === task.task_def_key) throw badRequest('只能退回到已经办理过的节点');
  const active = await trx
    .selectFrom('flow_task')
    .select(sql<number>`count(*)`.as('n'))
    .where('process_instance_id', '=', instanceId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (Number(active?.n ?? 0) > 1) throw badRequest('并行分支中的任务不能退回');
  const variables = variablesOf(instance);
  let result;
  try {
    result = returnSteps(proc, variables, target.id);
  } catch (e) {
    if (e instanceof FlowError) throw badRequest(e.message);
    throw e;
  }
  const now = formatDateTime();
  const claimNow = task.assignee === null || task.assignee === undefined;
  await trx
    .updateTable('flow_task')
    .set({
      status: 'returned',
      end_time: now,
      ...(claimNow ? { assignee: actor.userId, claim_time: now } : {}),
    })
    .where('id', '=', input.taskId)
    .execute();
  await trx
    .updateTable('flow_history_activity')
    .set({
      end_time: now,
      ...(claimNow ? { assignee: actor.userId } : {}),
      duration_ms: sql`(extract(epoch from (${now}::timestamp - start_time)) * 1000)::bigint`,
    })
    .where('task_id', '=', input.taskId)
    .execute();
  const note = input.comment?.trim();
  await comment(
    trx,
    instance,
    actor,
    input.taskId,
    'return',
    `退回到 ${target.name}${note ? `: ${note}` : ''}`,
    now,
  );
  const { taskIds } = await applyStep(trx, instance, { ...result, joins: {} }, variables, now);
  return { task, instance, newTaskIds: taskIds, toApplicant: isApplicantTask(proc, target.id) };
}
