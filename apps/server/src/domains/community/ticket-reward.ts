/** The points a verified 随手拍 earns its resident (docs/domain-model.md#随手拍-sysreport: rewardScore on
 * verification, written to the points ledger with sourceType snap). Credited in the transaction that verifies
 * the report (its process task passed), exactly once per report: the ledger is asked first, under the
 * report's row lock the deal holds. The amount is the approver's `rewardScore` (a process variable, the
 * 办结 dialog's input) or the `snap.rewardScore` parameter; 0 grants nothing. */
import type { Row, Trx } from '../../db/database.js';
import { badRequest } from '../../http/envelope.js';
import { appendScore } from './score/ledger.js';
import { wholeParam } from '../../db/params.js';
import { wholeNumber } from '../../util/whole-number.js';
import { idsOf } from './rows.js';
import type { TicketKind } from './ticket-kinds.js';

/** The most points one report may earn. */
export const MAX_REWARD = 100;

/** The amount the approver gave (a whole number of 0–100), else the parameter's. */
async function amountOf(trx: Trx, tenantId: string, kind: TicketKind, variables: unknown): Promise<number> {
  const vars = (typeof variables === 'string' ? JSON.parse(variables) : (variables ?? {})) as Record<
    string,
    unknown
  >;
  const given = vars.rewardScore;
  if (given === undefined || given === null || given === '')
    return wholeParam(trx, tenantId, kind.reward!.param, [0, MAX_REWARD]);
  const n = wholeNumber(given);
  if (n === undefined || n < 0 || n > MAX_REWARD) throw badRequest(`奖励积分须为0到${MAX_REWARD}之间的整数`);
  return n;
}

/** The resident's live account of the tenant and the community the points count in. */
async function creditee(
  trx: Trx,
  tenantId: string,
  ticket: Row,
): Promise<{ userId: string; communityId: string }> {
  const title = String(ticket.title || ticket.content || '').slice(0, 20);
  const account = ticket.app_user_id
    ? await trx
        .selectFrom('blade_user')
        .select(['id', 'dept_id'])
        .where('id', '=', String(ticket.app_user_id))
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst()
    : undefined;
  if (!account) throw badRequest(`「${title}」的上报人没有App账号，不能奖励积分`);
  const communityId = ticket.community_id ? String(ticket.community_id) : idsOf(account.dept_id)[0];
  if (!communityId) throw badRequest(`「${title}」的上报人没有所属社区，不能奖励积分`);
  return { userId: String(account.id), communityId };
}

/** Credits the verified ticket's points (once) and records them on the ticket. */
export async function rewardVerified(
  trx: Trx,
  kind: TicketKind,
  ticket: Row,
  step: { tenantId: string; operatorId: string; variables: unknown; now: string },
): Promise<void> {
  if (!kind.reward) return;
  const amount = await amountOf(trx, step.tenantId, kind, step.variables);
  if (amount <= 0) return;
  const to = await creditee(trx, step.tenantId, ticket);
  const granted = await trx
    .selectFrom('app_score_flow')
    .select('id')
    .where('tenant_id', '=', step.tenantId)
    .where('source_type', '=', kind.reward.sourceType)
    .where('source_id', '=', String(ticket.id))
    .where('app_user_id', '=', to.userId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (granted) return;
  await appendScore(trx, {
    tenantId: step.tenantId,
    appUserId: to.userId,
    communityId: to.communityId,
    delta: amount,
    sourceType: kind.reward.sourceType,
    sourceId: String(ticket.id),
    sourceTitle: String(ticket.title ?? ticket.content ?? '').slice(0, 200) || null,
    remark: `${kind.noun}核实属实`,
    operatorId: step.operatorId,
    flowTime: step.now,
  });
  await trx
    .updateTable(kind.table)
    .set({ reward_score: amount })
    .where('id', '=', String(ticket.id))
    .execute();
}
