/** 微志愿活动's own calls: scoreSettle (the points of a finished activity, once), absentActivity (a
 * volunteer marked absent) and page2Enroll (the activities open for enrolment). */
import { isId } from '@tongxin/resources';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../../auth/guard.js';
import type { AuthUser } from '../../../auth/tokens.js';
import type { Trx } from '../../../db/database.js';
import type { VerbHandler } from '../../../engine/module.js';
import { badRequest, done, forbidden, notFound } from '../../../http/envelope.js';
import { requestParams } from '../../../http/params.js';
import { formatDateTime } from '../../../util/datetime.js';
import { appendScore } from '../score/ledger.js';

const CANCELLED = 5;
const ENDED = 4;
const SIGNED = 1;
const ABSENT = 2;

function idParam(request: FastifyRequest, names: string[], label: string): string {
  const p = requestParams(request);
  const raw = names.map((n) => p[n]).find((v) => v !== undefined && v !== '');
  if (!raw || !isId(raw)) throw badRequest(`请选择${label}`);
  return raw;
}

/** Credits every successful enrolment: signed in → +score (and the activity's hours), otherwise →
 * −absentPenalty; one ledger row each, then the enrolments and the activity are marked settled. */
export async function settleActivity(trx: Trx, user: AuthUser, activityId: string): Promise<number> {
  const a = await trx
    .selectFrom('app_micro_volunteer')
    .selectAll()
    .where('id', '=', activityId)
    .where('tenant_id', '=', user.tenantId)
    .where('is_deleted', '=', 0)
    .forUpdate()
    .executeTakeFirst();
  if (!a) throw notFound('活动不存在');
  if (Number(a.settle_status) === 1) throw badRequest('该活动已结算，不能重复结算');
  if (Number(a.activity_status) === CANCELLED) throw badRequest('已取消的活动不能结算');
  const now = formatDateTime();
  if (Number(a.activity_status) !== ENDED && String(a.end_time) > now)
    throw badRequest('活动尚未结束，不能结算');
  const enrolled = await trx
    .selectFrom('app_micro_volunteer_user')
    .select(['id', 'app_user_id', 'sign_status', 'service_hours'])
    .where('activity_id', '=', activityId)
    .where('enroll_status', '=', 1)
    .where('settle_status', '=', 0)
    .where('is_deleted', '=', 0)
    .orderBy('id')
    .execute();
  // separation of duties: a manager enrolled in the activity leaves its settlement to another
  if (Number(a.score) > 0 && enrolled.some((e) => String(e.app_user_id) === user.userId))
    throw forbidden('您报名了该活动，不能由本人结算积分，请由其他管理员结算');
  for (const e of enrolled) {
    const signed = Number(e.sign_status) === SIGNED;
    const delta = signed ? Number(a.score) : -Number(a.absent_penalty ?? 0);
    await appendScore(trx, {
      tenantId: user.tenantId,
      appUserId: String(e.app_user_id),
      communityId: String(a.community_id),
      delta,
      sourceType: signed ? 'volunteer' : 'penalty',
      sourceId: activityId,
      sourceTitle: String(a.title),
      operatorId: user.userId,
      flowTime: now,
    });
    await trx
      .updateTable('app_micro_volunteer_user')
      .set({
        settle_score: delta,
        settle_status: 1,
        sign_status: signed ? SIGNED : ABSENT,
        service_hours: signed ? (e.service_hours ?? a.service_hours ?? null) : 0,
        update_user: user.userId,
        update_time: now,
      })
      .where('id', '=', String(e.id))
      .execute();
  }
  await trx
    .updateTable('app_micro_volunteer')
    .set((eb) => ({
      settle_status: 1,
      settle_time: now,
      settle_user: user.userId,
      activity_status: ENDED,
      update_user: user.userId,
      update_time: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', activityId)
    .execute();
  return enrolled.length;
}

export const scoreSettle: VerbHandler = {
  access: { perm: 'micro_volunteer_settle' },
  async handle(request, engine) {
    const user = requireUser(request);
    const id = idParam(request, ['id', 'activityId', 'ids'], '要结算的活动');
    await engine.run(user, async (trx, base) => {
      if (!(await (await base()).select('id').where('id', '=', id).executeTakeFirst()))
        throw notFound('活动不存在');
      await settleActivity(trx, user, id);
    });
    return done();
  },
};

export const absentActivity: VerbHandler = {
  method: 'GET',
  access: { perm: 'micro_volunteer_absent' },
  async handle(request, engine) {
    const user = requireUser(request);
    const activityId = idParam(request, ['activityId'], '活动');
    const userId = idParam(request, ['userId'], '志愿者');
    await engine.run(user, async (trx, base) => {
      const a = await (
        await base()
      )
        .select(['id', 'settle_status'])
        .where('id', '=', activityId)
        .executeTakeFirst();
      if (!a) throw notFound('活动不存在');
      if (Number(a.settle_status) === 1) throw badRequest('该活动已结算，不能再标记缺席');
      const res = await trx
        .updateTable('app_micro_volunteer_user')
        .set({ sign_status: ABSENT, update_user: user.userId, update_time: formatDateTime() })
        .where('activity_id', '=', activityId)
        .where('app_user_id', '=', userId)
        .where('enroll_status', '=', 1)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!Number(res.numUpdatedRows)) throw badRequest('该用户未报名此活动');
    });
    return done();
  },
};
