/** Deciding a record's approval task from its own screen (the reply and review screens' row actions):
 * the caller, holding that screen's button, takes the task when nobody has and passes or rejects it
 * through the approval mechanism (engine/approval deal), which moves the record and runs the process's
 * business effects in one transaction. */
import type { AuthUser } from '../../auth/tokens.js';
import type { Row } from '../../db/database.js';
import type { AppContext } from '../../context.js';
import { deal } from '../../engine/approval/deal.js';
import { refuseOwnRequest } from '../../flow/service.js';
import { actorOf } from '../../flow/wire.js';
import type { ResourceEngine } from '../../engine/crud/resource-engine.js';
import { badRequest } from '../../http/envelope.js';
import { onRows } from './rows.js';

/** Passes or rejects the active task of each named record; `open` refuses records already decided. */
export async function decideRows(
  engine: ResourceEngine<AppContext>,
  user: AuthUser,
  ids: string[],
  decision: {
    pass: boolean;
    comment: string;
    /** process variables the step sets (a snap report's reward) */
    variables?: Record<string, unknown>;
    open: (row: Row) => boolean;
    /** why a record no longer open is refused */
    closed: string | ((row: Row) => string);
    noTask: string;
  },
): Promise<void> {
  const tasks = await onRows(engine, user, ids, async (trx, rows) => {
    const found: { taskId: string; businessId: string }[] = [];
    for (const row of rows) {
      if (!decision.open(row))
        throw badRequest(typeof decision.closed === 'string' ? decision.closed : decision.closed(row));
      const task = await trx
        .selectFrom('flow_task as t')
        .innerJoin('flow_process_instance as i', 'i.id', 't.process_instance_id')
        .select(['t.id', 'i.start_user_id', 'i.applicant_id'])
        .where('t.process_instance_id', '=', String(row.process_instance_id ?? '0'))
        .where('t.status', '=', 'active')
        .executeTakeFirst();
      if (!task) throw badRequest(decision.noTask);
      refuseOwnRequest(task, actorOf(user));
      found.push({ taskId: String(task.id), businessId: String(row.id) });
    }
    return found;
  });
  const { pass, comment, variables } = decision;
  for (const t of tasks)
    await deal(engine.ctx, user, { ...t, pass, comment, variables }, { table: engine.def.table, take: true });
}
