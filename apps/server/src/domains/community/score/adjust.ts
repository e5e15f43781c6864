/** 积分调整 (POST scoreflow/adjust, the definition's `adjust` action, button score_flow_adjust): points added to
 * or taken from one user by hand (docs/domain-model.md#积分流水-scoreflow: a manual adjustment needs a remark),
 * written through the ledger's only writer like every other change of points, so the balance stays the sum of
 * the ledger. The user must be one the caller may see in 用户管理 (their tenant and data scope); the row goes to
 * their community (the first of their depts); a debit never takes the balance below zero. The user is told in
 * their message centre; the write lands in 操作审计. Replayed safely under an idempotency key. */
import { actionCodes, isId, userResource, type ActionDef, type ResourceDef } from '@tongxin/resources';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../../auth/guard.js';
import { resolveDataScope, scopeCondition } from '../../../engine/crud/data-scope.js';
import { queryFieldsOf } from '../../../engine/crud/query-fields.js';
import type { ResourceEngine } from '../../../engine/crud/resource-engine.js';
import { validateInputs } from '../../../engine/crud/validate.js';
import type { VerbHandler } from '../../../engine/module.js';
import { badRequest, ok } from '../../../http/envelope.js';
import { idempotent } from '../../../http/idempotency.js';
import { requestParams } from '../../../http/params.js';
import { formatDateTime } from '../../../util/datetime.js';
import { MESSAGE_TYPE, sendMessages } from '../messages.js';
import { ADJUST, appendScoreRow } from './ledger.js';

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
  const delta = Number(input.score);
  if (!Number.isInteger(delta) || delta === 0) throw badRequest('调整积分不能为0');
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

async function adjust(request: FastifyRequest, engine: ResourceEngine, action: ActionDef) {
  const user = requireUser(request);
  const call = readAdjustment(request, action);
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
        score: call.delta,
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
