/**
 * An approver's other moves on a to-do task (docs/architecture.md#the-approval-path), beside complete-task:
 *   POST transfer-task   {taskId, userId, comment}      转办: the task goes to another user of the tenant
 *   GET  return-targets  ?taskId=                       the user tasks the instance has passed
 *   POST return-task     {taskId, activityId, comment}  退回: back to one of them (the applicant's step
 *                                                       sends the bound record back to 已驳回, and
 *                                                       moves it as its definition's `return` says)
 * Each is written to the instance's history in the same transaction; a task whose business record is
 * outside the caller's data scope is refused as missing (业务数据不存在).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import type { AppContext } from '../../context.js';
import { done, notFound, ok } from '../../http/envelope.js';
import { requestParams } from '../../http/params.js';
import { returnTargets, transferTask } from '../../flow/operations.js';
import { actorOf, idParam, textParam } from '../../flow/wire.js';
import { BLADE_FLOW, perm } from './route-options.js';

const BASE = `${BLADE_FLOW}/work`;
const bodyOf = (request: FastifyRequest) => ({
  ...requestParams(request),
  ...((request.body ?? {}) as Record<string, unknown>),
});

export function taskMoveRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(`${BASE}/transfer-task`, perm('work_todo_handle'), async (request) => {
    const user = requireUser(request);
    const body = bodyOf(request);
    const taskId = idParam(body.taskId, 'taskId')!;
    const userId = String(body.userId ?? '');
    const comment = textParam(body.comment, 2000);
    await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      await ctx.resources.requireTaskRecord(trx, user, taskId);
      await transferTask(trx, actorOf(user), { taskId, userId, comment });
    });
    return done('转办成功');
  });

  app.get(`${BASE}/return-targets`, perm('work_todo_handle'), async (request) => {
    const user = requireUser(request);
    const taskId = idParam(requestParams(request).taskId, 'taskId')!;
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const task = await trx
        .selectFrom('flow_task')
        .select(['process_instance_id', 'task_def_key'])
        .where('id', '=', taskId)
        .executeTakeFirst();
      if (!task) throw notFound('任务不存在');
      await ctx.resources.requireTaskRecord(trx, user, taskId);
      const targets = await returnTargets(trx, String(task.process_instance_id));
      return ok(targets.filter((t) => t.id !== task.task_def_key));
    });
  });

  app.post(`${BASE}/return-task`, perm('work_todo_handle'), async (request) => {
    const user = requireUser(request);
    const body = bodyOf(request);
    const taskId = idParam(body.taskId, 'taskId')!;
    const activityId = String(body.activityId ?? '');
    const comment = textParam(body.comment, 2000) ?? '';
    await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      await ctx.resources.requireTaskRecord(trx, user, taskId);
      const actor = actorOf(user);
      // the bound record moves as the process's `return` (to the applicant's step) says (engine/approval)
      await ctx.approvals.returnTask(trx, actor, { taskId, activityId, comment });
    });
    return done('退回成功');
  });
}
