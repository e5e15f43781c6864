/** 思想汇报 批阅 (`review`, docs/domain-model.md#思想汇报-partyreport): the comment, and the points the reviewer
 * grants, if any, credited to the member in the points ledger (docs/domain-model.md#积分流水-scoreflow) in the
 * review's own transaction. A report is reviewed once (待批阅 → 已批阅, under a row lock), so its points are
 * credited exactly once. */
import { actionCodes, type ActionDef, type FieldDef, type ResourceDef } from '@tongxin/resources';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Row, Trx } from '../../db/database.js';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import type { ResourceEngine } from '../../engine/crud/resource-engine.js';
import { validateInputs } from '../../engine/crud/validate.js';
import type { VerbHandler } from '../../engine/module.js';
import { badRequest, done, forbidden, notFound } from '../../http/envelope.js';
import { idempotent } from '../../http/idempotency.js';
import { requestParams, selectedIds } from '../../http/params.js';
import { formatDateTime } from '../../util/datetime.js';
import { appendScore } from '../../points/score-ledger.js';

const WAITING = 0;
const RETURNED = 2;
/** `score_source` of a ledger row granted by a report's review. */
const SOURCE = 'partyReport';

interface ReviewCall {
  ids: string[];
  comment: string;
  points: number;
}

/** The action's whole-number input: the points the reviewer grants. */
const pointsInput = (action: ActionDef): FieldDef | undefined => action.inputs?.find((f) => f.kind === 'int');

/** The ids, the comment (required) and the points (an optional whole number within the input's range). */
function readReview(request: FastifyRequest, action: ActionDef): ReviewCall {
  const params = requestParams(request);
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
    string,
    unknown
  >;
  const ids = selectedIds(Array.isArray(body.ids) ? body.ids.join(',') : params.ids, '请选择要批阅的汇报');
  const reason = action.reason!;
  const comment = String(body[reason.field] ?? params[reason.field] ?? '').trim();
  if (!comment) throw badRequest(reason.required ?? `请输入${reason.label.zh}`);
  if (reason.maxLength && [...comment].length > reason.maxLength)
    throw badRequest(`${reason.label.zh}长度不能超过${reason.maxLength}个字符`);
  // the points by the input field's rules (whole number, the action's range), as the dialog checks them
  const amount = pointsInput(action)!;
  const points = Number(validateInputs(action, { ...params, ...body })[amount.name] ?? 0);
  return { ids, comment, points };
}

/** The member's app account and community: the account's community, else the branch's. */
async function creditee(trx: Trx, report: Row): Promise<{ appUserId: string; communityId: string }> {
  const member = report.party_archive_id
    ? await trx
        .selectFrom('app_party_archive as a')
        .leftJoin('blade_user as u', 'u.id', 'a.app_user_id')
        .leftJoin('app_party_dept as d', 'd.id', 'a.party_dept_id')
        .select(['a.app_user_id', 'u.dept_id', 'd.community_id'])
        .where('a.id', '=', String(report.party_archive_id))
        .where('a.is_deleted', '=', 0)
        .executeTakeFirst()
    : undefined;
  const title = String(report.title);
  if (!member?.app_user_id) throw badRequest(`「${title}」的党员未绑定App账号，不能奖励积分`);
  const community = String(member.dept_id ?? '').split(',')[0] || member.community_id;
  if (!community) throw badRequest(`「${title}」的党员没有所属社区，不能奖励积分`);
  return { appUserId: String(member.app_user_id), communityId: String(community) };
}

/** Separation of duties: nobody reviews (and so grants points to) a report of their own: one filed for
 * the member record bound to their account (whoever entered it). */
async function refuseOwnReports(trx: Trx, user: AuthUser, rows: Row[]): Promise<void> {
  const archives = rows.map((r) => r.party_archive_id).filter((id) => id !== null && id !== undefined);
  const members = archives.length
    ? await trx
        .selectFrom('app_party_archive')
        .select(['id', 'app_user_id'])
        .where('id', 'in', archives.map(String))
        .execute()
    : [];
  const memberOf = new Map(members.map((m) => [String(m.id), String(m.app_user_id ?? '')]));
  const own = rows.find((r) => memberOf.get(String(r.party_archive_id)) === user.userId);
  if (own) throw forbidden(`「${String(own.title)}」是本人的思想汇报，不能由本人批阅`);
}

async function review(engine: ResourceEngine, user: AuthUser, call: ReviewCall) {
  return engine.run(user, async (trx, base) => {
    const rows = (await (
      await base()
    )
      .selectAll()
      .where('id', 'in', call.ids)
      .forUpdate()
      .execute()) as Row[];
    if (rows.length !== call.ids.length) throw notFound('思想汇报不存在');
    const settled = rows.find((r) => Number(r.review_status) !== WAITING);
    if (settled) throw badRequest(`「${String(settled.title)}」不是待批阅状态，不能批阅`);
    await refuseOwnReports(trx, user, rows);
    const now = formatDateTime();
    for (const row of rows) {
      if (call.points > 0) {
        const to = await creditee(trx, row);
        await appendScore(trx, {
          tenantId: String(row.tenant_id),
          ...to,
          delta: call.points,
          sourceType: SOURCE,
          sourceId: String(row.id),
          sourceTitle: String(row.title),
          remark: call.comment.slice(0, 200),
          operatorId: user.userId,
          flowTime: now,
        });
      }
      // 待批阅 → 已批阅: the definition's `review` transition, with the points granted
      await engine.transition(trx, user, String(row.id), 'review', {
        reason: call.comment,
        values: { score: call.points },
      });
    }
  });
}

/** The `review` verb of a definition whose action of that name asks for a comment (`reason`) and points
 * (a whole-number input); guarded by the action's button code, replayed safely under an idempotency key. */
export function reviewVerb(def: ResourceDef, name = 'review'): VerbHandler {
  const action = def.actions?.find((a) => a.name === name);
  if (!action?.reason || !pointsInput(action))
    throw new Error(
      `${def.name}.${name}: the review needs an action asking for a reason and a whole-number input`,
    );
  return {
    access: { perm: actionCodes(def, action) },
    handle: async (request, engine) => {
      const user = requireUser(request);
      const call = readReview(request, action);
      return idempotent(engine.ctx.store, request, user, async () => {
        await review(engine, user, call);
        return done('批阅成功');
      });
    },
  };
}

/** A report's write rules: the time it is submitted; a returned report (退回修改) that is written again
 * is the member's rework and waits for a review anew. */
export const reportHooks: ResourceHooks = {
  async beforeWrite(_args, values, existing) {
    if (existing && Number(existing.review_status) !== RETURNED) return;
    values.submit_time = formatDateTime();
    if (existing) values.review_status = WAITING;
  },
};
