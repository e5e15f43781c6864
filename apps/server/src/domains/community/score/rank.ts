/** getScoreRankByDate: the points ranking of a date range (docs/domain-model.md#积分流水-scoreflow: rank, user,
 * name, avatar, community, points): the net points each user earned from `startTime` to `endTime` (either may
 * be left open), optionally in one community, the best `size` (default 10, at most 100), within the
 * caller's data scope on 积分流水 like every statistic (statistics/scope.ts: a community's staff rank the
 * points earned in their communities). When the scope is the tenant or a set of communities, whole
 * months and most of partial ones are read from the monthly sums (points/score-months.ts planRange),
 * else everything from the ledger. */
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Schema, Trx } from '../../../db/database.js';
import { requireUser } from '../../../auth/guard.js';
import type { VerbHandler } from '../../../engine/module.js';
import { badRequest, ok } from '../../../http/envelope.js';
import { requestParams } from '../../../http/params.js';
import { isId } from '@tongxin/resources';
import { INCOME } from './ledger.js';
import { type LedgerPart, nextMonthOf, planRange, type RangePlan } from '../../../points/score-months.js';
import { inScope, rollupCommunities, type StatsScope, statsScope } from '../statistics/scope.js';

const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

/** A range bound: a date or a date-time (`endTime` as a bare date includes that whole day). */
function bound(raw: string | undefined, end: boolean): string | undefined {
  if (!raw) return undefined;
  if (!DATE.test(raw)) throw badRequest(`${end ? '结束' : '开始'}时间格式不正确`);
  return raw.length === 10 ? `${raw} ${end ? '23:59:59' : '00:00:00'}` : raw;
}

/** One source of a user's net points (ledger rows or monthly sums). */
type Part = SelectQueryBuilder<
  Schema,
  string,
  { app_user_id: unknown; community_id: unknown; score: string; n: string }
>;

interface LineFilter {
  tenantId: string;
  scope: StatsScope;
  communityId?: string;
}

/** Ledger rows of `part` as lines, their points (and row count `n`) times `sign`. */
function ledgerLines(trx: Trx, f: LineFilter, part: LedgerPart, sign: 1 | -1): Part {
  let q = trx
    .selectFrom('app_score_flow')
    .select([
      'app_user_id',
      'community_id',
      // literals, not parameters: the union's column types are resolved before parameters are known
      sql<string>`case when direction = ${INCOME} then ${sql.lit(sign)} * score else ${sql.lit(-sign)} * score end`.as(
        'score',
      ),
      sql<string>`${sql.lit(sign)}::int`.as('n'),
    ])
    .where('tenant_id', '=', f.tenantId)
    .where(inScope('app_score_flow', f.scope))
    .where('is_deleted', '=', 0);
  if (part.from) q = q.where('flow_time', '>=', part.from);
  if (part.after) q = q.where('flow_time', '>', part.after);
  if (part.before) q = q.where('flow_time', '<', part.before);
  if (part.to) q = q.where('flow_time', '<=', part.to);
  if (f.communityId) q = q.where('community_id', '=', f.communityId);
  return q;
}

/** Monthly sums of the months `[from, before)` ('YYYY-MM-DD', either open) as lines. */
function monthLines(trx: Trx, f: LineFilter, from?: string, before?: string): Part {
  let q = trx
    .selectFrom('app_score_month')
    .select(['app_user_id', 'community_id', sql<string>`score`.as('score'), sql<string>`row_count`.as('n')])
    .where('tenant_id', '=', f.tenantId)
    .where(inScope('app_score_month', f.scope));
  if (from) q = q.where('month', '>=', from);
  if (before) q = q.where('month', '<', before);
  if (f.communityId) q = q.where('community_id', '=', f.communityId);
  return q;
}

/** The lines whose sum per user is the user's net points in the range. `n` counts the ledger rows each
 * line stands for, so a user is listed exactly when some of their rows fall inside the range (a month
 * less its rows outside the range may stand for none). */
function linesOf(trx: Trx, f: LineFilter, plan: RangePlan): Part[] {
  const parts = plan.ledger.map((part) => ledgerLines(trx, f, part, 1));
  for (const less of plan.monthsLess) {
    parts.push(monthLines(trx, f, less.month, nextMonthOf(less.month)));
    for (const part of less.outside) parts.push(ledgerLines(trx, f, part, -1));
  }
  if (plan.months)
    parts.push(monthLines(trx, f, plan.months.from?.slice(0, 10), plan.months.before?.slice(0, 10)));
  return parts;
}

export interface RankRow {
  rank: number;
  appUserId: string;
  name: string;
  avatar: string;
  communityId: string;
  communityName: string;
  score: number;
}

export const scoreRank: VerbHandler = {
  method: 'GET',
  access: { perm: ['score_flow_view', 'statistics_comprehensive_view', 'micro_volunteer_view'] },
  async handle(request, engine) {
    const user = requireUser(request);
    const p = requestParams(request);
    const start = bound(p.startTime, false);
    const end = bound(p.endTime, true);
    const size = Math.min(Math.max(Number.parseInt(p.size ?? '10', 10) || 10, 1), 100);
    if (p.communityId && !isId(p.communityId)) throw badRequest('社区参数不正确');
    // Net points per user from the lines of the range's plan (points/score-months.ts); only the best
    // `size` users are then joined to their accounts.
    const { dataScopes } = await engine.ctx.permissions.grants(user);
    const rows = await engine.read(user, async (trx) => {
      const scope = await statsScope(trx, user, dataScopes);
      const plan: RangePlan = rollupCommunities('app_score_flow', scope)
        ? planRange(start, end)
        : { months: null, monthsLess: [], ledger: [{ from: start, to: end }] };
      const parts = linesOf(trx, { tenantId: user.tenantId, scope, communityId: p.communityId }, plan);
      const lines = parts.slice(1).reduce((all, q) => all.unionAll(q), parts[0]!);
      const best = trx
        .selectFrom(lines.as('lines'))
        .select([
          'app_user_id',
          sql<string>`sum(score)`.as('score'),
          sql<string>`min(community_id)`.as('community_id'),
        ])
        .groupBy('app_user_id')
        .having(sql`sum(n)`, '>', 0)
        .orderBy('score', 'desc')
        .orderBy('app_user_id')
        .limit(size)
        .as('best');
      // the user's community: their own (the first of their depts), else where they earned the points
      return trx
        .selectFrom(best)
        .leftJoin('blade_user as u', 'u.id', 'best.app_user_id')
        .leftJoin('blade_dept as d', (join) =>
          join.on(
            'd.id',
            '=',
            sql`coalesce(nullif(split_part(u.dept_id, ',', 1), '')::bigint, best.community_id)`,
          ),
        )
        .select([
          'best.app_user_id as user_id',
          'best.score',
          'u.real_name as name',
          'u.avatar',
          'd.id as community_id',
          'd.dept_name as community_name',
        ])
        .orderBy('best.score', 'desc')
        .orderBy('best.app_user_id')
        .execute();
    });
    const ranked: RankRow[] = rows.map((r, i) => ({
      rank: i + 1,
      appUserId: String(r.user_id),
      name: r.name == null ? '' : String(r.name),
      avatar: r.avatar == null ? '' : String(r.avatar),
      communityId: r.community_id == null ? '' : String(r.community_id),
      communityName: r.community_name == null ? '' : String(r.community_name),
      score: Number(r.score),
    }));
    return ok(ranked);
  },
};
