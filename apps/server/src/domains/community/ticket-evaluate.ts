/** A resident rates their closed complaint (docs/domain-model.md#投诉管理-syscomplain: 评价 only when 已办结, once):
 * the app's `evaluate` with satisfaction 1–4 (dict satisfaction) and an optional comment. */
import { requireUser } from '../../auth/guard.js';
import type { VerbHandler } from '../../engine/module.js';
import { badRequest, done } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';

export const evaluateComplaint: VerbHandler = {
  access: { token: true },
  async handle(request, engine) {
    const user = requireUser(request);
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
      string,
      unknown
    >;
    const id = String(body.id ?? '');
    if (!/^\d{1,19}$/.test(id)) throw badRequest('缺少必要的请求参数: id');
    const satisfaction = Number(body.satisfaction);
    if (![1, 2, 3, 4].includes(satisfaction)) throw badRequest('请选择评价');
    const comment = typeof body.evaluateContent === 'string' ? body.evaluateContent.trim() : '';
    if ([...comment].length > 500) throw badRequest('评价内容长度不能超过500个字符');
    await engine.ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const ticket = await trx
        .selectFrom('app_sys_complain')
        .select(['app_user_id', 'handle_status', 'satisfaction'])
        .where('id', '=', id)
        .where('tenant_id', '=', user.tenantId)
        .where('is_deleted', '=', 0)
        .forUpdate()
        .executeTakeFirst();
      if (!ticket || String(ticket.app_user_id) !== user.userId) throw badRequest('投诉不存在');
      if (Number(ticket.handle_status) !== 2) throw badRequest('投诉办结后才能评价');
      if (ticket.satisfaction !== null && ticket.satisfaction !== undefined) throw badRequest('该投诉已评价');
      await trx
        .updateTable('app_sys_complain')
        .set({ satisfaction, evaluate_content: comment || null, evaluate_time: formatDateTime() })
        .where('id', '=', id)
        .execute();
    });
    return done('评价成功');
  },
};
