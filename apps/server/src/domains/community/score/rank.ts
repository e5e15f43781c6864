/** getScoreRankByDate: the points ranking of a date range (domain model §13 score rank): the net points
 * each user earned from `startTime` to `endTime` (either may be left open), optionally in one community,
 * the best `size` (default 10, at most 100). */
import { sql } from 'kysely';
import { requireUser } from '../../../auth/guard.js';
import type { VerbHandler } from '../../../engine/module.js';
import { badRequest, ok } from '../../../http/envelope.js';
import { requestParams } from '../../../http/params.js';
import { isId } from '@tongxin/resources';
import { INCOME } from './ledger.js';

const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

/** A range bound: a date or a date-time (`endTime` as a bare date includes that whole day). */
function bound(raw: string | undefined, end: boolean): string | undefined {
  if (!raw) return undefined;
  if (!DATE.test(raw)) throw badRequest(`${end ? '结束' : '开始'}时间格式不正确`);
  return raw.length === 10 ? `${raw} ${end ? '23:59:59' : '00:00:00'}` : raw;
}

export interface RankRow {
  rank: number;
  appUserId: string;
  name: string;
  avatar: string;
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
    // The ledger rows are summed per user first and only the best `size` users are joined to their
    // accounts (joining every ledger row of the range to blade_user cost as much as the sum itself).
    const rows = await engine.run(user, async (trx) => {
      let sums = trx
        .selectFrom('app_score_flow')
        .select([
          'app_user_id',
          sql<string>`sum(case when direction = ${INCOME} then score else -score end)`.as('score'),
        ])
        .where('tenant_id', '=', user.tenantId)
        .where('is_deleted', '=', 0);
      if (start) sums = sums.where('flow_time', '>=', start);
      if (end) sums = sums.where('flow_time', '<=', end);
      if (p.communityId) sums = sums.where('community_id', '=', p.communityId);
      const best = sums
        .groupBy('app_user_id')
        .orderBy('score', 'desc')
        .orderBy('app_user_id')
        .limit(size)
        .as('best');
      return trx
        .selectFrom(best)
        .leftJoin('blade_user as u', 'u.id', 'best.app_user_id')
        .select(['best.app_user_id as user_id', 'best.score', 'u.real_name as name', 'u.avatar'])
        .orderBy('best.score', 'desc')
        .orderBy('best.app_user_id')
        .execute();
    });
    const ranked: RankRow[] = rows.map((r, i) => ({
      rank: i + 1,
      appUserId: String(r.user_id),
      name: r.name == null ? '' : String(r.name),
      avatar: r.avatar == null ? '' : String(r.avatar),
      score: Number(r.score),
    }));
    return ok(ranked);
  },
};
