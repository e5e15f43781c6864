/** The BladeX leave demo on blade-desk (docs/domain-model.md#请假-leave): start-process and detail. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireUser } from '../../auth/guard.js';
import type { AppContext } from '../../context.js';
import type { Row } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import { badRequest, forbidden, notFound, ok } from '../../http/envelope.js';
import { formatDateTime, parseDateTime } from '../../util/datetime.js';
import { startBusinessProcess } from '../../engine/approval/start-process.js';
import { LEAVE_KEY, LEAVE_TABLE } from '../../seed/flows.js';
import { TASK_USER_PREFIX, stripTaskUser } from '../../flow/runtime.js';
import { actorOf, idParam, textParam, userNames } from '../../flow/wire.js';
import { toCamel } from '../../util/case.js';

const BASE = '/api/blade-desk/process/leave';
const DAY_MS = 86_400_000;

const toDate = (s: string) => {
  const [d, t] = s.split(' ');
  const [y, m, day] = d!.split('-').map(Number);
  const [h, mi, sec] = t!.split(':').map(Number);
  return new Date(y!, m! - 1, day!, h!, mi!, sec!);
};

export function leaveRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(`${BASE}/start-process`, { config: { access: { perm: 'work_leave_add' } } }, async (request) => {
    const user = requireUser(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体格式错误');
    const id = idParam(body.id, 'id', false);
    const startTime = typeof body.startTime === 'string' ? parseDateTime(body.startTime) : undefined;
    const endTime = typeof body.endTime === 'string' ? parseDateTime(body.endTime) : undefined;
    if (!startTime) throw badRequest('请选择开始时间');
    if (!endTime) throw badRequest('请选择结束时间');
    if (endTime <= startTime) throw badRequest('结束时间必须晚于开始时间');
    const reason = textParam(body.reason, 500)?.trim();
    if (!reason) throw badRequest('请输入请假理由');
    const taskUserRaw =
      body.taskUser === undefined || body.taskUser === null ? '' : stripTaskUser(String(body.taskUser));
    const taskUser = idParam(taskUserRaw, 'taskUser', false);
    if (!taskUser) throw badRequest('请选择审批人');
    const definitionId = idParam(body.processDefinitionId, 'processDefinitionId', !id);
    const now = formatDateTime();
    const days = Math.floor((toDate(endTime).getTime() - toDate(startTime).getTime()) / DAY_MS);

    const result = await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const approver = await trx
        .selectFrom('blade_user')
        .select('id')
        .where('id', '=', taskUser)
        .where('tenant_id', '=', user.tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!approver) throw badRequest('审批人不存在');
      const fields = { start_time: startTime, end_time: endTime, reason, task_user: taskUser };
      if (id) {
        // BladeX: with an id the row is only updated; the process is not restarted.
        const r = await trx
          .updateTable(LEAVE_TABLE)
          .set({ ...fields, update_user: user.userId, update_time: now })
          .where('id', '=', id)
          .where('tenant_id', '=', user.tenantId)
          .where('create_user', '=', user.userId)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (!Number(r.numUpdatedRows)) throw notFound();
        return { id, processInstanceId: null };
      }
      const def = await trx
        .selectFrom('flow_process_definition')
        .select(['id', 'process_key'])
        .where('id', '=', definitionId!)
        .executeTakeFirst();
      if (!def) throw badRequest('流程定义不存在');
      if (def.process_key !== LEAVE_KEY) throw badRequest('流程启动失败,未找到相关业务表');
      const leaveId = nextId();
      await trx
        .insertInto(LEAVE_TABLE)
        .values({
          id: leaveId,
          tenant_id: user.tenantId,
          ...fields,
          apply_time: now,
          create_user: user.userId,
          create_dept: user.deptIds[0] ?? null,
          create_time: now,
          update_user: user.userId,
          update_time: now,
        })
        .execute();
      // Start by the chosen definition (not merely the newest of the key), in this transaction.
      const started = await startBusinessProcess(trx, actorOf(user), {
        processKey: LEAVE_KEY,
        table: LEAVE_TABLE,
        businessId: leaveId,
        definitionId: String(def.id),
        variables: { createUser: user.account, taskUser: `${TASK_USER_PREFIX}${taskUser}`, days },
      });
      return { id: leaveId, processInstanceId: started.processInstanceId };
    });
    return ok(result, '操作成功');
  });

  app.get(`${BASE}/detail`, { config: { access: { token: true } } }, async (request) => {
    const user = requireUser(request);
    const businessId = idParam((request.query as Record<string, unknown>).businessId, 'businessId')!;
    const viewAll = await ctx.permissions.has(user, 'work_leave_view');
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const row = (await trx
        .selectFrom(LEAVE_TABLE)
        .selectAll()
        .where('id', '=', businessId)
        .where('tenant_id', '=', user.tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst()) as Row | undefined;
      if (!row) throw notFound();
      if (!viewAll && String(row.create_user) !== user.userId) {
        // Otherwise only someone who has or had a task in the instance (or may claim one) may read it.
        const involved = await trx
          .selectFrom('flow_task')
          .select('id')
          .where('process_instance_id', '=', String(row.process_instance_id ?? '0'))
          .where((eb) =>
            eb.or([
              eb('assignee', '=', user.userId),
              eb(sql`',' || candidate_users || ','`, 'like', `%,${user.userId},%`),
              ...user.roleAliases.map((a) => eb(sql`',' || candidate_groups || ','`, 'like', `%,${a},%`)),
            ]),
          )
          .executeTakeFirst();
        if (!involved) throw forbidden();
      }
      const names = await userNames(trx, [row.create_user, row.task_user]);
      const wire: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(row)) wire[toCamel(k)] = v;
      wire.taskUserName = names.get(String(row.task_user)) ?? '';
      wire.flow = { assigneeName: names.get(String(row.create_user)) ?? '' };
      return ok(wire);
    });
  });
}
