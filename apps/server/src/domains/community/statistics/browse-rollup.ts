/** The browse statistics over the browse rollups (migrations/after-tables/0001_browse_rollup.sql, kept by
 * triggers on app_browse_log): whole months from app_browse_month, whole days from app_browse_day and the
 * partial days at a range's ends from the log itself, so each answer equals the log's own count while a
 * year reads a few thousand rollup rows instead of a third of a million views. */
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Schema, Trx } from '../../../db/database.js';
import { nextMonthOf, splitRange } from '../../../points/score-months.js';
import { formatDateTime } from '../../../util/datetime.js';
import { addDays, splitDays, type DaySplit, type RawPart } from './browse-split.js';
import type { Range } from './range.js';
import { inScope, rollupCommunities, type StatsScope } from './scope.js';

/** The rollups' community of the tenant-wide rows (every community together). */
const ALL_COMMUNITIES = -1;

/** The rollup rows of the scope: the tenant-wide rows, or those of the scope's communities
 * (`communities` from rollupCommunities: defined). */
function inRollupScope(communities: 'all' | string[]): Expression<SqlBool> {
  if (communities === 'all') return sql<SqlBool>`community_id = ${ALL_COMMUNITIES}`;
  if (!communities.length) return sql<SqlBool>`false`;
  return sql<SqlBool>`community_id in (${sql.join(communities.map((id) => sql`${id}::bigint`))})`;
}

/** The live views of `part`, in the scope. */
function rawViews(trx: Trx, scope: StatsScope, part: RawPart) {
  let q = trx
    .selectFrom('app_browse_log')
    .where('tenant_id', '=', scope.tenantId)
    .where(inScope('app_browse_log', scope))
    .where('is_deleted', '=', 0)
    .where('browse_time', '>=', part.from);
  if (part.before) q = q.where('browse_time', '<', part.before);
  if (part.to) q = q.where('browse_time', '<=', part.to);
  return q;
}

type DayRow = { day: unknown; n: unknown };
type Part<O> = SelectQueryBuilder<Schema, string, O>;

const unionOf = <O>(parts: Part<O>[]) => parts.slice(1).reduce((all, q) => all.unionAll(q), parts[0]!);

/** Views per day of the range: `[{ day: 'yyyy-MM-dd', n }]` for the days with views. */
export async function viewsPerDay(trx: Trx, range: Range, scope: StatsScope) {
  const communities = rollupCommunities('app_browse_log', scope);
  const split: DaySplit = communities
    ? splitDays(range.start, { to: range.end })
    : { days: null, raw: [{ from: range.start, to: range.end }] };
  const parts: Part<DayRow>[] = split.raw.map((part) =>
    rawViews(trx, scope, part).select([sql`browse_time::date`.as('day'), sql`1`.as('n')]),
  );
  if (split.days && communities)
    parts.push(
      trx
        .selectFrom('app_browse_day')
        .select(['day', 'browse_num as n'])
        .where('tenant_id', '=', scope.tenantId)
        .where(inRollupScope(communities))
        .where('target_id', '=', 0)
        .where('day', '>=', split.days.from)
        .where('day', '<', split.days.before),
    );
  return trx
    .selectFrom(unionOf(parts).as('v'))
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), sql<string>`sum(n)`.as('n')])
    .groupBy('day')
    .execute();
}

type ItemRow = { target_type: unknown; target_id: unknown; title: unknown; n: unknown };

type Days = { from: string; before: string };

/** The rollup rows a scope reads: its tenant and communities (rollupCommunities). */
type Rollup = { tenantId: string; communities: 'all' | string[] };

const daysIn = (r: Days, until: string) =>
  Math.max(0, (Date.parse(r.before < until ? r.before : until) - Date.parse(r.from)) / 86_400_000);

/** Whole days of one month read as that month less its other days, when those other days hold fewer
 * views so far (the range's last month up to today: the month row alone): the month and the other days,
 * or undefined to read the days themselves. */
function monthLess(days: Days): { month: string; outside: Days[] } | undefined {
  const month = `${days.from.slice(0, 7)}-01`;
  if (addDays(days.before, -1).slice(0, 7) !== month.slice(0, 7)) return undefined;
  const outside = [
    { from: month, before: days.from },
    { from: days.before, before: nextMonthOf(month) },
  ].filter((r) => r.from < r.before);
  const tomorrow = addDays(formatDateTime().slice(0, 10), 1); // no views are recorded after today
  const past = outside.reduce((n, r) => n + daysIn(r, tomorrow), 0);
  return past < daysIn(days, tomorrow) ? { month, outside } : undefined;
}

/** The item rows of the daily rollup over `days`, negated with `sign` -1. */
const dayItems = (trx: Trx, scope: Rollup, days: Days, sign: 1 | -1): Part<ItemRow> =>
  trx
    .selectFrom('app_browse_day')
    .select([
      'target_type',
      'target_id',
      'target_title as title',
      sign > 0 ? sql`browse_num`.as('n') : sql`-browse_num`.as('n'),
    ])
    .where('tenant_id', '=', scope.tenantId)
    .where(inRollupScope(scope.communities))
    .where('day', '>=', days.from)
    .where('day', '<', days.before)
    .where('target_id', '<>', 0);

/** The item rows of the months `[from, before)` of the monthly rollup. */
const monthItems = (trx: Trx, scope: Rollup, from: string, before: string): Part<ItemRow> =>
  trx
    .selectFrom('app_browse_month')
    .select(['target_type', 'target_id', 'target_title as title', 'browse_num as n'])
    .where('tenant_id', '=', scope.tenantId)
    .where(inRollupScope(scope.communities))
    .where('month', '>=', from)
    .where('month', '<', before);

/** The rows of the items viewed in the whole days and partial days of `split`. */
function itemParts(trx: Trx, scope: StatsScope, split: DaySplit, rollup: Rollup): Part<ItemRow>[] {
  const parts: Part<ItemRow>[] = split.raw.map((part) =>
    rawViews(trx, scope, part).select(['target_type', 'target_id', 'target_title as title', sql`1`.as('n')]),
  );
  if (!split.days) return parts;
  const less = monthLess(split.days);
  if (!less) return [...parts, dayItems(trx, rollup, split.days, 1)];
  return [
    ...parts,
    monthItems(trx, rollup, less.month, nextMonthOf(less.month)),
    ...less.outside.map((days) => dayItems(trx, rollup, days, -1)),
  ];
}

/** The item rows of the range: whole months from the monthly rollup, the rest by itemParts. */
function itemsFromRollups(trx: Trx, range: Range, scope: StatsScope, rollup: Rollup): Part<ItemRow>[] {
  const split = splitRange(range.start, range.end);
  const parts = split.edges.flatMap((edge) =>
    itemParts(
      trx,
      scope,
      splitDays(edge.from!, edge.to ? { to: edge.to } : { before: edge.before! }),
      rollup,
    ),
  );
  if (split.months)
    parts.push(monthItems(trx, rollup, split.months.from!.slice(0, 10), split.months.before!.slice(0, 10)));
  return parts;
}

/** The `size` most viewed items of the range (ties by id), with a title they were recorded with. */
export async function mostViewed(trx: Trx, range: Range, scope: StatsScope, size: number) {
  const communities = rollupCommunities('app_browse_log', scope);
  const rollup = { tenantId: scope.tenantId, communities: communities ?? [] };
  const parts = communities
    ? itemsFromRollups(trx, range, scope, rollup)
    : itemParts(trx, scope, { days: null, raw: [{ from: range.start, to: range.end }] }, rollup);
  return trx
    .selectFrom(unionOf(parts).as('v'))
    .select(['target_type', 'target_id', sql<string>`max(title)`.as('title'), sql<string>`sum(n)`.as('n')])
    .groupBy(['target_type', 'target_id'])
    .having(sql`sum(n)`, '>', 0)
    .orderBy('n', 'desc')
    .orderBy('target_id')
    .limit(size)
    .execute();
}
