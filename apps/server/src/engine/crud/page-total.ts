import { CompiledQuery, sql } from 'kysely';
import type { Trx } from '../../db/database.js';
import type { AnySelect, ListQuery } from '../../http/list-query.js';

export interface PageTotal {
  total: number;
  /** false when `total` is the planner's estimate rather than a count. */
  exact: boolean;
}

const ESTIMATE_TTL_MS = 5_000;
const MAX_ESTIMATES = 1_000;
/** Recent estimates by statement and values (the tenant is one of the values). An estimate is already
 * approximate, and a planning round trip costs as much as an indexed page: a list paged or refreshed
 * again within seconds reuses it. */
const estimates = new Map<string, { rows: number; at: number }>();

/** The planner's estimate of the rows a query returns (EXPLAIN, nothing is read). The SQL is what
 * Kysely compiled from allow-listed columns; values stay bound parameters. */
async function plannedRows(trx: Trx, query: AnySelect): Promise<number> {
  const compiled = query.compile();
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const hit = estimates.get(key);
  if (hit && Date.now() - hit.at < ESTIMATE_TTL_MS) return hit.rows;
  const rows = await explainRows(trx, compiled.sql, compiled.parameters);
  if (estimates.size >= MAX_ESTIMATES) estimates.clear();
  estimates.set(key, { rows, at: Date.now() });
  return rows;
}

async function explainRows(trx: Trx, text: string, parameters: readonly unknown[]): Promise<number> {
  const result = await trx.executeQuery(CompiledQuery.raw(`explain (format json) ${text}`, [...parameters]));
  const first = result.rows[0] as Record<string, unknown> | undefined;
  const raw = first ? Object.values(first)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: unknown } }[];
  const rows = Number(plan?.[0]?.Plan?.['Plan Rows']);
  return Number.isFinite(rows) && rows > 0 ? Math.round(rows) : 0;
}

const matchingRows = (filtered: AnySelect) => filtered.select(sql<number>`1`.as('one'));

/** The planner's estimate of the rows `filtered` matches: the same statement (and cache entry) the
 * page's total asks about, so a page that asks first pays the planning trip once. */
export const plannedMatches = (trx: Trx, filtered: AnySelect): Promise<number> =>
  plannedRows(trx, matchingRows(filtered));

/** The `total` of a page, bounded in cost: an exact count(*) over a large table costs far more than the
 * page itself (a million rows: about a second against milliseconds).
 * - A page that is not full ends the list: total = rows before it + rows on it, no count needed.
 * - `cap` 0 counts everything exactly (the MyBatis-Plus behaviour).
 * - When the planner expects more than `cap` rows, total is its estimate (no count runs).
 * - Otherwise rows are counted exactly, but never more than cap + 1 of them; if the cap is reached the
 *   estimate is answered instead.
 * An estimate is never below the rows the caller has been shown (those before this page and on it). */
export async function pageTotal(
  trx: Trx,
  filtered: AnySelect,
  q: Pick<ListQuery, 'current' | 'size'>,
  shown: number,
  cap: number,
): Promise<PageTotal> {
  const before = (q.current - 1) * q.size;
  if (shown < q.size && (shown > 0 || q.current === 1)) return { total: before + shown, exact: true };
  if (cap === 0) {
    const row = await filtered.select(sql<string>`count(*)`.as('n')).executeTakeFirst();
    return { total: Number(row?.n ?? 0), exact: true };
  }
  const matching = matchingRows(filtered);
  const seen = shown > 0 ? before + shown : 0;
  const estimate = Math.max(await plannedRows(trx, matching), seen);
  if (estimate > cap) return { total: estimate, exact: false };
  const counted = await trx
    .selectFrom(matching.limit(cap + 1).as('capped'))
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirst();
  const n = Number(counted?.n ?? 0);
  return n <= cap ? { total: n, exact: true } : { total: Math.max(estimate, n), exact: false };
}
