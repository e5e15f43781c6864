/** 借用审核 (ShareFacilityUse): the approver's pass makes a waiting loan 待领取; a reject makes it 已驳回
 * and a withdrawal 已取消, both giving its units back; the applicant's 重新提交 after a reject takes
 * them again. 归还审核 (ShareFacilityReturn): the pass is
 * 确认归还 with the condition the borrower gave (units back); a reject leaves the loan 借用中. Runs in
 * the transaction that completes the task. */
import type { Trx } from '../../../db/database.js';
import type { ApprovalHandler } from '../../../engine/approval/move-record.js';
import type { Actor } from '../../../flow/service.js';
import { badRequest } from '../../../http/envelope.js';
import { formatDateTime } from '../../../util/datetime.js';
import { BORROW, RETURNABLE, returnLoans } from './loans.js';
import { RETURN_PROCESS } from './return-request.js';
import { release, reserve } from './stock.js';

/** 重新提交 of a rejected loan: it asks for its units again (refused, with nothing written, when too few
 * are left) and waits for review; a loan in any other state cannot go back to review. */
async function resubmit(trx: Trx, actor: Actor, businessId: string): Promise<void> {
  const loan = await trx
    .selectFrom('app_share_facility_user')
    .selectAll()
    .where('id', '=', businessId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const status = Number(loan.borrow_status);
  if (status === BORROW.pending) return;
  if (status !== BORROW.rejected) throw badRequest('该借用记录的状态不能重新提交审核');
  await reserve(trx, actor.tenantId, String(loan.facility_id), Number(loan.quantity));
  await trx
    .updateTable('app_share_facility_user')
    .set({ borrow_status: BORROW.pending, update_user: actor.userId, update_time: formatDateTime() })
    .where('id', '=', businessId)
    .execute();
}

export const loanApproval: ApprovalHandler = {
  async onStep({ trx, outcome, businessId, actor, processKey }) {
    if (processKey === RETURN_PROCESS) {
      if (outcome !== 'approve') return;
      const loan = await trx
        .selectFrom('app_share_facility_user')
        .selectAll()
        .where('id', '=', businessId)
        .where('borrow_status', 'in', RETURNABLE)
        .forUpdate()
        .executeTakeFirst();
      if (loan)
        await returnLoans(trx, actor, [loan], {
          return_condition: loan.return_condition ?? 1,
          return_remark: loan.return_remark ?? null,
          compensate_way: loan.compensate_way ?? 0,
        });
      return;
    }
    if (outcome === 'resubmit') return resubmit(trx, actor, businessId);
    const to =
      outcome === 'approve'
        ? BORROW.toCollect
        : outcome === 'reject'
          ? BORROW.rejected
          : outcome === 'withdraw'
            ? BORROW.cancelled
            : undefined;
    if (to === undefined) return;
    const loan = await trx
      .updateTable('app_share_facility_user')
      .set({ borrow_status: to, update_user: actor.userId, update_time: formatDateTime() })
      .where('id', '=', businessId)
      .where('borrow_status', '=', BORROW.pending)
      .returning(['facility_id', 'quantity'])
      .executeTakeFirst();
    if (loan && to !== BORROW.toCollect) await release(trx, String(loan.facility_id), Number(loan.quantity));
  },
};
