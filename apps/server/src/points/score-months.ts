/** 积分月汇总 (app_score_month, migration 0023): a user's net points per community and calendar month,
 * added to by the ledger's only writer in the transaction that appends the ledger row; and the split of
 * a rank's range into the whole months read from it and the partial months at its ends read from the
 * ledger itself, so a rank over a year reads about 12 rows per user instead of every ledger row. */
import { sql } from 'kysely';
import type { Trx } from '../db/database.js';

/** Adds `delta` (and one row) to the month of `flowTime` (an upsert: exact under concurrent appends). */
export async function addToMonth(
  trx: Trx,
  e: { tenantId: string; appUserId: string; communityId: string },
  flowTime: string,
  delta: number,
): Promise<void> {
  await sql`
    insert into app_score_month (tenant_id, month, app_user_id, community_id, score, row_count)
    values (${e.tenantId}, date_trunc('month', ${flowTime}::timestamp)::date, ${e.appUserId}, ${e.communityId}, ${delta}, 1)
    on conflict (tenant_id, month, app_user_id, community_id)
    do update set score = app_score_month.score + excluded.score,
                  row_count = app_score_month.row_count + 1`.execute(trx);
}

/** Sums one tenant's (`$1`) ledger into its monthly sums, for ledger rows written without appendScore
 * (the bench data; its existing monthly sums deleted first). Migration 0023 fills every tenant the same way. */
export const MONTHLY_SUMS_SQL = `
  insert into app_score_month (tenant_id, month, app_user_id, community_id, score, row_count)
  select tenant_id, date_trunc('month', flow_time)::date, app_user_id, community_id,
         sum(case when direction = 1 then score else -score end), count(*)
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

/** The first day of the month after the month of `day` ('YYYY-MM-DD'): '2024-12-01' → '2025-01-01'. */
export const nextMonthOf = (day: string) => monthStart(ym(day)[0], ym(day)[1] + 1).slice(0, 10);

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

/** A part of a range read from the ledger: `[from, before)`, `[from, to]` or `(after, before)`. */
export interface LedgerPart {
  from?: string;
  after?: string;
  before?: string;
  to?: string;
}

/** A partial month read as its monthly sums less the ledger rows of the month outside the range. */
export interface MonthLess {
  /** The month's first day, 'YYYY-MM-DD'. */
  month: string;
  outside: LedgerPart[];
}

/** How a rank reads a range: whole months from the monthly sums, partial months covering more than half
 * of their month as that month less the rest of it (a range ending today reads this month's sums and
 * the ledger after `end`, usually nothing), the other partial months from the ledger. */
export interface RangePlan {
  months: RangeSplit['months'];
  monthsLess: MonthLess[];
  ledger: LedgerPart[];
}

const wall = (t: string) => new Date(`${t.replace(' ', 'T')}Z`).getTime();

/** One edge of splitRange (its `from` is always set) cut at month boundaries, each piece planned. */
function planEdge(edge: LedgerPart, plan: RangePlan): void {
  let from = edge.from!;
  for (;;) {
    const [y, m] = ym(from);
    const monthFrom = monthStart(y, m);
    const monthBefore = monthStart(y, m + 1);
    const endsHere = edge.to !== undefined ? edge.to < monthBefore : edge.before! <= monthBefore;
    const piece: LedgerPart = endsHere
      ? edge.to !== undefined
        ? { from, to: edge.to }
        : { from, before: edge.before }
      : { from, before: monthBefore };
    const pieceEnd = piece.to !== undefined ? wall(nextSecond(piece.to)) : wall(piece.before!);
    if (2 * (pieceEnd - wall(from)) > wall(monthBefore) - wall(monthFrom)) {
      const outside: LedgerPart[] = [];
      if (from > monthFrom) outside.push({ from: monthFrom, before: from });
      if (piece.to !== undefined) {
        if (nextSecond(piece.to) !== monthBefore) outside.push({ after: piece.to, before: monthBefore });
      } else if (piece.before! < monthBefore) outside.push({ from: piece.before, before: monthBefore });
      plan.monthsLess.push({ month: monthFrom.slice(0, 10), outside });
    } else plan.ledger.push(piece);
    if (endsHere) return;
    from = monthBefore;
  }
}

export function planRange(start: string | undefined, end: string | undefined): RangePlan {
  const split = splitRange(start, end);
  const plan: RangePlan = { months: split.months, monthsLess: [], ledger: [] };
  for (const edge of split.edges) planEdge(edge, plan);
  return plan;
}
