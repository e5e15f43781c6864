/** 报名管理: an enrolment is taken only inside the activity's window, below its limit, on a live
 * activity, once per member; it is 报名成功 at once or 待审核 when the activity reviews enrolments. The
 * activity row is locked first, so two enrolments at once cannot both take the last place. */
import type { Row } from '../../db/database.js';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import { badRequest } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';
import { CANCELLED } from './activity-status.js';
import { ENROLMENTS } from './activity.js';
import { fillMember } from './members.js';

const LIVE = [0, 1];

export const enrolmentHooks: ResourceHooks = {
  async beforeWrite({ trx, user }, values, existing) {
    const tenantId = String(existing?.tenant_id ?? values.tenant_id ?? user.tenantId);
    await fillMember(trx, tenantId, values, { name: 'member_name', phone: 'phone' });
    if (!existing && !values.member_name) throw badRequest('请选择党员或输入报名人');
    if (existing) {
      if (values.activity_id !== undefined && String(values.activity_id) !== String(existing.activity_id))
        throw badRequest('报名记录不能改到其他活动');
      return;
    }
    const activity = (await trx
      .selectFrom('app_party_activity')
      .selectAll()
      .where('id', '=', String(values.activity_id))
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .forUpdate()
      .executeTakeFirst()) as Row | undefined;
    if (!activity) throw badRequest('活动不存在');
    const now = formatDateTime();
    const state = Number(activity.activity_status);
    if (state === CANCELLED) throw badRequest('活动已取消，不能报名');
    if (state === 0) throw badRequest('活动报名尚未开始');
    if (state !== 1) throw badRequest('活动报名已截止');
    let same = trx
      .selectFrom(ENROLMENTS)
      .select('id')
      .where('activity_id', '=', String(activity.id))
      .where('is_deleted', '=', 0)
      .where('enroll_status', 'in', LIVE);
    same = values.party_archive_id
      ? same.where('party_archive_id', '=', String(values.party_archive_id))
      : same
          .where('member_name', '=', String(values.member_name ?? ''))
          .where('phone', 'is not distinct from', (values.phone as string | null) ?? null);
    if (await same.executeTakeFirst()) throw badRequest('该党员已报名此活动');
    const limit = Number(activity.limit_num ?? 0);
    if (limit > 0) {
      const taken = await trx
        .selectFrom(ENROLMENTS)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('activity_id', '=', String(activity.id))
        .where('is_deleted', '=', 0)
        .where('enroll_status', 'in', LIVE)
        .executeTakeFirst();
      if (Number(taken?.n ?? 0) >= limit) throw badRequest(`报名人数已满（上限${limit}人）`);
    }
    values.enroll_time = now;
    values.enroll_status = Number(activity.enroll_audit) === 1 ? 0 : 1;
    values.sign_status = 0;
  },
};
