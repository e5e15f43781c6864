/** 数据统计 (docs/domain-model.md#数据统计): read-only figures of the caller's tenant
 * (row-level security binds every query to it) and data scope (scope.ts), each with startTime and endTime. */
import { isId } from '@tongxin/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireUser } from '../../../auth/guard.js';
import type { AppContext } from '../../../context.js';
import type { Trx } from '../../../db/database.js';
import { badRequest, ok } from '../../../http/envelope.js';
import { requestParams } from '../../../http/params.js';
import { mostViewed, viewsPerDay } from './browse-rollup.js';
import { dataCounts, userData } from './counts.js';
import { userFigures } from './user-figures.js';
import type { Where } from './figures.js';
import { readRange, zeroFilled, type Range } from './range.js';
import { inScope, statsScope, type StatsScope } from './scope.js';

const BASE = '/api/statistics-data';
const access = { config: { access: { perm: ['statistics_comprehensive_view', 'browse_log_view'] } } };

/** The content modules whose publications are charted: table and label. */
const PUBLISHED: [key: string, table: string, name: string][] = [
  ['info', 'app_info_article', '资讯'],
  ['notice', 'app_sys_notice', '通知公告'],
  ['study', 'app_study_article', '学习资料'],
  ['discipline', 'app_discipline_article', '纪检文章'],
];

/** The activities (the fifth module of 数据统计): party, volunteer and ethnic-unity activities. They
 * have no publish time: an activity counts on the day it was entered once it is out of 草稿 (and, for an
 * ethnic-unity activity, approved). */
const ACTIVITIES: [table: string, published: Where][] = [
  ['app_party_activity', [['activity_status', '<>', 0]]],
  ['app_micro_volunteer', [['activity_status', '<>', 0]]],
  [
    'app_solidarity_activity',
    [
      ['activity_status', '<>', 0],
      ['audit_status', '=', 1],
    ],
  ],
];

/** Every query names the caller's tenant itself: row-level security alone (an OR of two settings)
 * cannot use the (tenant_id, ...) indexes, so without it each statistic reads the whole table. Each also
 * keeps to the caller's data scope (scope.ts: a community's staff count their community only). */
type Handler = (
  trx: Trx,
  range: Range,
  p: Record<string, string>,
  request: FastifyRequest,
  scope: StatsScope,
) => Promise<unknown>;

function route(app: FastifyInstance, ctx: AppContext, verb: string, defaultDays: number, fn: Handler) {
  app.get(`${BASE}/${verb}`, access, async (request) => {
    const user = requireUser(request);
    const p = requestParams(request);
    const range = readRange(p, defaultDays);
    // the roles' data-scope rules, read before the reads begin (PGlite has one connection); the
    // statistics only read: each statement one round trip, no transaction around them
    const { dataScopes } = await ctx.permissions.grants(user);
    return ok(
      await ctx.db.read({ tenantId: user.tenantId }, async (trx) =>
        fn(trx, range, p, request, await statsScope(trx, user, dataScopes)),
      ),
    );
  });
}

/** Views per day, zero-filled (browse-rollup.ts). */
async function browseChart(trx: Trx, range: Range, scope: StatsScope) {
  const counts = zeroFilled(range.days, await viewsPerDay(trx, range, scope));
  return range.days.map((date, i) => ({ date, count: counts[i] }));
}

/** Rows of `table` per day of `column` in the range, in the scope, meeting `where`. */
function perDay(trx: Trx, range: Range, scope: StatsScope, table: string, column: string, where: Where) {
  let q = trx
    .selectFrom(table)
    .select([sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`.as('day'), sql<string>`count(*)`.as('n')])
    .where('tenant_id', '=', scope.tenantId)
    .where(inScope(table, scope))
    .where('is_deleted', '=', 0)
    .where(column, '>=', range.start)
    .where(column, '<=', range.end);
  for (const [c, op, v] of where) q = q.where(c, op, v as never);
  return q.groupBy(sql`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`);
}

async function publishChart(trx: Trx, range: Range, scope: StatsScope) {
  const series = [];
  for (const [key, table, name] of PUBLISHED) {
    const rows = await perDay(trx, range, scope, table, 'publish_time', [
      ['publish_status', '=', 1],
    ]).execute();
    series.push({ key, name, data: zeroFilled(range.days, rows) });
  }
  const activities = ACTIVITIES.map(([table, where]) =>
    perDay(trx, range, scope, table, 'create_time', where),
  );
  const rows = await trx
    .selectFrom(
      activities
        .slice(1)
        .reduce((all, q) => all.unionAll(q), activities[0]!)
        .as('a'),
    )
    .select(['day', sql<string>`sum(n)`.as('n')])
    .groupBy('day')
    .execute();
  series.push({ key: 'activity', name: '活动', data: zeroFilled(range.days, rows) });
  return { dates: range.days, series };
}

async function browseRank(trx: Trx, range: Range, p: Record<string, string>, scope: StatsScope) {
  const size = Math.min(Math.max(Number.parseInt(p.size ?? '10', 10) || 10, 1), 50);
  const rows = await mostViewed(trx, range, scope, size);
  return rows.map((r, i) => ({
    rank: i + 1,
    targetType: r.target_type,
    targetId: String(r.target_id),
    title: r.title ?? '',
    browseNum: Number(r.n),
  }));
}

export function statisticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  // with a user: that user's own figures; without: the user data of the caller's scope (the boards)
  route(app, ctx, 'get2UserDataById', 30, async (trx, range, p, _r, scope) => {
    if (!p.userId) return userData(trx, scope, range);
    if (!isId(p.userId)) throw badRequest('用户参数不正确');
    return userFigures(trx, scope, range, p.userId);
  });
  route(app, ctx, 'getDataCount', 30, (trx, range, _p, _r, scope) => dataCounts(trx, scope, range));
  route(app, ctx, 'getSumBrowseChartData', 7, (trx, range, _p, _r, scope) => browseChart(trx, range, scope));
  route(app, ctx, 'getPublishChartData', 30, (trx, range, _p, _r, scope) => publishChart(trx, range, scope));
  route(app, ctx, 'getBrowseNumRankTitle', 30, (trx, range, p, _r, scope) =>
    browseRank(trx, range, p, scope),
  );
}
