/** What a resident's reading changes (docs/domain-model.md#通知对象-sysnotice2target,
 * docs/domain-model.md#消息中心-messagecenter; the app's calls): opening a notice marks
 * their receipt read and counts it on the notice (once); reading messages marks their own inbox rows,
 * one by one or all at once (一键已读). Only the caller's own rows are touched. */
import { requireUser } from '../../auth/guard.js';
import type { VerbHandler } from '../../engine/module.js';
import { badRequest, done } from '../../http/envelope.js';
import { idList, requestParams } from '../../http/params.js';
import { formatDateTime } from '../../util/datetime.js';

export const readNotice: VerbHandler = {
  access: { token: true },
  async handle(request, engine) {
    const user = requireUser(request);
    const [noticeId] = idList(requestParams(request).noticeId, '通知');
    if (!noticeId) throw badRequest('请选择通知');
    await engine.ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const now = formatDateTime();
      const marked = await trx
        .updateTable('app_sys_notice2target')
        .set({ read_status: 1, read_time: now })
        .where('tenant_id', '=', user.tenantId)
        .where('notice_id', '=', noticeId)
        .where('target_user_id', '=', user.userId)
        .where('read_status', '=', 0)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) > 0)
        await trx
          .updateTable('app_sys_notice')
          .set((eb) => ({ read_num: eb('read_num', '+', 1) }))
          .where('id', '=', noticeId)
          .execute();
      await trx
        .updateTable('app_message_center')
        .set({ read_status: 1, read_time: now })
        .where('tenant_id', '=', user.tenantId)
        .where('receiver_id', '=', user.userId)
        .where('biz_type', '=', 'notice')
        .where('biz_id', '=', noticeId)
        .where('read_status', '=', 0)
        .execute();
    });
    return done();
  },
};

/** read?ids= marks those of the caller's messages; readAll marks every unread one. */
const markMessages = (all: boolean): VerbHandler => ({
  access: { token: true },
  async handle(request, engine) {
    const user = requireUser(request);
    const ids = all ? [] : idList(requestParams(request).ids, '消息');
    if (!all && !ids.length) throw badRequest('请选择至少一条数据');
    await engine.ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      let q = trx
        .updateTable('app_message_center')
        .set({ read_status: 1, read_time: formatDateTime() })
        .where('tenant_id', '=', user.tenantId)
        .where('receiver_id', '=', user.userId)
        .where('read_status', '=', 0);
      if (!all) q = q.where('id', 'in', ids);
      await q.execute();
    });
    return done();
  },
});

export const readMessages = markMessages(false);
export const readAllMessages = markMessages(true);
