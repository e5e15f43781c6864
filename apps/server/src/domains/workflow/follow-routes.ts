/** The running instances (blade-flow follow/*): list and delete-process-instance, of business records in
 * the caller's data scope. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireUser } from '../../auth/guard.js';
import type { AppContext } from '../../context.js';
import { actorOf, categoryNames, idParam, pageOf, paging, textParam, userNames } from '../../flow/wire.js';
import { pageWithTotal } from '../../flow/work-query.js';
import { badRequest, done, ok } from '../../http/envelope.js';
import { requestParams } from '../../http/params.js';
import { BLADE_FLOW as BASE, perm, queryOf } from './route-options.js';

export function followRoutes(app: FastifyInstance, ctx: AppContext): void {
  const maxSize = ctx.config.maxPageSize;
  app.get(`${BASE}/follow/list`, perm('flow_follow'), async (request) => {
    const user = requireUser(request);
    const query = queryOf(request);
    const p = paging(query, maxSize);
    const cats = await categoryNames(ctx, user.tenantId);
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      let q = trx
        .selectFrom('flow_process_instance as i')
        .innerJoin('flow_process_definition as d', 'd.id', 'i.process_definition_id')
        .where('i.tenant_id', '=', user.tenantId)
        .where('i.status', '=', 'running')
        .where(await ctx.resources.visibleInstances(trx, user));
      const pid = idParam(query.processInstanceId, 'processInstanceId', false);
      if (pid) q = q.where('i.id', '=', pid);
      const key = textParam(query.processDefinitionKey, 64);
      if (key) q = q.where('i.process_definition_key', '=', key);
      const { rows, total } = await pageWithTotal(
        trx,
        q,
        q
          .select([
            'i.id',
            'i.name',
            'i.start_user_id',
            'i.start_time',
            'i.suspension_state',
            'i.category',
            'i.process_definition_key',
            'i.process_definition_id',
            'i.business_table',
            'i.business_id',
            'd.version',
            sql<string>`(select string_agg(t.task_def_key, ',') from flow_task t where t.process_instance_id = i.id and t.status = 'active')`.as(
              'active_keys',
            ),
            sql<string>`(select string_agg(t.name, ',') from flow_task t where t.process_instance_id = i.id and t.status = 'active')`.as(
              'active_names',
            ),
          ])
          .orderBy('i.start_time', 'desc')
          .orderBy('i.id', 'desc'),
        p,
        ctx.config.countCap,
      );
      const names = await userNames(
        trx,
        rows.map((r) => r.start_user_id),
      );
      const records = rows.map((r) => ({
        id: String(r.id),
        name: r.name,
        startUserId: r.start_user_id ? `taskUser_${String(r.start_user_id)}` : '',
        startUser: names.get(String(r.start_user_id)) ?? '',
        startTime: r.start_time,
        executionId: String(r.id),
        processInstanceId: String(r.id),
        processDefinitionId: String(r.process_definition_id),
        processDefinitionKey: r.process_definition_key,
        processDefinitionVersion: Number(r.version),
        taskDefinitionKey: r.active_keys ?? '',
        taskDefinitionId: r.active_keys ?? '',
        taskName: r.active_names ?? '',
        activityId: r.active_keys ?? '',
        suspensionState: Number(r.suspension_state),
        category: r.category ?? '',
        categoryName: cats.get(String(r.category ?? '')) ?? '',
        businessTable: r.business_table ?? '',
        businessId: r.business_id ?? '',
      }));
      return ok(pageOf(records, total, p));
    });
  });

  app.post(`${BASE}/follow/delete-process-instance`, perm('flow_follow_delete'), async (request) => {
    const user = requireUser(request);
    const params = requestParams(request);
    const id = idParam(params.processInstanceId, 'processInstanceId')!;
    const reason = textParam(params.deleteReason, 500);
    if (!reason?.trim()) throw badRequest('请输入删除原因');
    await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      await ctx.resources.requireInstanceRecord(trx, user, id);
      // reported as `terminate` (engine/approval): the definition's transitions for it move the record
      await ctx.approvals.terminateInstance(trx, actorOf(user), id, reason);
    });
    return done('删除成功');
  });
}
