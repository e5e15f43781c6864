/** 积分月汇总 (app_score_month, migration 0023): a user's net points per community and calendar month,
 * added to by the ledger's only writer in the transaction that appends the ledger row; and the split of
 * a rank's range into the whole months read from it and the partial months at its ends read from the
 * ledger itself, so a rank over a year reads about 12 rows per user instead of every ledger row. */
import { sql } from 'kysely';
import type { Trx } from '../db/database.js';

/** Adds `delta` to the month of `flowTime` (an upsert: exact under concurrent appends). */
export async function addToMonth(
  trx: Trx,
  e: { tenantId: string; appUserId: string; communityId: string },
  flowTime: string,
  delta: number,
): Promise<void> {
  await sql`
    insert into app_score_month (tenant_id, month, app_user_id, community_id, score)
    values (${e.tenantId}, date_trunc('month', ${flowTime}::timestamp)::date, ${e.appUserId}, ${e.communityId}, ${delta})
    on conflict (tenant_id, month, app_user_id, community_id)
    do update set score = app_score_month.score + excluded.score`.execute(trx);
}

/** Sums one tenant's (`$1`) ledger into its monthly sums, for ledger rows written without appendScore
 * (the bench data; its existing monthly sums deleted first). Migration 0023 fills every tenant the same way. */
export const MONTHLY_SUMS_SQL = `
  insert into app_score_month (tenant_id, month, app_user_id, community_id, score)
  select tenant_id, date_trunc('month', flow_time)::date, app_user_id, community_id,
         sum(case when direction = 1 then score else -score end)
    from app_score_flow where tenant_id = $1 and is_deleted = 0
   group by 1, 2, 3, 4`;

/** How a range of ledger times `[start, end]` (inclusive, either open) is read: the whole months
 * `[fromMonth, toMonth)` from the monthly sums, the rest (`edges`, each `[from, before)` or `[from, to]`)
 * from the ledger. `months: null` when the range holds no whole month (all of it from the ledger). */
export interface RangeSplit {
  months: { from?: string; before?: string } | null;
  edges: { from?: string; before?: string; to?: string }[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const monthStart = (y: number, m: number) => {
  const d = new Date(Date.UTC(y, m, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-01 00:00:00`;
};
/** The time one second after `t` ('YYYY-MM-DD HH:MM:SS', read as a wall time). */
const nextSecond = (t: string) => {
  const d = new Date(new Date(`${t.replace(' ', 'T')}Z`).getTime() + 1000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
};
const ym = (t: string) => [Number(t.slice(0, 4)), Number(t.slice(5, 7)) - 1] as const;

export function splitRange(start: string | undefined, end: string | undefined): RangeSplit {
  // first whole month: the month of `start` if it starts exactly then, else the next one
  const from =
    start === undefined
      ? undefined
      : start === monthStart(...ym(start))
        ? start
        : monthStart(ym(start)[0], ym(start)[1] + 1);
  // end of the whole months (exclusive): the start of the month holding the second after `end`
  const before = end === undefined ? undefined : monthStart(...ym(nextSecond(end)));
  if (from !== undefined && before !== undefined && from >= before)
    return { months: null, edges: [{ from: start, to: end }] };
  const edges: RangeSplit['edges'] = [];
  if (start !== undefined && from !== start) edges.push({ from: start, before: from });
  if (end !== undefined && nextSecond(end) !== before) edges.push({ from: before, to: end });
  return { months: { from, before }, edges };
}
