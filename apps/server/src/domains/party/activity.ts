/** 党员活动: times checked on write, the state stored (activity-status.ts), live enrolment counts,
 * 取消活动 (`activityCancel`) and `viewDetail` (docs/domain-model.md#党员活动-partyactivity). */
import { isId, maskValue } from '@tongxin/resources';
import type { FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { requireUser } from '../../auth/guard.js';
import type { Row, Trx } from '../../db/database.js';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import type { ResourceEngine } from '../../engine/crud/resource-engine.js';
import type { VerbHandler } from '../../engine/module.js';
import { badRequest, done, notFound, ok } from '../../http/envelope.js';
import { idempotent } from '../../http/idempotency.js';
import { requestParams, selectedIds } from '../../http/params.js';
import { formatDateTime } from '../../util/datetime.js';
import { activityState, CANCELLED, ENDED } from './activity-status.js';

export const ENROLMENTS = 'app_party_activity2user';
const STATE_PARAM = 'activityStatus_equal';

const merged = (values: Record<string, unknown>, existing: Row | undefined, column: string) =>
  String(values[column] ?? existing?.[column] ?? '');

/** Live enrolment counts (报名成功 and signed in) of activities, by id. */
export async function enrolmentCounts(trx: Trx, ids: string[]) {
  const rows = ids.length
    ? ((await trx
        .selectFrom(ENROLMENTS)
        .select([
          'activity_id',
          sql<number>`sum(case when enroll_status = 1 then 1 else 0 end)`.as('enrolled'),
          sql<number>`sum(case when enroll_status = 1 and sign_status = 1 then 1 else 0 end)`.as('signed'),
        ])
        .where('activity_id', 'in', ids)
        .where('is_deleted', '=', 0)
        .groupBy('activity_id')
        .execute()) as Row[])
    : [];
  return new Map(
    rows.map((r) => [String(r.activity_id), { enrolled: Number(r.enrolled), signed: Number(r.signed) }]),
  );
}

export const activityHooks: ResourceHooks = {
  async beforeWrite(_args, values, existing) {
    const start = merged(values, existing, 'start_time');
    const end = merged(values, existing, 'end_time');
    const enrollStart = merged(values, existing, 'enroll_start_time');
    const enrollEnd = merged(values, existing, 'enroll_end_time');
    if (start && end && end <= start) throw badRequest('结束时间必须晚于开始时间');
    if (enrollStart && enrollEnd && enrollEnd <= enrollStart)
      throw badRequest('报名截止时间必须晚于报名开始时间');
    if (enrollEnd && end && enrollEnd > end) throw badRequest('报名截止时间不能晚于活动结束时间');
    if (existing?.cancel_time) throw badRequest('活动已取消，不能修改');
    values.activity_status = activityState({ ...existing, ...values }, formatDateTime());
  },
  params: [STATE_PARAM],
  async filter(_args, params) {
    const raw = params[STATE_PARAM];
    if (raw === undefined) return undefined;
    if (!/^[0-5]$/.test(raw)) throw badRequest('活动状态格式不正确');
    return () => sql<SqlBool>`activity_status = ${Number(raw)}`;
  },
  async afterTransition({ trx, ctx, actor }, transition, _before, after) {
    if (transition.name !== 'activityCancel') return;
    // the live enrolments become 已取消 with the activity's reason, each through its own transition
    const live = await trx
      .selectFrom(ENROLMENTS)
      .select('id')
      .where('activity_id', '=', String(after.id))
      .where('enroll_status', 'in', [0, 1])
      .where('is_deleted', '=', 0)
      .execute();
    const enrolments = ctx.resources.named('partyActivityUser');
    const reason = String(after.cancel_reason ?? '');
    for (const e of live)
      await enrolments.transition(trx, actor, String(e.id), 'activityCancelled', { reason });
  },
  async decorate({ trx }, rows) {
    const counts = await enrolmentCounts(trx, rows.map((r) => String(r.id)).filter(isId));
    for (const r of rows) {
      const c = counts.get(String(r.id));
      r.enrollNum = c?.enrolled ?? 0;
      r.signNum = c?.signed ?? 0;
    }
  },
};

/** 取消活动: every selected activity not yet ended or cancelled takes the reason; their live enrolments
 * become 已取消 with the same reason; one refused activity refuses the call and nothing is written. */
async function cancel(request: FastifyRequest, engine: ResourceEngine) {
  const user = requireUser(request);
  const params = requestParams(request);
  const body = (request.body ?? {}) as Record<string, unknown>;
  const ids = selectedIds(Array.isArray(body.ids) ? body.ids.join(',') : params.ids, '请选择要取消的活动');
  const reason = (params.cancelReason ?? '').trim();
  if (!reason) throw badRequest('请输入取消原因');
  if ([...reason].length > 200) throw badRequest('取消原因长度不能超过200个字符');
  return idempotent(engine.ctx.store, request, user, () =>
    engine.run(user, async (trx, base) => {
      const rows = (await (await base()).selectAll().where('id', 'in', ids).forUpdate().execute()) as Row[];
      if (rows.length !== ids.length) throw notFound('活动不存在');
      for (const r of rows) {
        const state = Number(r.activity_status);
        if (state === CANCELLED) throw badRequest(`活动「${String(r.title)}」已取消`);
        if (state === ENDED) throw badRequest(`活动「${String(r.title)}」已结束，不能取消`);
      }
      // each activity → 已取消 through the definition's `activityCancel` transition (its live enrolments
      // follow in afterTransition)
      for (const r of rows) await engine.transition(trx, user, String(r.id), 'activityCancel', { reason });
      return done('操作成功');
    }),
  );
}

/** The activity with its counts, its enrolments and who signed in; the view is counted. */
async function viewDetail(request: FastifyRequest, engine: ResourceEngine) {
  const user = requireUser(request);
  const id = requestParams(request).id;
  if (!isId(id)) throw badRequest('缺少必要的请求参数: id');
  return engine.run(user, async (trx, base) => {
    const row = (await (await base()).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
    if (!row) throw notFound();
    await trx
      .updateTable(engine.def.table)
      .set({ browse_num: sql`browse_num + 1` })
      .where('id', '=', id)
      .execute();
    row.browse_num = Number(row.browse_num ?? 0) + 1;
    const [activity] = await engine.decorate(trx, user, [row]);
    const enrolments = (await trx
      .selectFrom(ENROLMENTS)
      .select(['id', 'member_name', 'phone', 'enroll_time', 'enroll_status', 'sign_status', 'sign_time'])
      .where('activity_id', '=', id)
      .where('is_deleted', '=', 0)
      .orderBy('enroll_time', 'asc')
      .execute()) as Row[];
    const users = enrolments.map((e) => ({
      id: String(e.id),
      memberName: e.member_name,
      // masked as the enrolment list masks it
      phone: maskValue('phone', e.phone),
      enrollTime: e.enroll_time,
      enrollStatus: e.enroll_status,
      signStatus: e.sign_status,
      signTime: e.sign_time,
    }));
    return ok({
      ...activity,
      enrollUsers: users,
      signUsers: users.filter((u) => Number(u.signStatus) === 1),
    });
  });
}

export const activityVerbs: Record<string, VerbHandler> = {
  activityCancel: { access: { perm: ['party_activity_cancel'] }, handle: cancel },
  viewDetail: { method: 'GET', access: { perm: ['party_activity_view'] }, handle: viewDetail },
};
