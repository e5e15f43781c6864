/** The demo's approval work (so the audit screens have work): a few records of each approval-driven party
 * resource (党员登记, 双报到, 党员自评, 纪检举报) started in their process the way the wire starts them
 * (startBusinessProcess), so every audit screen lists tasks for the demo secretaries and admins, and a
 * couple rejected with the approver's comment (the reject step run as dealProcessFlow runs it). */
import {
  disciplineReportResource,
  partyAppraiseUserResource,
  partyArchiveResource,
  partyDoubleReportResource,
  type ResourceDef,
} from '@tongxin/resources';
import type { Trx } from '../../db/database.js';
import { Approvals } from '../../engine/approval/approvals.js';
import { startBusinessProcess } from '../../engine/approval/start-process.js';
import type { Actor } from '../../flow/service.js';

/** Records of one resource to put into its process: `waiting` stay with the approver, `rejected`
 * (id → the approver's comment) go back to the applicant. */
export interface DemoApprovals {
  waiting: string[];
  rejected: [string, string][];
}

/** The approval wiring of these definitions alone: a reject moves each record by its definition's
 * transitions, as on the wire (no engine is served yet, so nothing goes to 操作审计). */
const APPROVALS = new Approvals(
  [partyArchiveResource, partyDoubleReportResource, partyAppraiseUserResource, disciplineReportResource].map(
    (def) => ({ def }),
  ),
);

/** The first user of the tenant holding the role `alias`, as a flow actor. */
async function userWithRole(trx: Trx, tenantId: string, alias: string): Promise<Actor | undefined> {
  const role = await trx
    .selectFrom('blade_role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('role_alias', '=', alias)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!role) return undefined;
  const users = await trx
    .selectFrom('blade_user')
    .select(['id', 'account', 'role_id'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('role_id', 'like', `%${String(role.id)}%`)
    .orderBy('code')
    .execute();
  const user = users.find((u) => String(u.role_id).split(',').includes(String(role.id)));
  if (!user) return undefined;
  return { userId: String(user.id), tenantId, roleAliases: [alias], account: String(user.account) };
}

/** Starts the process of every listed record (a grid worker applies, else a secretary) and rejects the
 * `rejected` ones as a secretary. Without such demo users nothing is started. */
export async function seedDemoApprovals(
  trx: Trx,
  tenantId: string,
  work: ReadonlyMap<ResourceDef, DemoApprovals>,
): Promise<void> {
  const approver = await userWithRole(trx, tenantId, 'secretary');
  const applicant = (await userWithRole(trx, tenantId, 'grid')) ?? approver;
  if (!approver || !applicant) return;
  for (const [def, { waiting, rejected }] of work) {
    for (const businessId of waiting) await startBusinessProcess(trx, applicant, { def, businessId });
    for (const [businessId, comment] of rejected) {
      const started = await startBusinessProcess(trx, applicant, { def, businessId });
      for (const taskId of started.taskIds) {
        await APPROVALS.completeTask(trx, approver, { taskId, pass: false, comment, skipAuth: true });
      }
    }
  }
}
