/**
 * The approval mechanism for business records.
 *
 * A resource definition joins an approval flow by declaring `process: '<key>'` (see flows.ts). Its table
 * must then carry `process_definition_id`, `process_instance_id` and the audit group of domain-model
 * §0.3 (`audit_status`, `audit_user`, `audit_time`, `audit_remark`; missing optional columns are
 * skipped). The engine serves, for every such definition:
 *   GET  <path>/detailByTaskId?taskId=   the record, plus `flow` (the task as BladeFlow, canHandle)
 *                                        and `flowHistory` (the timeline)
 *   POST <path>/dealProcessFlow          {taskId, processInstanceId, businessId, pass | flag, comment,
 *                                        variables}: completes the task and moves the record
 * and the catalogue's extra deal paths (useDealProcessFlow / returnDealProcessFlow).
 *
 * Audit status (dict audit_status): starting sets 0 待审核; an approver's reject sets 2 已驳回; an
 * approver's pass sets 1 已通过 when the instance ends (0 while further approvals remain); the
 * applicant's task (assignee `${applyUser}`) resubmits (pass → 0) or withdraws (reject → 3). Approver
 * steps also write audit_user/audit_time/audit_remark; every step leaves a flow_comment row (who, what,
 * comment, when). All of it runs in the transaction that completes the task, whether through
 * dealProcessFlow or the generic work/complete-task.
 *
 * Other code starts a process for a record with `startBusinessProcess` (same transaction as its own
 * write), and may add business effects per process key with `registerApprovalHandler`.
 */
import type { ResourceDef } from '@tongxin/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import { onRecordInserted } from '../crud/hooks.js';
import { ResourceEngine } from '../crud/resource-routes.js';
import type { Row, Trx } from '../../db/database.js';
import { badRequest, notFound, ok } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';
import type { Variables } from '../../flow/expr.js';
import { APPROVAL_FLOWS, flowByKey } from '../../domains/workflow/flows.js';
import { historyFlow } from '../../flow/history.js';
import { TASK_COLUMNS, taskQuery } from '../../flow/work-query.js';
import { onTaskCompleted, passOf, variablesOf } from '../../domains/workflow/work-routes.js';
import {
  type Actor,
  canHandle,
  type CompleteResult,
  completeTask,
  type StartResult,
  startProcess,
} from '../../flow/service.js';
import { actorOf, bladeFlow, categoryNames, idParam, textParam, userNames } from '../../flow/wire.js';

export type AuditOutcome = 'approve' | 'reject' | 'progress' | 'resubmit' | 'withdraw' | 'none';

export interface ApprovalStep {
  trx: Trx;
  actor: Actor;
  processKey: string;
  table: string;
  businessId: string;
  outcome: AuditOutcome;
  auditStatus: number | null;
  result: CompleteResult;
}

export interface ApprovalHandler {
  /** false: do not write the audit columns (the handler moves its own status fields) */
  audit?: boolean;
  /** runs after the audit columns moved, in the same transaction */
  onStep?(step: ApprovalStep): Promise<void>;
}

const handlers = new Map<string, ApprovalHandler>();

/** Business effects of a process beyond the audit columns (e.g. a borrow record's borrow_status). */
export function registerApprovalHandler(processKey: string, handler: ApprovalHandler): void {
  handlers.set(processKey, handler);
}

const TABLE = /^[a-z_][a-z0-9_]{0,62}$/;

const columnCache = new Map<string, Set<string>>();
async function columnsOf(trx: Trx, table: string): Promise<Set<string>> {
  let cols = columnCache.get(table);
  if (!cols) {
    const rows = await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}`.execute(trx);
    cols = new Set(rows.rows.map((r) => r.column_name));
    columnCache.set(table, cols);
  }
  return cols;
}

function pick(cols: Set<string>, values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([k]) => cols.has(k)));
}

export function classify(result: CompleteResult): { outcome: AuditOutcome; auditStatus: number | null } {
  const pass = result.task.outcome === 'pass' ? true : result.task.outcome === 'reject' ? false : undefined;
  if (pass === undefined)
    return result.ended ? { outcome: 'approve', auditStatus: 1 } : { outcome: 'none', auditStatus: null };
  if (result.applicantStep)
    return pass ? { outcome: 'resubmit', auditStatus: 0 } : { outcome: 'withdraw', auditStatus: 3 };
  if (!pass) return { outcome: 'reject', auditStatus: 2 };
  return result.ended ? { outcome: 'approve', auditStatus: 1 } : { outcome: 'progress', auditStatus: 0 };
}

/** Moves the bound record of a completed task; called for every completion (same transaction). */
export async function moveRecord(
  trx: Trx,
  actor: Actor,
  result: CompleteResult,
): Promise<ApprovalStep | undefined> {
  const table = result.instance.business_table as string | null;
  const businessId = result.instance.business_id as string | null;
  if (!table || !businessId || !TABLE.test(table)) return undefined;
  const processKey = String(result.instance.process_definition_key);
  const { outcome, auditStatus } = classify(result);
  const handler = handlers.get(processKey);
  const cols = await columnsOf(trx, table);
  if (!handler && !cols.has('audit_status')) return undefined;
  if (handler?.audit !== false && auditStatus !== null) {
    const now = formatDateTime();
    const decision = outcome === 'approve' || outcome === 'reject' || outcome === 'progress';
    const changes = pick(cols, {
      audit_status: auditStatus,
      ...(decision
        ? { audit_user: actor.userId, audit_time: now, audit_remark: result.comment.slice(0, 500) }
        : {}),
      update_user: actor.userId,
      update_time: now,
    });
    if (Object.keys(changes).length)
      await trx.updateTable(table).set(changes).where('id', '=', businessId).execute();
  }
  const step: ApprovalStep = { trx, actor, processKey, table, businessId, outcome, auditStatus, result };
  await handler?.onStep?.(step);
  return step;
}

export interface StartBusinessInput {
  /** the definition whose `process` and `table` to use, or an explicit key and table */
  def?: ResourceDef;
  processKey?: string;
  /** a specific definition (else the newest of the key the tenant may start) */
  definitionId?: string;
  table?: string;
  businessId: string;
  variables?: Variables;
}

/** Starts the approval process of a business record in the caller's transaction: the record must
 * exist in the tenant and have no running instance; it gets the instance ids and audit_status 0. */
export async function startBusinessProcess(
  trx: Trx,
  actor: Actor,
  input: StartBusinessInput,
): Promise<StartResult> {
  const processKey = input.processKey ?? input.def?.process;
  const table = input.table ?? input.def?.table;
  if (!processKey || !table) throw badRequest('流程启动失败,未找到相关业务表');
  if (!TABLE.test(table)) throw badRequest('业务表名不合法');
  const cols = await columnsOf(trx, table);
  let q = trx.selectFrom(table).select('id').where('id', '=', input.businessId);
  if (cols.has('tenant_id')) q = q.where('tenant_id', '=', actor.tenantId);
  if (cols.has('is_deleted')) q = q.where('is_deleted', '=', 0);
  if (!(await q.forUpdate().executeTakeFirst())) throw notFound('业务数据不存在');
  const running = await trx
    .selectFrom('flow_process_instance')
    .select('id')
    .where('business_table', '=', table)
    .where('business_id', '=', input.businessId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (running) throw badRequest('该记录已在审批中');
  const started = await startProcess(trx, actor, {
    ...(input.definitionId ? { definitionId: input.definitionId } : { processKey }),
    businessTable: table,
    businessId: input.businessId,
    variables: {
      createUser: actor.account ?? actor.userId,
      businessId: input.businessId,
      ...(input.variables ?? {}),
    },
  });
  const changes = pick(cols, {
    process_definition_id: started.processDefinitionId,
    process_instance_id: started.processInstanceId,
    audit_status: started.ended ? 1 : 0,
  });
  if (Object.keys(changes).length)
    await trx.updateTable(table).set(changes).where('id', '=', input.businessId).execute();
  return started;
}

/** The task joined with its instance and definition, as bladeFlow() expects. */
async function taskRow(trx: Trx, tenantId: string, taskId: string): Promise<Row | undefined> {
  return (await taskQuery(trx, tenantId)
    .select([
      ...TASK_COLUMNS,
      't.candidate_users as t_candidate_users',
      't.candidate_groups as t_candidate_groups',
      't.status as t_status',
      'i.process_definition_key as i_process_definition_key',
    ])
    .where('t.id', '=', taskId)
    .executeTakeFirst()) as Row | undefined;
}

const taskAsRow = (r: Row): Row => ({
  status: r.t_status,
  assignee: r.t_assignee,
  candidate_users: r.t_candidate_users,
  candidate_groups: r.t_candidate_groups,
});

/** A deal call: checks the task belongs to `table` (and `processKey` when given), completes it and
 * moves the record, all in one transaction. */
async function deal(
  ctx: AppContext,
  user: AuthUser,
  body: Record<string, unknown>,
  bind: { table?: string; processKey?: string },
) {
  const taskId = idParam(body.taskId, 'taskId')!;
  const processInstanceId = idParam(body.processInstanceId, 'processInstanceId', false);
  const businessId = textParam(body.businessId, 64);
  const pass = passOf(body);
  const comment = textParam(body.comment, 2000);
  const variables = variablesOf(body.variables);
  return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
    const row = await taskRow(trx, user.tenantId, taskId);
    if (!row) throw notFound('任务不存在');
    if (bind.table && row.i_business_table !== bind.table) throw badRequest('任务不属于该业务');
    if (bind.processKey && row.i_process_definition_key !== bind.processKey)
      throw badRequest('任务不属于该流程');
    if (businessId && String(row.i_business_id) !== businessId) throw badRequest('任务与业务数据不匹配');
    const table = String(row.i_business_table ?? '');
    if (TABLE.test(table) && row.i_business_id) {
      // Lock the business row first: the record and the step change together.
      await trx
        .selectFrom(table)
        .select('id')
        .where('id', '=', String(row.i_business_id))
        .forUpdate()
        .execute();
    }
    const actor = actorOf(user);
    const result = await completeTask(trx, actor, { taskId, processInstanceId, pass, comment, variables });
    const step = await moveRecord(trx, actor, result);
    return {
      processInstanceId: String(result.instance.id),
      businessId: String(row.i_business_id ?? ''),
      processIsFinished: result.ended ? 'finished' : 'unfinished',
      outcome: step?.outcome ?? (pass ? 'approve' : 'reject'),
      auditStatus: step?.auditStatus ?? null,
    };
  });
}

/** Registers detailByTaskId / dealProcessFlow for one definition with `process`. */
export function registerApprovalResource(app: FastifyInstance, ctx: AppContext, def: ResourceDef): void {
  if (!def.process) throw new Error(`${def.name}: no process declared`);
  const flow = flowByKey(def.process);
  const access = { config: { access: { perm: flow?.perm ?? def.permission } } };
  const engine = new ResourceEngine(def, ctx);

  app.get(`${def.path}/detailByTaskId`, access, async (request: FastifyRequest) => {
    const user = requireUser(request);
    const taskId = idParam((request.query as Record<string, unknown>).taskId, 'taskId')!;
    const cats = await categoryNames(ctx, user.tenantId);
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const row = await taskRow(trx, user.tenantId, taskId);
      if (!row) throw notFound('任务不存在');
      if (row.i_business_table !== def.table) throw badRequest('任务不属于该业务');
      let q = trx.selectFrom(def.table).selectAll().where('id', '=', String(row.i_business_id));
      if (def.tenant) q = q.where('tenant_id', '=', user.tenantId);
      const record = (await q.executeTakeFirst()) as Row | undefined;
      if (!record) throw notFound('业务数据不存在');
      const [wire] = await engine.decorate(trx, user, [record]);
      const names = await userNames(trx, [row.t_assignee, row.i_start_user_id]);
      const instance = { id: row.i_id, start_user_id: row.i_start_user_id };
      return ok({
        ...wire,
        flow: {
          ...bladeFlow(
            row,
            names,
            cats,
            row.t_status === 'active' ? (row.t_assignee ? 'todo' : 'claim') : 'finish',
          ),
          canHandle: canHandle(taskAsRow(row), actorOf(user)),
        },
        flowHistory: await historyFlow(trx, instance),
      });
    });
  });

  app.post(`${def.path}/dealProcessFlow`, access, async (request) => {
    const user = requireUser(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体格式错误');
    return ok(await deal(ctx, user, body, { table: def.table }), '操作成功');
  });
}

const declared: ResourceDef[] = [];

/** Adds a definition served with the approval calls although it is not in the resource list (tests,
 * definitions registered outside packages/resources). Call before buildApp. */
export function declareApprovalResource(def: ResourceDef): void {
  declared.push(def);
}

/** Registers the approval calls of every definition with `process`, the catalogue's extra deal paths,
 * and the hook that moves records on generic completes. */
export function approvalRoutes(app: FastifyInstance, ctx: AppContext, defs: readonly ResourceDef[]): void {
  onTaskCompleted(async (trx, user, result) => {
    await moveRecord(trx, actorOf(user), result);
  });
  for (const def of [...defs, ...declared]) if (def.process) registerApprovalResource(app, ctx, def);
  for (const flow of APPROVAL_FLOWS) {
    for (const path of flow.dealPaths ?? []) {
      app.post(path, { config: { access: { perm: flow.perm } } }, async (request) => {
        const user = requireUser(request);
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体格式错误');
        return ok(await deal(ctx, user, body, { processKey: flow.key }), '操作成功');
      });
    }
  }
}

// A new record of a resource that declares a process enters its approval at once.
onRecordInserted(async ({ trx, user }, def, id) => {
  if (def.process) await startBusinessProcess(trx, actorOf(user), { def, businessId: id });
});
