import type { AuthUser } from '../../auth/tokens.js';
import type { ApprovalContext } from './approval-context.js';
import type { Row, Trx } from '../../db/database.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { actorOf, idParam, passOf, textParam, variablesOf } from '../../flow/wire.js';
import { TASK_COLUMNS, taskQuery } from '../../flow/work-query.js';
import { formatDateTime } from '../../util/datetime.js';
import { TABLE } from './business-table.js';

/** The task joined with its instance and definition, as bladeFlow() expects. */
export async function taskRow(trx: Trx, tenantId: string, taskId: string): Promise<Row | undefined> {
  return (await taskQuery(trx, tenantId)
    .select([
      ...TASK_COLUMNS,
      't.candidate_users as t_candidate_users',
      't.candidate_groups as t_candidate_groups',
      't.status as t_status',
      'i.process_definition_key as i_process_definition_key',
      'i.applicant_id as i_applicant_id',
    ])
    .where('t.id', '=', taskId)
    .executeTakeFirst()) as Row | undefined;
}

export const taskAsRow = (r: Row): Row => ({
  status: r.t_status,
  assignee: r.t_assignee,
  candidate_users: r.t_candidate_users,
  candidate_groups: r.t_candidate_groups,
});

/** Takes an active task nobody has claimed for `userId` (签收), in the deal's transaction: a deal refused
 * afterwards leaves it unclaimed. One claimed by someone else stays theirs (completeTask refuses). */
async function takeTask(trx: Trx, userId: string, taskId: string): Promise<void> {
  const now = formatDateTime();
  const taken = await trx
    .updateTable('flow_task')
    .set({ assignee: userId, claim_time: now })
    .where('id', '=', taskId)
    .where('status', '=', 'active')
    .where('assignee', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1)
    await trx
      .updateTable('flow_history_activity')
      .set({ assignee: userId })
      .where('task_id', '=', taskId)
      .execute();
}

/** A deal call: checks the task belongs to `table` (and `processKey` when given), completes it and
 * moves the record, all in one transaction. With `take`, the caller (holding the record screen's
 * button) first takes the task when nobody has. */
export async function deal(
  ctx: ApprovalContext,
  user: AuthUser,
  body: Record<string, unknown>,
  bind: { table?: string; processKey?: string; take?: boolean },
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
    // The business record in the caller's data scope (else 业务数据不存在, nothing written), locked first:
    // the record and the step change together.
    const record = { business_table: table, business_id: row.i_business_id };
    const served = await ctx.resources.requireRecordOf(trx, user, record, true);
    if (!served && TABLE.test(table) && row.i_business_id) {
      await trx
        .selectFrom(table)
        .select('id')
        .where('id', '=', String(row.i_business_id))
        .forUpdate()
        .execute();
    }
    const actor = actorOf(user);
    if (bind.take) await takeTask(trx, user.userId, taskId);
    const input = { taskId, processInstanceId, pass, comment, variables };
    const { result, step } = await ctx.approvals.completeTask(trx, actor, input);
    const outcome = step?.outcome ?? (pass ? 'pass' : 'reject');
    return {
      processInstanceId: String(result.instance.id),
      businessId: String(row.i_business_id ?? ''),
      processIsFinished: result.ended ? 'finished' : 'unfinished',
      // the wire's word for a pass
      outcome: outcome === 'pass' ? 'approve' : outcome,
      auditStatus: step?.auditStatus ?? null,
    };
  });
}
