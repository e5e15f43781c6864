/** 资料审核 (docs/domain-model.md#资料审核-userupdatelog): a resident asks to change their profile (the app's
 * `submit`: the fields they change, recorded with what they were). Avatar and nickname change at once, logged
 * only; the UserUpdateLog process decides the rest, from the review screen's 通过 / 驳回, and passing writes
 * the new values to the account in the same transaction. */
import { isId } from '@tongxin/resources';
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Row, Trx } from '../../db/database.js';
import type { ApprovalHandler } from '../../engine/approval/move-record.js';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import type { ResourceBehaviour, VerbHandler } from '../../engine/module.js';
import { badRequest, done, notFound, ok } from '../../http/envelope.js';
import { requestParams } from '../../http/params.js';
import type { ResourceEngine } from '../../engine/crud/resource-engine.js';
import { formatDateTime } from '../../util/datetime.js';
import { applyToAccount, changeLogValues, differing, isCosmetic, readChanges } from './profile-change.js';
import { callIds } from './rows.js';
import { decideRows } from './task-deal.js';

/** audit_status of a request waiting for review, and of one decided (or applied at once). */
const WAITING = 0;
const APPROVED = 1;

async function accountOf(trx: Trx, user: AuthUser): Promise<Row> {
  const row = await trx.selectFrom('blade_user').selectAll().where('id', '=', user.userId).executeTakeFirst();
  if (!row) throw badRequest('用户不存在');
  return row;
}

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

/** The requested changes split as docs/domain-model.md#资料审核-userupdatelog says: the cosmetic ones (avatar,
 * nickname) are written to the account at once and logged as applied (needAudit 0, 已通过, no process); the
 * others make a request the UserUpdateLog process decides (needAudit 1), or with `amend` replace the changes
 * of the caller's waiting request. Refused, nothing written, when nothing differs from the account, or
 * when an amendment holds nothing that needs review. */
async function submitChanges(
  trx: Trx,
  engine: ResourceEngine,
  user: AuthUser,
  changes: Record<string, string>,
  origin: Record<string, unknown>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  amend?: { base: () => Promise<any>; id: string; body: Record<string, unknown> },
): Promise<{ id: string; needAudit: 0 | 1 }> {
  const account = await accountOf(trx, user);
  const fields = differing(account, changes);
  if (!fields.length) throw badRequest('资料没有变化');
  const cosmetic = fields.filter(isCosmetic);
  const reviewed = fields.filter((f) => !isCosmetic(f));
  if (amend && !reviewed.length) throw badRequest('该申请没有需要审核的资料变化');
  const request = reviewed.length ? await changeLogValues(trx, account, reviewed, changes) : undefined;
  let applied: string | undefined;
  if (cosmetic.length) {
    const values = await changeLogValues(trx, account, cosmetic, changes);
    const log = { ...values, app_user_id: user.userId, need_audit: 0, audit_status: APPROVED, ...origin };
    applied = await engine.insert(trx, user, { ...log, audit_time: formatDateTime() }, {});
    await applyToAccount(trx, user.tenantId, user.userId, JSON.parse(values.after_json));
  }
  if (!request) return { id: applied!, needAudit: 0 };
  if (amend) {
    await engine.update(trx, amend.base, user, amend.id, request, amend.body);
    return { id: amend.id, needAudit: 1 };
  }
  const log = { ...request, app_user_id: user.userId, need_audit: 1, ...origin };
  return { id: await engine.insert(trx, user, log, {}), needAudit: 1 };
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

/** Passing writes the requested values to the account (same transaction as the task). */
const approval: ApprovalHandler = {
  async onStep(step) {
    if (step.outcome !== 'approve') return;
    const log = await step.trx
      .selectFrom('blade_update_user_log')
      .select(['app_user_id', 'after_json'])
      .where('id', '=', step.businessId)
      .executeTakeFirst();
    if (!log) return;
    const after = JSON.parse(String(log.after_json ?? '{}')) as Record<string, unknown>;
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
