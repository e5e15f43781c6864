/**
 * The approval mechanism for business records.
 *
 * A resource definition joins an approval flow by declaring its `process` (a ProcessDef; the catalogue
 * of processes is derived from the definitions, catalogue.ts). Its table must then carry
 * `process_definition_id`, `process_instance_id` and the approval group of
 * docs/domain-model.md#common-columns (`audit_status`, `audit_user`, `audit_time`, `audit_remark`; missing
 * optional columns are skipped). The engine serves, for every such definition:
 *   GET  <path>/detailByTaskId?taskId=   the record, plus `flow` (the task as BladeFlow, canHandle)
 *                                        and `flowHistory` (the timeline)
 *   POST <path>/dealProcessFlow          {taskId, processInstanceId, businessId, pass | flag, comment,
 *                                        variables}: completes the task and moves the record
 * and the processes' extra deal paths (useDealProcessFlow / returnDealProcessFlow).
 *
 * Audit status (dict audit_status): starting sets 0 待审核; an approver's reject sets 2 已驳回; an
 * approver's pass sets 1 已通过 when the instance ends (0 while further approvals remain); the
 * applicant's task (assignee `${applyUser}`) resubmits (pass → 0) or withdraws (reject → 3). Approver
 * steps also write audit_user/audit_time/audit_remark; every step leaves a flow_comment row (who, what,
 * comment, when). All of it runs in the transaction that completes the task, whether through
 * dealProcessFlow or the generic work/complete-task (ApprovalContext.approvals, approvals.ts).
 *
 * Other code starts a process for a record with `startBusinessProcess` (same transaction as its own
 * write); a resource module adds business effects of its process with its `approval` handler.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { processesOf } from '@tongxin/resources';
import { requireUser } from '../../auth/guard.js';
import type { ApprovalContext } from './approval-context.js';
import type { Row } from '../../db/database.js';
import { badRequest, notFound, ok } from '../../http/envelope.js';
import { historyFlow } from '../../flow/history.js';
import { canHandle, isOwnRequest } from '../../flow/service.js';
import { actorOf, bladeFlow, categoryNames, idParam, userNames } from '../../flow/wire.js';
import type { ResourceEngine } from '../crud/resource-engine.js';
import { deal, taskAsRow, taskRow } from './deal.js';

const bodyOf = (request: FastifyRequest) => {
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体格式错误');
  return body;
};

/** Registers detailByTaskId / dealProcessFlow for the definition of `engine`, which declares `process`. */
export function approvalResourceRoutes(
  app: FastifyInstance,
  ctx: ApprovalContext,
  engine: ResourceEngine,
): void {
  const { def } = engine;
  const perms = processesOf(def).map((p) => ctx.approvals.processOf(p.key)?.perm ?? p.perm);
  if (!perms.length) throw new Error(`${def.name}: no process declared`);
  // any of the definition's processes: the task's own process is one of them (same table)
  const access = { config: { access: { perm: perms } } };

  app.get(`${def.path}/detailByTaskId`, access, async (request: FastifyRequest) => {
    const user = requireUser(request);
    const taskId = idParam((request.query as Record<string, unknown>).taskId, 'taskId')!;
    const cats = await categoryNames(ctx, user.tenantId);
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const row = await taskRow(trx, user.tenantId, taskId);
      if (!row) throw notFound('任务不存在');
      if (row.i_business_table !== def.table) throw badRequest('任务不属于该业务');
      // the record as the resource's detail reads it: out of the caller's data scope, it is not there
      const record = (await engine
        .selectRows(await engine.visibleQuery(trx, user))
        .where('id', '=', String(row.i_business_id))
        .executeTakeFirst()) as Row | undefined;
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
          // an applicant is offered no decision on their own request (only their own step, assigned to them)
          canHandle: canHandle(taskAsRow(row), actorOf(user)) && !ownDecision(row, user.userId),
        },
        flowHistory: await historyFlow(trx, instance),
      });
    });
  });

  app.post(`${def.path}/dealProcessFlow`, access, async (request) => {
    const user = requireUser(request);
    return ok(await deal(ctx, user, bodyOf(request), { table: def.table }), '操作成功');
  });
}

/** The extra deal paths of the shipped processes (ctx.approvals.processes). */
export function dealPathRoutes(app: FastifyInstance, ctx: ApprovalContext): void {
  for (const process of ctx.approvals.processes) {
    for (const path of process.dealPaths ?? []) {
      app.post(path, { config: { access: { perm: process.perm } } }, async (request) => {
        const user = requireUser(request);
        return ok(await deal(ctx, user, bodyOf(request), { processKey: process.key }), '操作成功');
      });
    }
  }
}

/** Whether the task would have `userId` decide a request of their own: they are its applicant and the task
 * is not their own step (which is assigned to them). */
const ownDecision = (row: Row, userId: string): boolean =>
  isOwnRequest({ start_user_id: row.i_start_user_id, applicant_id: row.i_applicant_id }, userId) &&
  String(row.t_assignee ?? '') !== userId;
