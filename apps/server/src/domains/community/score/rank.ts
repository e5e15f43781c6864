/** getScoreRankByDate: the points ranking of a date range (domain model §13 score rank: rank, user, name,
 * avatar, community, points): the net points each user earned from `startTime` to `endTime` (either may
 * be left open), optionally in one community, the best `size` (default 10, at most 100), within the
 * caller's data scope on 积分流水 like every statistic (statistics/scope.ts: a community's staff rank the
 * points earned in their communities). Whole months are read from the monthly sums
 * (points/score-months.ts) when the scope is the tenant or a set of communities, else from the ledger. */
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Schema } from '../../../db/database.js';
import { requireUser } from '../../../auth/guard.js';
import type { VerbHandler } from '../../../engine/module.js';
import { badRequest, ok } from '../../../http/envelope.js';
import { requestParams } from '../../../http/params.js';
import { isId } from '@tongxin/resources';
import { INCOME } from './ledger.js';
import { splitRange } from '../../../points/score-months.js';
import { inScope, rollupCommunities, statsScope } from '../statistics/scope.js';

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
  { app_user_id: unknown; community_id: unknown; score: string }
>;

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
    // Net points per user: the whole months of the range from the monthly sums, its partial months from
    // the ledger (points/score-months.ts); only the best `size` users are then joined to their accounts.
    const { dataScopes } = await engine.ctx.permissions.grants(user);
    const rows = await engine.run(user, async (trx) => {
      const scope = await statsScope(trx, user, dataScopes);
      const split = rollupCommunities('app_score_flow', scope)
        ? splitRange(start, end)
        : { months: null, edges: [{ from: start, to: end }] };
      const parts: Part[] = split.edges.map((edge) => {
        let q = trx
          .selectFrom('app_score_flow')
          .select([
            'app_user_id',
            'community_id',
            sql<string>`case when direction = ${INCOME} then score else -score end`.as('score'),
          ])
          .where('tenant_id', '=', user.tenantId)
          .where(inScope('app_score_flow', scope))
          .where('is_deleted', '=', 0);
        if (edge.from) q = q.where('flow_time', '>=', edge.from);
        if (edge.before) q = q.where('flow_time', '<', edge.before);
        if (edge.to) q = q.where('flow_time', '<=', edge.to);
        if (p.communityId) q = q.where('community_id', '=', p.communityId);
        return q;
      });
      if (split.months) {
        let q = trx
          .selectFrom('app_score_month')
          .select(['app_user_id', 'community_id', sql<string>`score`.as('score')])
          .where('tenant_id', '=', user.tenantId)
          .where(inScope('app_score_month', scope));
        if (split.months.from) q = q.where('month', '>=', split.months.from.slice(0, 10));
        if (split.months.before) q = q.where('month', '<', split.months.before.slice(0, 10));
        if (p.communityId) q = q.where('community_id', '=', p.communityId);
        parts.push(q);
      }
      const lines = parts.slice(1).reduce((all, q) => all.unionAll(q), parts[0]!);
      const best = trx
        .selectFrom(lines.as('lines'))
        .select([
          'app_user_id',
          sql<string>`sum(score)`.as('score'),
          sql<string>`min(community_id)`.as('community_id'),
        ])
        .groupBy('app_user_id')
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
