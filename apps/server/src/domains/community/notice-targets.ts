/** 通知对象 written by hand (the standard submit and remove; publishing writes them too,
 * notice-publish.ts). Who receives a notice changes only while it is not published: a recipient is a user
 * of the tenant, once per notice, counted in the tenant's community given (else the recipient's own);
 * the read receipts are the residents' (never written here). Once published, the back office still
 * records whom it phoned about an unread notice (已电话联系). The notice's target and read counts follow
 * every change in the same transaction. */
import type { Row, Trx } from '../../db/database.js';
import type { HookArgs, ResourceHooks } from '../../engine/crud/hooks.js';
import { badRequest } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';
import { tenantCommunities, tenantUsers } from './messages.js';
import { idsOf } from './rows.js';

/** publish_status of a published notice */
const PUBLISHED = 1;
/** Who receives it: fixed once the notice is published. */
const RECIPIENT_COLUMNS = ['notice_id', 'target_user_id', 'community_id'];

async function noticeOf(trx: Trx, tenantId: string, id: unknown): Promise<Row> {
  const notice = await trx
    .selectFrom('app_sys_notice')
    .select(['id', 'publish_status'])
    .where('id', '=', String(id))
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .forUpdate()
    .executeTakeFirst();
  if (!notice) throw badRequest('通知不存在');
  return notice;
}

/** The notice's counters from its live recipients (`leaving` are being removed). */
async function recount(trx: Trx, noticeId: string, leaving: string[] = []): Promise<void> {
  let q = trx
    .selectFrom('app_sys_notice2target')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>(eb.case().when('read_status', '=', 1).then(1).end()).as('read'),
    ])
    .where('notice_id', '=', noticeId)
    .where('is_deleted', '=', 0);
  if (leaving.length) q = q.where('id', 'not in', leaving);
  const { total, read } = await q.executeTakeFirstOrThrow();
  await trx
    .updateTable('app_sys_notice')
    .set({ total_num: Number(total), read_num: Number(read) })
    .where('id', '=', noticeId)
    .execute();
}

/** The recipient: a user of the tenant, not yet a recipient of the notice; their community. */
async function checkRecipient(args: HookArgs, merged: Record<string, unknown>, id: unknown): Promise<void> {
  const { trx, user } = args;
  const [userId] = await tenantUsers(trx, user.tenantId, [String(merged.target_user_id)], '接收人');
  let twin = trx
    .selectFrom('app_sys_notice2target')
    .select('id')
    .where('notice_id', '=', String(merged.notice_id))
    .where('target_user_id', '=', userId!)
    .where('is_deleted', '=', 0);
  if (id) twin = twin.where('id', '<>', String(id));
  if (await twin.executeTakeFirst()) throw badRequest('该用户已是此通知的接收人');
}

async function communityOf(trx: Trx, userId: string): Promise<string | null> {
  const u = await trx.selectFrom('blade_user').select('dept_id').where('id', '=', userId).executeTakeFirst();
  return idsOf(u?.dept_id)[0] ?? null;
}

export const noticeTargetHooks: ResourceHooks = {
  async beforeWrite(args, values, existing) {
    const { trx, user } = args;
    const merged = { ...existing, ...values };
    const notice = await noticeOf(trx, user.tenantId, merged.notice_id);
    if (existing && String(existing.notice_id) !== String(notice.id))
      throw badRequest('通知对象不能改换通知');
    // a published notice's recipient takes only the record of the phone call (已电话联系)
    const contactOnly =
      existing &&
      RECIPIENT_COLUMNS.every(
        (c) => values[c] === undefined || String(values[c]) === String(existing[c] ?? ''),
      );
    if (Number(notice.publish_status) === PUBLISHED && !contactOnly)
      throw badRequest('通知已发布,不能修改通知对象');
    if (
      values.contact_status !== undefined &&
      String(values.contact_status) !== String(existing?.contact_status)
    ) {
      values.contact_user_id = user.userId;
      if (Number(values.contact_status) === 1) values.contact_time ??= formatDateTime();
    }
    if (contactOnly) return;
    await checkRecipient(args, merged, existing?.id);
    if (values.community_id)
      await tenantCommunities(trx, user.tenantId, [String(values.community_id)], '所属社区');
    else if (!existing) values.community_id = await communityOf(trx, String(merged.target_user_id));
  },
  async afterWrite({ trx }, _id, values) {
    if (values.notice_id !== undefined) await recount(trx, String(values.notice_id));
  },
  async beforeRemove({ trx, user }, ids) {
    const rows = await trx
      .selectFrom('app_sys_notice2target')
      .select('notice_id')
      .where('id', 'in', ids)
      .execute();
    for (const noticeId of new Set(rows.map((r) => String(r.notice_id)))) {
      const notice = await noticeOf(trx, user.tenantId, noticeId);
      if (Number(notice.publish_status) === PUBLISHED) throw badRequest('通知已发布,不能删除通知对象');
      await recount(trx, noticeId, ids);
    }
  },
};
