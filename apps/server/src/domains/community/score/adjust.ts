/** 积分调整 (POST scoreflow/adjust, the definition's `adjust` action, button score_flow_adjust): points
 * added to or taken from one user by hand (docs/domain-model.md#积分流水-scoreflow: a manual adjustment needs a remark),
 * written through the ledger's only writer like every other change of points, so the balance stays the
 * sum of the ledger. The call names a direction (1 收入 adds, 2 支出 takes) and the points as a positive
 * whole number, at most the tenant's `score.adjustMaxPerCall` (default 100); the points adjusted by hand
 * for one user in one day (both directions together) stay within `score.adjustMaxPerDay` (default 500),
 * counted under the user's ledger lock so concurrent calls cannot both pass. Nobody adjusts their own
 * points. The user must be one the caller may see in 用户管理 (their tenant and data scope); the row goes
 * to their community (the first of their depts); a debit never takes the balance below zero. The user is
 * told in their message centre; the write lands in 操作审计. Replayed safely under an idempotency key. */
import { actionCodes, isId, userResource, type ActionDef, type ResourceDef } from '@tongxin/resources';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../../auth/guard.js';
import { resolveDataScope, scopeCondition } from '../../../engine/crud/data-scope.js';
import { queryFieldsOf } from '../../../engine/crud/query-fields.js';
import type { ResourceEngine } from '../../../engine/crud/resource-engine.js';
import { validateInputs } from '../../../engine/crud/validate.js';
import type { VerbHandler } from '../../../engine/module.js';
import { wholeParam } from '../../../db/params.js';
import type { Trx } from '../../../db/database.js';
import type { AuthUser } from '../../../auth/tokens.js';
import { badRequest, forbidden, ok } from '../../../http/envelope.js';
import { idempotent } from '../../../http/idempotency.js';
import { requestParams } from '../../../http/params.js';
import { formatDateTime } from '../../../util/datetime.js';
import { MESSAGE_TYPE, sendMessages } from '../messages.js';
import { ADJUST, appendScoreRow, EXPENSE, INCOME, lockScoresOf } from './ledger.js';

const USER_FIELDS = queryFieldsOf(userResource);

interface Adjustment {
  appUserId: string;
  delta: number;
  remark: string;
}

function readAdjustment(request: FastifyRequest, action: ActionDef): Adjustment {
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
    string,
    unknown
  >;
  const values = { ...requestParams(request), ...body };
  const input = validateInputs(action, values);
  const appUserId = String(input.appUserId ?? '');
  if (!isId(appUserId)) throw badRequest('请选择用户');
  const direction = Number(input.direction);
  if (direction !== INCOME && direction !== EXPENSE) throw badRequest('调整方向不正确');
  // a whole number (validateInputs refuses "1e3", "5 ", [5], 1.5) of at least 1: the direction says the sign
  const points = Number(input.score);
  const delta = direction === INCOME ? points : -points;
  const reason = action.reason!;
  const remark = String(values[reason.field] ?? '').trim();
  if (!remark) throw badRequest(reason.required!);
  if ([...remark].length > reason.maxLength!)
    throw badRequest(`${reason.label.zh}长度不能超过${reason.maxLength}个字符`);
  return { appUserId, delta, remark };
}

/** The `adjust` verb of the ledger's definition, guarded by its action's button code. */
export function adjustVerb(def: ResourceDef): VerbHandler {
  const action = def.actions?.find((a) => a.name === 'adjust');
  if (!action?.reason?.maxLength || !action.inputs?.length)
    throw new Error(`${def.name}.adjust: the action must ask for the user, the points and a remark`);
  return {
    access: { perm: actionCodes(def, action) },
    handle: (request, engine) => adjust(request, engine, action),
  };
}

/** Refuses (400, nothing written) an adjustment beyond the tenant's limits: per call, and per user and day
 * (the points adjusted by hand today, both directions, this one included). Call under the user's lock. */
async function withinLimits(trx: Trx, user: AuthUser, call: Adjustment): Promise<void> {
  const points = Math.abs(call.delta);
  const perCall = await wholeParam(trx, user.tenantId, 'score.adjustMaxPerCall', [1, 10000]);
  if (points > perCall) throw badRequest(`单次调整积分不能超过${perCall}`);
  const perDay = await wholeParam(trx, user.tenantId, 'score.adjustMaxPerDay', [1, 100000]);
  const today = await trx
    .selectFrom('app_score_flow')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('score'), eb.lit(0)).as('n'))
    .where('tenant_id', '=', user.tenantId)
    .where('app_user_id', '=', call.appUserId)
    .where('source_type', '=', ADJUST)
    .where('is_deleted', '=', 0)
    .where('flow_time', '>=', `${formatDateTime().slice(0, 10)} 00:00:00`)
    .executeTakeFirst();
  const done = Number(today?.n ?? 0);
  if (done + points > perDay) throw badRequest(`该用户今日已调整${done}积分，每日调整上限为${perDay}`);
}

async function adjust(request: FastifyRequest, engine: ResourceEngine, action: ActionDef) {
  const user = requireUser(request);
  const call = readAdjustment(request, action);
  // separation of duties: nobody adjusts their own points, up or down
  if (call.appUserId === user.userId) throw forbidden('不能调整本人的积分');
  const { dataScopes } = await engine.ctx.permissions.grants(user);
  return idempotent(engine.ctx.store, request, user, async () => {
    const balance = await engine.tx(user, async (trx) => {
      const visible = scopeCondition(
        await resolveDataScope(trx, user, userResource, USER_FIELDS, dataScopes),
      );
      let q = trx
        .selectFrom('blade_user')
        .select(['id', 'real_name', 'dept_id'])
        .where('tenant_id', '=', user.tenantId)
        .where('id', '=', call.appUserId)
        .where('is_deleted', '=', 0);
      if (visible) q = q.where(visible);
      const target = await q.executeTakeFirst();
      if (!target) throw badRequest('用户不存在或不在您的数据范围内');
      const communityId = String(target.dept_id ?? '').split(',')[0];
      if (!communityId || !isId(communityId)) throw badRequest('该用户没有所属社区，不能调整积分');
      await lockScoresOf(trx, user.tenantId, call.appUserId);
      await withinLimits(trx, user, call);
      const { id, balance: after } = await appendScoreRow(trx, {
        tenantId: user.tenantId,
        appUserId: call.appUserId,
        communityId,
        delta: call.delta,
        sourceType: ADJUST,
        sourceTitle: '管理员调整',
        remark: call.remark,
        operatorId: user.userId,
        flowTime: formatDateTime(),
        notBelowZero: true,
      });
      engine.audit.note(trx, user, 'insert', id!, undefined, {
        app_user_id: call.appUserId,
        community_id: communityId,
        direction: call.delta > 0 ? INCOME : EXPENSE,
        score: Math.abs(call.delta),
        operator_id: user.userId,
        balance_after: after,
        source_type: ADJUST,
        remark: call.remark,
      });
      const verb = call.delta > 0 ? '增加' : '扣减';
      await sendMessages(trx, user, [call.appUserId], {
        title: '积分变动',
        content: `管理员为您${verb}${Math.abs(call.delta)}积分，当前积分${after}。说明：${call.remark}`,
        messageType: MESSAGE_TYPE.points,
        bizType: 'score',
        bizId: id!,
      });
      return after;
    });
    return ok({ balance }, '调整成功');
  });
}
