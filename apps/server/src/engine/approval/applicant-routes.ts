/**
 * The applicant's side of a definition with a process, served under its path:
 *   POST <path>/startProcessFlow     {id}  提交审核: starts the process for a record outside one (never
 *                                          submitted, or withdrawn); 重新提交: after a reject, completes the
 *                                          applicant's own step with pass (back to the approvers)
 *   POST <path>/withdrawProcessFlow  {id}  撤回: after a reject, ends the applicant's step with reject (the
 *                                          template's 撤回结束); before any approver acted, withdraws the
 *                                          instance (flow/operations.ts). Either way audit_status becomes 3
 *                                          and the process's handler moves the record's own state
 *                                          (outcome `withdraw`), in the same transaction.
 * Only the record's applicant (its creator, or the instance's initiator) may, holding the add or edit
 * button, or any signed-in applicant where residents file the records for themselves (`own`); each step
 * is in the history.
 */
import { buttonCodes } from '@tongxin/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { ApprovalContext } from './approval-context.js';
import type { Row, Trx } from '../../db/database.js';
import { badRequest, done, forbidden, notFound } from '../../http/envelope.js';
import { requestParams } from '../../http/params.js';
import { applicantTaskOf } from '../../flow/operations.js';
import type { Actor } from '../../flow/service.js';
import { actorOf, idParam } from '../../flow/wire.js';
import type { ResourceEngine } from '../crud/resource-engine.js';
import { entersProcess } from './approvals.js';
import { startBusinessProcess } from './start-process.js';

/** audit_status of a withdrawn record */
const WITHDRAWN = 3;
/** `audit_status` of an approved record. */
const APPROVED = 1;

const idOf = (request: FastifyRequest) =>
  idParam({ ...requestParams(request), ...((request.body ?? {}) as Record<string, unknown>) }.id, 'id')!;

/** The record (locked, in the caller's data scope) and its running instance, for its applicant only. */
async function applicantRecord(trx: Trx, engine: ResourceEngine, user: AuthUser, id: string) {
  const { def } = engine;
  const record = await engine.visibleRow(trx, user, id, true);
  if (!record) throw notFound('业务数据不存在');
  const running = (await trx
    .selectFrom('flow_process_instance')
    .selectAll()
    .where('business_table', '=', def.table)
    .where('business_id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst()) as Row | undefined;
  const applicant = String(running?.start_user_id ?? record.create_user ?? '');
  if (applicant !== user.userId) throw forbidden('只有申请人可以提交或撤回');
  return { record, running };
}

/** The applicant's own active step of the instance, if it waits for this user. */
async function ownStep(trx: Trx, instance: Row, actor: Actor) {
  const task = await applicantTaskOf(trx, instance);
  return task && String(task.assignee) === actor.userId ? task : undefined;
}

export function applicantRoutes(app: FastifyInstance, ctx: ApprovalContext, engine: ResourceEngine): void {
  const { def } = engine;
  // records residents file for themselves (`own`): their applicant needs no button, only to be the applicant
  const access = {
    config: {
      access: def.own
        ? { token: true as const }
        : { perm: [...buttonCodes(def, 'add'), ...buttonCodes(def, 'edit')] },
    },
  };

  app.post(`${def.path}/startProcessFlow`, access, async (request) => {
    const user = requireUser(request);
    const id = idOf(request);
    await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const actor = actorOf(user);
      const { record, running } = await applicantRecord(trx, engine, user, id);
      if (!running) {
        // an approved record is not submitted again (a new record is a new application)
        if (Number(record.audit_status) === APPROVED) throw badRequest('该记录已审批通过,不能重新提交审核');
        if (def.process && !entersProcess(def, def.process, record)) throw badRequest('该记录无需审核');
        const started = await startBusinessProcess(trx, actor, { def, businessId: id });
        // a withdrawn record submitted again: its own state moves as on a resubmission
        if (Number(record.audit_status) === WITHDRAWN && !started.ended)
          await ctx.approvals.resubmitted(trx, actor, started.processInstanceId, '重新提交');
        return;
      }
      const task = await ownStep(trx, running, actor);
      if (!task) throw badRequest('该记录已在审批中');
      await ctx.approvals.completeTask(trx, actor, {
        taskId: String(task.id),
        pass: true,
        comment: '重新提交',
      });
    });
    return done('提交成功');
  });

  app.post(`${def.path}/withdrawProcessFlow`, access, async (request) => {
    const user = requireUser(request);
    const id = idOf(request);
    await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const actor = actorOf(user);
      const { running } = await applicantRecord(trx, engine, user, id);
      if (!running) throw badRequest('该记录不在审批中');
      const task = await ownStep(trx, running, actor);
      if (task) {
        await ctx.approvals.completeTask(trx, actor, {
          taskId: String(task.id),
          pass: false,
          comment: '撤回',
        });
        return;
      }
      await ctx.approvals.withdrawInstance(trx, actor, String(running.id), '撤回');
    });
    return done('撤回成功');
  });
}
