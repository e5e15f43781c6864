/** Submitting a change of one's own profile (资料审核, docs/domain-model.md#资料审核-userupdatelog): the cosmetic keys (avatar,
 * nickname) are written to the account at once and logged as applied (needAudit 0, 已通过, no process);
 * the others — the identity a resident's services hang on (real name, phone, community, ...) — make a
 * request the UserUpdateLog process decides (needAudit 1), or with `amend` replace the changes of the
 * caller's waiting request. Written through the served 资料审核 resource (its engine: audit, process start).
 * Used by the review's own `submit` (community) and by 个人信息 `update-info` for residents (system). */
import { userUpdateLogResource } from '@tongxin/resources';
import type { AuthUser } from '../auth/tokens.js';
import type { EngineContext } from '../engine/crud/engine-context.js';
import type { Row, Trx } from '../db/database.js';
import type { ResourceEngine } from '../engine/crud/resource-engine.js';
import { badRequest } from '../http/envelope.js';
import { formatDateTime } from '../util/datetime.js';
import { applyToAccount, changeLogValues, differing, isCosmetic } from './profile-change.js';

/** audit_status of a change applied at once. */
const APPROVED = 1;

/** Where a change comes from (the log's 来源IP and 终端). */
export interface ChangeOrigin {
  client_ip: string;
  client_type: number;
}

export interface SubmittedChange {
  /** the request waiting for review, else the change applied at once */
  id: string;
  needAudit: 0 | 1;
}

async function accountOf(trx: Trx, user: AuthUser): Promise<Row> {
  const row = await trx.selectFrom('blade_user').selectAll().where('id', '=', user.userId).executeTakeFirst();
  if (!row) throw badRequest('用户不存在');
  return row;
}

/** The requested changes split into those applied at once and a request for review (see above). Refused,
 * nothing written, when nothing differs from the account, or when an amendment holds nothing that needs
 * review. `engine` is the 资料审核 resource's. */
export async function submitChanges(
  trx: Trx,
  engine: ResourceEngine,
  user: AuthUser,
  changes: Record<string, string>,
  origin: ChangeOrigin,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  amend?: { base: () => Promise<any>; id: string; body: Record<string, unknown> },
): Promise<SubmittedChange> {
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

/** submitChanges in a transaction of its own, through the served 资料审核 resource. */
export async function submitForReview(
  ctx: EngineContext,
  user: AuthUser,
  changes: Record<string, string>,
  origin: ChangeOrigin,
): Promise<SubmittedChange> {
  const engine = ctx.resources.find(userUpdateLogResource.name);
  if (!engine) throw badRequest('资料审核未启用，实名信息不能修改');
  return engine.run(user, (trx) => submitChanges(trx, engine, user, changes, origin));
}
