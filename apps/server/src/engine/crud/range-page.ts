/** A page filtered by a range on one column and ordered by another (the browse log by 创建时间, in
 * 浏览时间 order). The planner takes the filter and the order to be independent: it walks the order's index
 * expecting a match every few rows and, when the range lies far down that order, filters a third of the
 * table before the first match. When the range's column leads an index of its own, the page reads the
 * range off that index first (behind a fence the planner keeps: OFFSET 0), orders just those rows and
 * fetches the page's rows by id: the cost follows the rows in the range, never the rows before it.
 * That pays only for a narrow range: a wide one (two years of a million-row log) costs hundreds of
 * milliseconds read first, while the planner's walk down the order finds its page at once. So the
 * range is read first only when the planner expects at most RANGE_FIRST_MAX_ROWS matching rows. */
import { isGenerated, type ResourceDef } from '@tongxin/resources';
import { sql } from 'kysely';
import type { Row, Trx } from '../../db/database.js';
import { type AnySelect, applySorts, type Filter, type Sort } from '../../http/list-query.js';
import { indexesOf } from '../schema/indexes.js';

const RANGE_OPS = new Set(['>', '<', '>=', '<=']);

/** The most matching rows (the planner's estimate) a page reads off its range's index first: about
 * 30 ms of index-only reading and sorting on this machine; beyond it the ordered walk wins. */
export const RANGE_FIRST_MAX_ROWS = 50_000;

/** The columns an index of the resource's generated table leads with (after the tenant). */
export function indexLeads(def: ResourceDef): Set<string> {
  if (!isGenerated(def)) return new Set();
  return new Set(
    indexesOf(def)
      .map((ix) => ix.keys.find((k) => k.column !== 'tenant_id')?.column)
      .filter((c): c is string => Boolean(c)),
  );
}

/** Whether the page may read its range first: a range filter on an index-leading column that is not
 * the column the page is ordered by first (and then only when the range is narrow: RANGE_FIRST_MAX_ROWS). */
export function readsRangeFirst(leads: Set<string>, filters: Filter[], sorts: Sort[]): boolean {
  const first = sorts[0]?.column;
  return filters.some((f) => RANGE_OPS.has(f.op) && f.column !== first && leads.has(f.column));
}

/** The page's rows of `filtered` in `sorts` order (`sorts` non-empty, ending with a unique column), read
 * as `rows` (`filtered` with what it selects). */
export async function rangeFirstPage(
  trx: Trx,
  filtered: AnySelect,
  rows: AnySelect,
  sorts: Sort[],
  limit: number,
  offset: number,
): Promise<Row[]> {
  const columns = [...new Set([...sorts.map((s) => s.column), 'id'])];
  const inRange = filtered.select(columns.map((c) => sql.ref(c).as(c))).offset(0);
  const ids = applySorts(trx.selectFrom(inRange.as('r')).select(sql.ref('r.id').as('id')), sorts, [], 'r')
    .limit(limit)
    .offset(offset);
  return (await applySorts(rows.where('id', 'in', ids), sorts, []).execute()) as Row[];
}
