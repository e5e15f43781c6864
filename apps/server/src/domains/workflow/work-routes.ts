/**
 * The work part of the blade-flow wire: the claim, to-do, sent and done lists, claim-task and
 * complete-task. Every list is paged and tenant-scoped (row-level security plus an explicit condition).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import type { Row, Trx } from '../../db/database.js';
import { done, ok } from '../../http/envelope.js';
import { requestParams } from '../../http/params.js';
import { claimTask } from '../../flow/service.js';
import {
  actorOf,
  bladeFlow,
  categoryNames,
  idParam,
  pageOf,
  paging,
  passOf,
  textParam,
  userNames,
  variablesOf,
} from '../../flow/wire.js';
import {
  flowFilters,
  offeredTo,
  pageWithTotal,
  type Q,
  TASK_COLUMNS,
  taskQuery,
} from '../../flow/work-query.js';
import { BLADE_FLOW, perm } from './route-options.js';

const BASE = `${BLADE_FLOW}/work`;

/** One work list: which rows, the time it filters and sorts on, and the shape of a record. */
interface WorkList {
  /** The list's rows before the request's filters (what is counted). */
  rows: (trx: Trx, user: AuthUser) => Q;
  /** beginDate/endDate filter on it; newest first, ties by the id of the same table. */
  time: 't.create_time' | 't.end_time' | 'i.start_time';
  /** Joins and columns beyond TASK_COLUMNS (not needed to count). */
  select?: (q: Q) => Q;
  record: (r: Row, names: Map<string, string>, cats: Map<string, string>) => Record<string, unknown>;
}

const activeTasks = (trx: Trx, user: AuthUser): Q =>
  taskQuery(trx, user.tenantId).where('t.status', '=', 'active').where('i.suspension_state', '=', 1);

/** The latest task of each instance (BladeX: by end time; the active one first). */
const latestTask = sql`(select t.id from flow_task t where t.process_instance_id = i.id order by (t.status = 'active') desc, coalesce(t.end_time, t.create_time) desc, t.id desc limit 1)`;

const LISTS: Record<'claim' | 'todo' | 'send' | 'done', WorkList> = {
  claim: {
    rows: (trx, user) => activeTasks(trx, user).where('t.assignee', 'is', null).where(offeredTo(user)),
    time: 't.create_time',
    record: (r, names, cats) => bladeFlow(r, names, cats, 'claim'),
  },
  todo: {
    rows: (trx, user) => activeTasks(trx, user).where('t.assignee', '=', user.userId),
    time: 't.create_time',
    record: (r, names, cats) => bladeFlow(r, names, cats, 'todo'),
  },
  send: {
    rows: (trx, user) =>
      trx
        .selectFrom('flow_process_instance as i')
        .innerJoin('flow_process_definition as d', 'd.id', 'i.process_definition_id')
        .where('i.tenant_id', '=', user.tenantId)
        .where('i.start_user_id', '=', user.userId),
    time: 'i.start_time',
    select: (q) => q.leftJoin('flow_task as t', (j: Q) => j.on(sql`t.id = ${latestTask}`)),
    record: (r, names, cats) => ({
      ...bladeFlow(r, names, cats, 'finish'),
      createTime: r.i_start_time,
      endTime: r.i_end_time ?? null,
    }),
  },
  done: {
    rows: (trx, user) =>
      taskQuery(trx, user.tenantId).where('t.status', '=', 'completed').where('t.assignee', '=', user.userId),
    time: 't.end_time',
    select: (q) =>
      q.select([
        sql<string>`(select c.message from flow_comment c where c.task_id = t.id order by c.create_time, c.id limit 1)`.as(
          't_comment',
        ),
        't.outcome as t_outcome',
      ]),
    record: (r, names, cats) => ({
      ...bladeFlow(r, names, cats, 'finish'),
      comment: r.t_comment ?? '',
      pass: r.t_outcome === null ? null : r.t_outcome === 'pass',
    }),
  },
};

export function workRoutes(app: FastifyInstance, ctx: AppContext): void {
  const maxSize = ctx.config.maxPageSize;

  const workList = (list: WorkList) => async (request: FastifyRequest) => {
    const user = requireUser(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const p = paging(query, maxSize);
    const cats = await categoryNames(ctx, user.tenantId);
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      // tasks of business records in the caller's data scope only (ctx.resources)
      const visible = await ctx.resources.visibleInstances(trx, user);
      const q = flowFilters(list.rows(trx, user).where(visible), query, list.time);
      const { rows, total } = await pageWithTotal(
        trx,
        q,
        (list.select ?? ((x: Q) => x))(q)
          .select([...TASK_COLUMNS])
          .orderBy(list.time, 'desc')
          .orderBy(`${list.time.slice(0, 1)}.id`, 'desc'),
        p,
        ctx.config.countCap,
      );
      const names = await userNames(
        trx,
        rows.flatMap((r) => [r.t_assignee, r.i_start_user_id]),
      );
      return ok(
        pageOf(
          rows.map((r) => list.record(r, names, cats)),
          total,
          p,
        ),
      );
    });
  };
  app.get(`${BASE}/claim-list`, perm('work_claim'), workList(LISTS.claim));
  app.get(`${BASE}/todo-list`, perm('work_todo'), workList(LISTS.todo));
  app.get(`${BASE}/send-list`, perm('work_send'), workList(LISTS.send));
  app.get(`${BASE}/done-list`, perm('work_done'), workList(LISTS.done));

  app.post(`${BASE}/claim-task`, perm('work_claim_sign'), async (request) => {
    const user = requireUser(request);
    const taskId = idParam(requestParams(request).taskId, 'taskId')!;
    await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      await ctx.resources.requireTaskRecord(trx, user, taskId);
      await claimTask(trx, actorOf(user), taskId);
    });
    return done('签收事务成功');
  });

  app.post(`${BASE}/complete-task`, perm('work_todo_handle'), async (request) => {
    const user = requireUser(request);
    const body = { ...requestParams(request), ...((request.body ?? {}) as Record<string, unknown>) };
    const taskId = idParam(body.taskId, 'taskId')!;
    const processInstanceId = idParam(body.processInstanceId, 'processInstanceId', false);
    const pass = passOf(body);
    const comment = textParam(body.comment, 2000);
    const variables = variablesOf(body.variables);
    await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      // a task whose business record is outside the caller's data scope is not theirs to complete
      await ctx.resources.requireTaskRecord(trx, user, taskId);
      const actor = actorOf(user);
      // the bound business record moves in the same transaction (engine/approval)
      await ctx.approvals.completeTask(trx, actor, { taskId, processInstanceId, pass, comment, variables });
    });
    return done('操作成功');
  });
}
