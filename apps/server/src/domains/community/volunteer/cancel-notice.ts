/** 取消活动 of a volunteer activity (the definition's `cancel` effect,
 * docs/domain-model.md#微志愿活动-microvolunteer): in the cancellation's transaction every volunteer enrolled in
 * it (报名成功, or waiting for review) is told in their message centre, with the reason; they get no points (a
 * cancelled activity is never settled). */
import type { ActionDef } from '@tongxin/resources';
import type { Row } from '../../../db/database.js';
import type { HookArgs } from '../../../engine/crud/hooks.js';
import { MESSAGE_TYPE, sendMessages } from '../messages.js';

/** enroll_status: 0 待审核, 1 报名成功 */
const ENROLLED = [0, 1];

export async function tellCancelled(
  { trx, user }: HookArgs,
  action: ActionDef,
  rows: Row[],
  changes: Record<string, unknown>,
): Promise<void> {
  if (action.name !== 'cancel') return;
  const reason = String(changes.cancel_reason ?? '').trim();
  for (const row of rows) {
    const volunteers = await trx
      .selectFrom('app_micro_volunteer_user')
      .select('app_user_id')
      .distinct()
      .where('tenant_id', '=', user.tenantId)
      .where('activity_id', '=', String(row.id))
      .where('enroll_status', 'in', ENROLLED)
      .where('is_deleted', '=', 0)
      .execute();
    const title = String(row.title ?? '').slice(0, 60);
    await sendMessages(
      trx,
      user,
      volunteers.map((v) => String(v.app_user_id)),
      {
        title: '志愿活动已取消',
        content: `您报名的志愿活动「${title}」已取消${reason ? `，原因：${reason}` : ''}。`,
        messageType: MESSAGE_TYPE.activity,
        bizType: 'microVolunteer',
        bizId: String(row.id),
      },
    );
  }
}
