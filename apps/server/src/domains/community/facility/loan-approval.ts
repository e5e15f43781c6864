/** 归还审核 (ShareFacilityReturn): its pass is 确认归还 with the condition the borrower gave (the units
 * back, lost ones leaving the stock); a reject leaves the loan 借用中. The borrowing approval
 * (ShareFacilityUse) is the definition's transitions (packages/resources shareFacilityUser) with the
 * units moved by loans.ts `afterTransition`. Runs in the transaction that completes the task. */
import type { ApprovalHandler } from '../../../engine/approval/outcomes.js';
import { RETURNABLE, returnLoans } from './loans.js';
import { RETURN_PROCESS } from './return-request.js';

export const loanApproval: ApprovalHandler = {
  async onStep({ trx, outcome, businessId, actor, processKey }) {
    if (processKey !== RETURN_PROCESS || outcome !== 'pass') return;
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
  },
};
