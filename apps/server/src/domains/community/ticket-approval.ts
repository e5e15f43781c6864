/** The business effects of a ticket's process (SysComplain, SysAdvice, SysReport), in the transaction of
 * each step: closing (pass: a verified snap report also credits its points) or refusing it (reject),
 * each a system row of the conversation and a message to the resident; the resident's 撤销 (the
 * applicant's withdrawal, withdrawProcessFlow) while nobody has acted on it yet, a system row too. A
 * withdrawn or refused ticket is not submitted again (a new ticket is). */
import type { AuthUser } from '../../auth/tokens.js';
import type { Row } from '../../db/database.js';
import type { ApprovalHandler, ApprovalStep } from '../../engine/approval/outcomes.js';
import { badRequest } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';
import { tell, writeReply } from './ticket-conversation.js';
import { ACTION, REPLY, type TicketKind } from './ticket-kinds.js';
import { overdueDays, overdueSql } from './ticket-overdue.js';
import { rewardVerified } from './ticket-reward.js';

const ticketOf = async (kind: TicketKind, step: ApprovalStep) =>
  (await step.trx
    .selectFrom(kind.table)
    .selectAll()
    .where('id', '=', step.businessId)
    .executeTakeFirstOrThrow()) as Row;

/** The actor of a step as the conversation's writer. */
const writerOf = (step: ApprovalStep) =>
  ({ userId: step.actor.userId, tenantId: step.actor.tenantId, deptIds: [] }) as unknown as AuthUser;

async function decided(kind: TicketKind, step: ApprovalStep, pass: boolean): Promise<void> {
  const now = formatDateTime();
  const comment = step.result.comment;
  const changes = pass
    ? kind.onClose(comment, now, step.actor.userId)
    : kind.onRefuse(comment, now, step.actor.userId);
  await step.trx.updateTable(kind.table).set(changes).where('id', '=', step.businessId).execute();
  // 超期 is final once closed: kept in the column (reads and searches derive it for open tickets)
  const days = await overdueDays(step.trx, step.actor.tenantId);
  await step.trx
    .updateTable(kind.table)
    .set({ overdue: overdueSql(kind.deadline, now, days) })
    .where('id', '=', step.businessId)
    .execute();
  const row = await ticketOf(kind, step);
  if (pass)
    await rewardVerified(step.trx, kind, row, {
      tenantId: step.actor.tenantId,
      operatorId: step.actor.userId,
      variables: step.result.instance.variables,
      now,
    });
  const user = writerOf(step);
  const text = `${pass ? '已办结' : '不予受理'}: ${comment}`;
  await writeReply(
    step.trx,
    user,
    kind,
    step.businessId,
    REPLY.system,
    text,
    pass ? ACTION.close : ACTION.refuse,
  );
  await tell(step.trx, user, kind, row, text);
}

/** The resident withdrew the ticket's process: 撤销 while the community has not acted on it; a decided
 * ticket whose resident ends its process after a refusal stays as decided. */
async function withdrawn(kind: TicketKind, step: ApprovalStep): Promise<void> {
  const row = await ticketOf(kind, step);
  if (kind.settled(row)) return;
  if (!kind.waiting(row)) throw badRequest(`该${kind.noun}已受理,不能撤销`);
  const now = formatDateTime();
  const changes = kind.onWithdraw(now);
  if (Object.keys(changes).length)
    await step.trx.updateTable(kind.table).set(changes).where('id', '=', step.businessId).execute();
  await writeReply(
    step.trx,
    writerOf(step),
    kind,
    step.businessId,
    REPLY.system,
    '居民已撤销',
    ACTION.withdraw,
  );
}

export function ticketApproval(kind: TicketKind): ApprovalHandler {
  return {
    async onStep(step) {
      if (step.outcome === 'pass' || step.outcome === 'reject')
        return decided(kind, step, step.outcome === 'pass');
      if (step.outcome === 'withdraw') return withdrawn(kind, step);
      if (step.outcome === 'resubmit')
        throw badRequest(`已撤销或不予受理的${kind.noun}不能重新提交,请提交新的${kind.noun}`);
    },
  };
}
