/** The points ledger (app_score_flow): append-only, one writer per user at a time. A user's balance is
 * the sum of their rows; each row records the balance after it. Appends of one user are serialised by a
 * transaction-scoped advisory lock, so concurrent settlements never compute the same balance twice. The
 * only writer: it also adds each row to the user's monthly sum (score-months.ts) in the same transaction. */
import { sql } from 'kysely';
import type { Trx } from '../db/database.js';
import { nextId } from '../db/ids.js';
import { formatDateTime } from '../util/datetime.js';
import { addToMonth } from './score-months.js';

export const INCOME = 1;
export const EXPENSE = 2;

export interface LedgerEntry {
  tenantId: string;
  appUserId: string;
  communityId: string;
  /** signed change: positive credits (收入), negative debits (支出); zero writes nothing */
  delta: number;
  sourceType: string;
  sourceId?: string | null;
  sourceTitle?: string | null;
  remark?: string | null;
  operatorId?: string | null;
  flowTime?: string;
}

/** The user's balance: the sum of their live ledger rows. */
export async function balanceOf(trx: Trx, tenantId: string, appUserId: string): Promise<number> {
  const row = await trx
    .selectFrom('app_score_flow')
    .select(sql<string>`coalesce(sum(case when direction = ${INCOME} then score else -score end), 0)`.as('b'))
    .where('tenant_id', '=', tenantId)
    .where('app_user_id', '=', appUserId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return Number(row?.b ?? 0);
}

/** Appends one row (in the caller's transaction) and answers the balance after it. */
export async function appendScore(trx: Trx, e: LedgerEntry): Promise<number> {
  if (!e.delta) return balanceOf(trx, e.tenantId, e.appUserId);
  await sql`select pg_advisory_xact_lock(hashtextextended(${`score:${e.tenantId}:${e.appUserId}`}, 0))`.execute(
    trx,
  );
  const balance = (await balanceOf(trx, e.tenantId, e.appUserId)) + e.delta;
  const now = formatDateTime();
  const flowTime = e.flowTime ?? now;
  await trx
    .insertInto('app_score_flow')
    .values({
      id: nextId(),
      tenant_id: e.tenantId,
      app_user_id: e.appUserId,
      community_id: e.communityId,
      direction: e.delta > 0 ? INCOME : EXPENSE,
      score: Math.abs(e.delta),
      balance_after: balance,
      source_type: e.sourceType,
      source_id: e.sourceId ?? null,
      source_title: e.sourceTitle ?? null,
      remark: e.remark ?? null,
      flow_time: flowTime,
      operator_id: e.operatorId ?? null,
      create_user: e.operatorId ?? null,
      create_time: now,
      update_user: e.operatorId ?? null,
      update_time: now,
    })
    .execute();
  await addToMonth(trx, e, flowTime, e.delta);
  return balance;
}
