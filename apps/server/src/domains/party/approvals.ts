/** What the party's approval steps do to their records, in the step's transaction (engine/approval):
 * 双报到 confirmed or refused, a self-appraisal rated or returned, a discipline report accepted,
 * declined or withdrawn. */
import type { ApprovalHandler, ApprovalStep } from '../../engine/approval/move-record.js';
import { formatDateTime } from '../../util/datetime.js';

type Outcome = ApprovalStep['outcome'];

/** A handler setting columns of the record by the step's outcome. */
const byOutcome =
  (
    table: string,
    sets: Partial<Record<Outcome, (step: ApprovalStep, now: string) => Record<string, unknown>>>,
  ) =>
  (): ApprovalHandler => ({
    async onStep(step) {
      const set = sets[step.outcome]?.(step, formatDateTime());
      if (!set) return;
      await step.trx.updateTable(table).set(set).where('id', '=', step.businessId).execute();
    },
  });

export const doubleReportApproval = byOutcome('app_party_double_report', {
  approve: (_s, now) => ({ report_status: 1, confirm_time: now }),
  reject: () => ({ report_status: 2 }),
  withdraw: () => ({ report_status: 2 }),
  resubmit: () => ({ report_status: 0 }),
})();

export const appraiseUserApproval = byOutcome('app_party_appraise2user', {
  approve: (s, now) => ({ user_status: 3, review_time: now, review_user_id: s.actor.userId }),
  reject: () => ({ user_status: 2 }),
  // withdrawn: back to 待自评, not submitted
  withdraw: () => ({ user_status: 0 }),
  resubmit: () => ({ user_status: 1 }),
})();

export const disciplineReportApproval = byOutcome('app_discipline_report', {
  approve: (s, now) => ({ handle_status: 1, handle_time: now, handle_user_id: s.actor.userId }),
  reject: (_s, now) => ({ handle_status: 3, handle_time: now }),
  withdraw: () => ({ handle_status: 4 }),
  resubmit: () => ({ handle_status: 0 }),
})();
