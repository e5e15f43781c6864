import type { FastifyInstance, FastifyRequest } from 'fastify';
import { processesOf } from '@tongxin/resources';
import { sql } from 'kysely';
import { requireUser } from '../../auth/guard.js';
import type { ApprovalContext } from './approval-context.js';
import type { Row } from '../../db/database.js';
import { badRequest, forbidden, ok } from '../../http/envelope.js';
import { pageOf, paging } from '../../flow/wire.js';
import { offeredTo, pageWithTotal, type Q, taskQuery } from '../../flow/work-query.js';
import type { ResourceEngine } from '../crud/resource-engine.js';

/**
 * GET <path>/auditTasks?current&size&processKey: what waits for the caller in one of the definition's
 * processes (`processKey`, default its `process`; the
 * generic audit screen's list): its active tasks on this table assigned to the caller or offered to
 * them (candidate user or role), oldest first; each record as the wire sends it plus `taskId`,
 * `taskName`, `taskCreateTime` and `claimed`. Guarded by that process's button code.
 */
export function auditTaskRoutes(app: FastifyInstance, ctx: ApprovalContext, engine: ResourceEngine): void {
  const { def } = engine;
  const processes = processesOf(def).map((p) => ctx.approvals.processOf(p.key) ?? p);
  const access = { config: { access: { perm: processes.map((p) => p.perm) } } };
  app.get(`${def.path}/auditTasks`, access, async (request: FastifyRequest) => {
    const user = requireUser(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const process = query.processKey ? processes.find((p) => p.key === query.processKey) : processes[0];
    if (!process) throw badRequest('流程不存在');
    if (!(await ctx.permissions.hasAny(user, [process.perm]))) throw forbidden();
    const p = paging(query, ctx.config.maxPageSize);
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      // only tasks of records in the caller's data scope, as the resource's list shows them
      const visible = await engine.visibleQuery(trx, user);
      const tasks: Q = taskQuery(trx, user.tenantId)
        .where('t.status', '=', 'active')
        .where('i.suspension_state', '=', 1)
        .where('i.business_table', '=', def.table)
        .where('d.process_key', '=', process.key)
        .where((eb: Q) =>
          eb.or([
            eb('t.assignee', '=', user.userId),
            eb.and([eb('t.assignee', 'is', null), offeredTo(user)(eb)]),
          ]),
        )
        .where('i.business_id', 'in', visible.select(sql<string>`id::text`.as('id')));
      const ordered = tasks
        .select([
          't.id as t_id',
          't.name as t_name',
          't.create_time as t_create_time',
          't.assignee as t_assignee',
        ])
        .select(['i.business_id as i_business_id'])
        .orderBy('t.create_time', 'asc')
        .orderBy('t.id', 'asc');
      const { rows, total } = await pageWithTotal(trx, tasks, ordered, p, ctx.config.countCap);
      const ids = rows.map((r) => String(r.i_business_id));
      const q = engine.selectRows(visible);
      const records = ids.length ? ((await q.where('id', 'in', ids).execute()) as Row[]) : [];
      const wire = await engine.decorate(trx, user, records);
      const byId = new Map(wire.map((w) => [String(w.id), w]));
      return ok(
        pageOf(
          rows.map((r) => ({
            ...(byId.get(String(r.i_business_id)) ?? { id: String(r.i_business_id) }),
            taskId: String(r.t_id),
            taskName: r.t_name,
            taskCreateTime: r.t_create_time,
            claimed: r.t_assignee !== null && r.t_assignee !== undefined,
          })),
          total,
          p,
        ),
      );
    });
  });
}
