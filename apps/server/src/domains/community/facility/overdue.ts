/** 逾期未还 (docs/domain-model.md#借用记录-sharefacilityuser: 借用中 → 逾期未还 once planReturnTime has passed, and the
 * borrower is told): the definition's lapse moves the loan, and in the same transaction its borrower gets one
 * message in the message centre. A loan moves once, so it is told once (a loan whose planned return is moved
 * into the future is in use again, and is told again should it lapse again). */
import type { Row, Trx } from '../../../db/database.js';
import type { LapseHandler } from '../../../engine/crud/lapses.js';
import { MESSAGE_TYPE, sendMessages } from '../messages.js';
import { BORROW } from './loans.js';

/** Tells each borrower of `loans` (stored rows of one tenant) that the loan is overdue. */
export async function notifyOverdue(trx: Trx, tenantId: string, loans: Row[]): Promise<void> {
  if (!loans.length) return;
  const facilities = await trx
    .selectFrom('app_share_facility')
    .select(['id', 'facility_name'])
    .where('id', 'in', [...new Set(loans.map((l) => String(l.facility_id)))])
    .execute();
  const names = new Map(facilities.map((f) => [String(f.id), String(f.facility_name)]));
  for (const loan of loans) {
    const name = names.get(String(loan.facility_id)) ?? '共享设施';
    const due = String(loan.plan_return_time ?? '').slice(0, 16);
    await sendMessages(trx, { tenantId, userId: null, deptIds: [] }, [String(loan.app_user_id)], {
      title: '借用设施已逾期',
      content: `您借用的「${name}」已超过预计归还时间${due ? `（${due}）` : ''}，请尽快归还。`,
      messageType: MESSAGE_TYPE.system,
      bizType: 'app_share_facility_user',
      bizId: String(loan.id),
    });
  }
}

export const loanLapsed: LapseHandler = async ({ trx, tenantId }, lapse, rows) => {
  if (Number(lapse.to) === BORROW.overdue) await notifyOverdue(trx, tenantId, rows);
};
