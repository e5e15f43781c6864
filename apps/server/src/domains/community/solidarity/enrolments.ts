/** 民族团结活动报名: a participant takes a place (the activity's `enrollNum`, within `limitNum` when it has
 * one) of an approved activity open for enrolment (报名中); removal gives it back. getEnrollUsersPage pages an activity's
 * participants for the activity screen. */
import { isId } from '@tongxin/resources';
import { sql } from 'kysely';
import { requireUser } from '../../../auth/guard.js';
import type { Trx } from '../../../db/database.js';
import type { ResourceHooks } from '../../../engine/crud/hooks.js';
import type { VerbHandler } from '../../../engine/module.js';
import { badRequest, notFound, ok } from '../../../http/envelope.js';
import { page, paging } from '../../../http/list-query.js';
import { requestParams } from '../../../http/params.js';
import { rowToWire } from '../../../util/case.js';
import { formatDateTime } from '../../../util/datetime.js';
import { APPROVED, CANCELLED, ENROLLING } from './activity-state.js';

const ENROLLED = 1;
/** audit_status 0: the SolidarityActivity approval waits */
const PENDING = 0;

async function takePlace(trx: Trx, tenantId: string, activityId: string): Promise<void> {
  const a = await trx
    .selectFrom('app_solidarity_activity')
    .select(['activity_status', 'audit_status', 'enroll_num', 'limit_num'])
    .where('id', '=', activityId)
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .forUpdate()
    .executeTakeFirst();
  if (!a) throw badRequest('活动不存在');
  if (Number(a.activity_status) === CANCELLED) throw badRequest('该活动已取消');
  if (a.audit_status !== null && Number(a.audit_status) === PENDING)
    throw badRequest('该活动尚在审核中，暂不能报名');
  if (Number(a.audit_status) !== APPROVED) throw badRequest('该活动未通过审核，不能报名');
  if (Number(a.activity_status) !== ENROLLING) throw badRequest('该活动不在报名中');
  if (Number(a.limit_num) > 0 && Number(a.enroll_num) >= Number(a.limit_num))
    throw badRequest('报名人数已满');
  await trx
    .updateTable('app_solidarity_activity')
    .set({ enroll_num: sql`enroll_num + 1` })
    .where('id', '=', activityId)
    .execute();
}

export const solidarityEnrolmentHooks: ResourceHooks = {
  async beforeWrite({ trx, user }, values, existing) {
    if (existing) {
      if (values.activity_id !== undefined && String(values.activity_id) !== String(existing.activity_id))
        throw badRequest('报名记录不能改换活动');
      return;
    }
    values.enroll_time ??= formatDateTime();
    if (Number(values.enroll_status ?? ENROLLED) === ENROLLED)
      await takePlace(trx, user.tenantId, String(values.activity_id));
  },
  async beforeRemove({ trx }, ids) {
    const rows = await trx
      .selectFrom('app_solidarity_activity_user')
      .select('activity_id')
      .where('id', 'in', ids)
      .where('enroll_status', '=', ENROLLED)
      .where('is_deleted', '=', 0)
      .execute();
    for (const r of rows)
      await trx
        .updateTable('app_solidarity_activity')
        .set({ enroll_num: sql`greatest(enroll_num - 1, 0)` })
        .where('id', '=', String(r.activity_id))
        .execute();
  },
};

export const getEnrollUsersPage: VerbHandler = {
  method: 'GET',
  access: { perm: 'solidarity_activity_view' },
  async handle(request, engine) {
    const user = requireUser(request);
    const p = requestParams(request);
    const activityId = p.activityId ?? p.id;
    if (!activityId || !isId(activityId)) throw badRequest('请选择活动');
    const q = paging(p, engine.ctx.config.maxPageSize);
    return engine.run(user, async (trx, base) => {
      if (!(await (await base()).select('id').where('id', '=', activityId).executeTakeFirst()))
        throw notFound('活动不存在');
      const rows = trx
        .selectFrom('app_solidarity_activity_user')
        .where('activity_id', '=', activityId)
        .where('tenant_id', '=', user.tenantId)
        .where('is_deleted', '=', 0);
      const total = await rows.select(sql<string>`count(*)`.as('n')).executeTakeFirst();
      const records = await rows
        .selectAll()
        .orderBy('enroll_time', 'desc')
        .orderBy('id', 'desc')
        .limit(q.size)
        .offset((q.current - 1) * q.size)
        .execute();
      return ok(page(records.map(rowToWire), Number(total?.n ?? 0), q));
    });
  },
};
