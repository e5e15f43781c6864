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
    const rows = await engine.run(user, async (trx) => {
      let q = trx
        .selectFrom('app_score_flow as f')
        .leftJoin('blade_user as u', 'u.id', 'f.app_user_id')
        .select([
          'f.app_user_id as user_id',
          sql<string>`max(u.real_name)`.as('name'),
          sql<string>`max(u.avatar)`.as('avatar'),
          sql<string>`sum(case when f.direction = ${INCOME} then f.score else -f.score end)`.as('score'),
        ])
        .where('f.tenant_id', '=', user.tenantId)
        .where('f.is_deleted', '=', 0);
      if (start) q = q.where('f.flow_time', '>=', start);
      if (end) q = q.where('f.flow_time', '<=', end);
      if (p.communityId) q = q.where('f.community_id', '=', p.communityId);
      return q
        .groupBy('f.app_user_id')
        .orderBy('score', 'desc')
        .orderBy('f.app_user_id')
        .limit(size)
        .execute();
    });
    const ranked: RankRow[] = rows.map((r, i) => ({
      rank: i + 1,
      appUserId: String(r.user_id),
      name: r.name ?? '',
      avatar: r.avatar ?? '',
      score: Number(r.score),
    }));
    return ok(ranked);
  },
};
