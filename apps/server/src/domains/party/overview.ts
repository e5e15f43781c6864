/** 党建概览 (the party remote's home): members by branch and by type, this month's activities, the
 * audits waiting, the appraisal results: numbers from the database, for ECharts. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireUser } from '../../auth/guard.js';
import type { AppContext } from '../../context.js';
import type { Row, Trx } from '../../db/database.js';
import { ok } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';

export const OVERVIEW_PATH = '/api/app-party-stats/overview';
const LEVELS: Record<string, string> = { '1': '优秀', '2': '合格', '3': '基本合格', '4': '不合格' };
const TYPES: Record<string, string> = { '1': '正式党员', '2': '预备党员' };

const pairs = (rows: Row[], names: Record<string, string> = {}) =>
  rows.map((r) => ({ name: names[String(r.k)] ?? String(r.k ?? '—'), value: Number(r.n) }));

async function counts(trx: Trx, tenantId: string) {
  const live = (table: string) =>
    trx.selectFrom(table).where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
  const byBranch = (await trx
    .selectFrom('app_party_archive as a')
    .innerJoin('app_party_dept as d', 'd.id', 'a.party_dept_id')
    .select(['d.dept_name as k', sql<number>`count(*)`.as('n')])
    .where('a.tenant_id', '=', tenantId)
    .where('a.is_deleted', '=', 0)
    .where('a.member_status', '=', 1)
    .groupBy('d.dept_name')
    .orderBy('n', 'desc')
    .limit(12)
    .execute()) as Row[];
  const byType = (await live('app_party_archive')
    .select(['member_type as k', sql<number>`count(*)`.as('n')])
    .where('member_status', '=', 1)
    .groupBy('member_type')
    .execute()) as Row[];
  const results = (await live('app_party_appraise2user')
    .select(['final_level as k', sql<number>`count(*)`.as('n')])
    .where('final_level', 'is not', null)
    .groupBy('final_level')
    .orderBy('final_level')
    .execute()) as Row[];
  const now = formatDateTime();
  const month = `${now.slice(0, 7)}-01 00:00:00`;
  const activities = await live('app_party_activity')
    .select(sql<number>`count(*)`.as('n'))
    .where('start_time', '>=', month)
    .executeTakeFirst();
  const pending = async (table: string) =>
    Number(
      (
        await live(table)
          .select(sql<number>`count(*)`.as('n'))
          .where('audit_status', '=', 0)
          .executeTakeFirst()
      )?.n ?? 0,
    );
  return {
    membersByBranch: pairs(byBranch),
    membersByType: pairs(byType, TYPES),
    appraisalResults: pairs(results, LEVELS),
    activitiesThisMonth: Number(activities?.n ?? 0),
    pendingAudits: {
      archive: await pending('app_party_archive'),
      doubleReport: await pending('app_party_double_report'),
      appraise: await pending('app_party_appraise2user'),
    },
  };
}

export function overviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    OVERVIEW_PATH,
    { config: { access: { perm: ['party_overview', 'party_overview_view'] } } },
    async (request) => {
      const user = requireUser(request);
      return ok(
        await ctx.db.tx({ tenantId: user.tenantId, allTenants: false }, (trx) => counts(trx, user.tenantId)),
      );
    },
  );
}
