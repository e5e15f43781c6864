/** 民主评议: a round answers its members' counts and its results summary (优秀 3 · 合格 12 …); a member
 * is appraised once per round. `partyraise` / `partyraise2user` serve the same wire under the alias
 * paths BladeX clients call. */
import { isId, type ResourceDef } from '@tongxin/resources';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Row } from '../../db/database.js';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import { resourceRoutes } from '../../engine/crud/resource-routes.js';
import { badRequest } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';
import { fillMember } from './members.js';

const MEMBERS = 'app_party_appraise2user';
const LEVELS: Record<string, string> = { '1': '优秀', '2': '合格', '3': '基本合格', '4': '不合格' };

export const appraiseHooks: ResourceHooks = {
  async beforeWrite(_args, values, existing) {
    const start = String(values.start_time ?? existing?.start_time ?? '');
    const end = String(values.end_time ?? existing?.end_time ?? '');
    if (start && end && end <= start) throw badRequest('结束时间必须晚于开始时间');
  },
  async beforeRemove({ trx }, ids) {
    const rated = await trx
      .selectFrom(MEMBERS)
      .select('id')
      .where('appraise_id', 'in', ids)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (rated) throw badRequest('该评议下已有党员自评，不能删除');
  },
  async decorate({ trx }, rows) {
    const ids = rows.map((r) => String(r.id)).filter(isId);
    if (!ids.length) return;
    const counts = (await trx
      .selectFrom(MEMBERS)
      .select(['appraise_id', 'final_level', sql<number>`count(*)`.as('n')])
      .where('appraise_id', 'in', ids)
      .where('is_deleted', '=', 0)
      .groupBy(['appraise_id', 'final_level'])
      .execute()) as Row[];
    for (const r of rows) {
      const mine = counts.filter((c) => String(c.appraise_id) === String(r.id));
      const rated = mine.filter((c) => c.final_level !== null && c.final_level !== undefined);
      r.participantNum = mine.reduce((s, c) => s + Number(c.n), 0);
      r.finishedNum = rated.reduce((s, c) => s + Number(c.n), 0);
      r.resultSummary = rated
        .sort((a, b) => Number(a.final_level) - Number(b.final_level))
        .map((c) => `${LEVELS[String(c.final_level)] ?? String(c.final_level)} ${Number(c.n)}`)
        .join(' · ');
    }
  },
};

export const appraiseUserHooks: ResourceHooks = {
  async beforeWrite({ trx, user }, values, existing) {
    const appraiseId = String(values.appraise_id ?? existing?.appraise_id ?? '');
    const archiveId = String(values.party_archive_id ?? existing?.party_archive_id ?? '');
    const tenantId = String(existing?.tenant_id ?? values.tenant_id ?? user.tenantId);
    await fillMember(trx, tenantId, values, { name: 'member_name' });
    const round = await trx
      .selectFrom('app_party_appraise')
      .select(['id', 'appraise_status'])
      .where('id', '=', appraiseId)
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!round) throw badRequest('评议不存在');
    if (Number(round.appraise_status) === 5) throw badRequest('评议已取消');
    let twice = trx
      .selectFrom(MEMBERS)
      .select('id')
      .where('appraise_id', '=', appraiseId)
      .where('party_archive_id', '=', archiveId)
      .where('is_deleted', '=', 0);
    if (existing) twice = twice.where('id', '<>', String(existing.id));
    if (await twice.executeTakeFirst()) throw badRequest('该党员在本轮评议中已有自评记录');
    const now = formatDateTime();
    if (values.self_content && !existing?.self_time && !values.self_time) values.self_time = now;
    if (values.final_level !== undefined && values.final_level !== null && values.final_level !== '') {
      if (String(values.final_level) !== String(existing?.final_level ?? '')) {
        values.review_time = now;
        values.review_user_id = user.userId;
      }
      values.user_status = 3;
    }
  },
};

/** The same wire under an alias path (`partyraise`, `partyraise2user`). */
export const aliasPath =
  (path: string, hooks: ResourceHooks) =>
  (app: FastifyInstance, ctx: AppContext, engine: { def: ResourceDef }) => {
    resourceRoutes(app, ctx, { def: { ...engine.def, path }, hooks });
  };
