/** 资料审核 (docs/domain-model.md#资料审核-userupdatelog): a resident asks to change their profile (the app's `submit`: the
 * fields they change, recorded with what they were). Avatar and nickname change at once, logged only;
 * the UserUpdateLog process decides the rest, from the review screen's 通过 / 驳回, and passing writes
 * the new values to the account in the same transaction. */
import { isId } from '@tongxin/resources';
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Row } from '../../db/database.js';
import type { ApprovalHandler } from '../../engine/approval/outcomes.js';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import type { ResourceBehaviour, VerbHandler } from '../../engine/module.js';
import { badRequest, done, notFound, ok } from '../../http/envelope.js';
import { requestParams } from '../../http/params.js';
import { applyToAccount, assertApproverManages, readChanges } from '../../profile/profile-change.js';
import { submitChanges } from '../../profile/profile-review.js';
import { callIds } from './rows.js';
import { decideRows } from './task-deal.js';

/** audit_status of a request waiting for review. */
const WAITING = 0;

/** The request `submit` amends (the wire's submit with an id): the caller's own, still waiting
 * for review; another's reads as missing. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function ownWaitingRequest(base: () => Promise<any>, user: AuthUser, id: string): Promise<void> {
  const row = (await (
    await base()
  )
    .select(['id', 'audit_status'])
    .where('id', '=', id)
    .where('app_user_id', '=', user.userId)
    .executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound('资料变更申请不存在');
  if (Number(row.audit_status) !== WAITING) throw badRequest('该申请已审核，不能修改');
}

/** The app's `submit`: a new change, or with `id` the caller's waiting request amended (its changes
 * replaced, its review task unchanged). Answers the id of the request that waits for review, else of
 * the change applied at once, with `needAudit`. */
const submit: VerbHandler = {
  access: { token: true },
  async handle(request, engine) {
    const user = requireUser(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const given = body.id === undefined || body.id === null || body.id === '' ? undefined : String(body.id);
    if (given !== undefined && !isId(given)) throw badRequest('主键格式不正确');
    const changes = readChanges(body);
    const origin = { client_ip: request.ip.slice(0, 64), client_type: 4 };
    const result = await engine.run(user, async (trx, base) => {
      if (given) await ownWaitingRequest(base, user, given);
      const amend = given ? { base, id: given, body } : undefined;
      return submitChanges(trx, engine, user, changes, origin, amend);
    });
    return ok(result, result.needAudit ? '提交成功' : '修改成功');
  },
};

const decide = (pass: boolean): VerbHandler => ({
  access: { perm: 'sys_user_audit_audit' },
  async handle(request, engine) {
    const user = requireUser(request);
    const comment = (requestParams(request).comment ?? '').trim();
    if (!pass && !comment) throw badRequest('请输入驳回理由');
    await decideRows(engine, user, callIds(request), {
      pass,
      comment: comment || '同意',
      open: (row) => Number(row.audit_status) === 0,
      closed: '该申请已审核',
      noTask: '该申请没有待审核的流程任务',
    });
    return done(pass ? '审核通过' : '已驳回');
  },
});

/** Passing writes the requested values to the account (same transaction as the task); a move to another
 * dept passes only by an approver who manages that dept. */
const approval: ApprovalHandler = {
  async onStep(step) {
    if (step.outcome !== 'pass') return;
    const log = await step.trx
      .selectFrom('blade_update_user_log')
      .select(['app_user_id', 'after_json'])
      .where('id', '=', step.businessId)
      .executeTakeFirst();
    if (!log) return;
    const after = JSON.parse(String(log.after_json ?? '{}')) as Record<string, unknown>;
    await assertApproverManages(step.trx, step.actor.userId, after);
    await applyToAccount(step.trx, step.actor.tenantId, String(log.app_user_id), after);
  },
};

/** A request is removed (the standard remove) once it was decided; a waiting one is decided, not
 * deleted (its review task would be left without its record). */
const hooks: ResourceHooks = {
  async beforeRemove({ trx }, ids) {
    const waiting = await trx
      .selectFrom('blade_update_user_log')
      .select('id')
      .where('id', 'in', ids)
      .where('audit_status', '=', WAITING)
      .executeTakeFirst();
    if (waiting) throw badRequest('待审核的资料变更申请不能删除,请先审核');
  },
};

export const userUpdateLogBehaviour: ResourceBehaviour = {
  verbs: { submit, pass: decide(true), reject: decide(false) },
  approval,
  hooks,
};
