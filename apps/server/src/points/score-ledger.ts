/** The points ledger (app_score_flow): append-only, one writer per user at a time. A user's balance is
 * the sum of their rows; each row records the balance after it. Appends of one user are serialised by a
 * transaction-scoped advisory lock, so concurrent settlements never compute the same balance twice. The
 * only writer: it also adds each row to the user's monthly sum (score-months.ts) in the same transaction.
 * An automatic grant credits a user once per source (docs/domain-model.md#积分流水-scoreflow): the database's
 * unique index (migrations/after-tables/0002_score_flow_source_once.sql) refuses a second row of the same
 * source type, source and user, answered here as a 400; 管理员调整 (`adjust`) rows are outside it. */
import { sql } from 'kysely';
import type { Trx } from '../db/database.js';
import { nextId } from '../db/ids.js';
import { badRequest, forbidden } from '../http/envelope.js';
import { formatDateTime } from '../util/datetime.js';
import { addToMonth } from './score-months.js';

export const INCOME = 1;
export const EXPENSE = 2;
/** `score_source` of 管理员调整: credited by hand, any number of times, always with a remark. */
export const ADJUST = 'adjust';
/** Separation of duties: whoever credits points (the operator of a settlement, a review, an adjustment)
 * never credits them to themselves. */
export const MSG_OWN_CREDIT = '不能为本人增加积分';
/** The unique index of the automatic grants (one row per source type, source and user). */
const SOURCE_ONCE = 'app_score_flow_source_once_uq';

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
  /** refuse (400) a debit that would take the balance below zero, rather than write it */
  notBelowZero?: boolean;
}

/** Whether `error` is the database refusing a second credit from the same source. */
const creditedTwice = (error: unknown) => {
  const { code, constraint, message } = (error ?? {}) as Record<string, unknown>;
  return code === '23505' && (constraint === SOURCE_ONCE || String(message).includes(SOURCE_ONCE));
};

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

/** Takes the user's ledger lock until the transaction ends (appends of one user are serialised by it; a
 * caller that checks the user's rows before appending takes it first, so its check holds). */
export async function lockScoresOf(trx: Trx, tenantId: string, appUserId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`score:${tenantId}:${appUserId}`}, 0))`.execute(
    trx,
  );
}

/** Appends one row (in the caller's transaction) and answers the balance after it. */
export async function appendScore(trx: Trx, e: LedgerEntry): Promise<number> {
  return (await appendScoreRow(trx, e)).balance;
}

/** appendScore answering the new row's id too (none when `delta` is zero: nothing is written). Ids are
 * taken under the user's lock, so a user's rows in id order are the rows in the order they were added. */
export async function appendScoreRow(trx: Trx, e: LedgerEntry): Promise<{ id?: string; balance: number }> {
  if (!e.delta) return { balance: await balanceOf(trx, e.tenantId, e.appUserId) };
  if (e.delta > 0 && e.operatorId && e.operatorId === e.appUserId) throw forbidden(MSG_OWN_CREDIT);
  await lockScoresOf(trx, e.tenantId, e.appUserId);
  const balance = (await balanceOf(trx, e.tenantId, e.appUserId)) + e.delta;
  if (e.notBelowZero && balance < 0) throw badRequest(`积分余额不足，当前余额${balance - e.delta}`);
  const now = formatDateTime();
  const flowTime = e.flowTime ?? now;
  const id = nextId();
  const insert = trx
    .insertInto('app_score_flow')
    .values({
      id,
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
  await insert.catch((error: unknown) => {
    if (!creditedTwice(error)) throw error;
    throw badRequest(`${e.sourceTitle ? `「${e.sourceTitle}」` : '该来源'}的积分已计入该用户，不能重复计入`);
  });
  await addToMonth(trx, e, flowTime, e.delta);
  return { id, balance };
}
