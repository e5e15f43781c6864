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
import { type ApprovalHandler, moveRecord } from '../../engine/approval/move-record.js';
import { startBusinessProcess } from '../../engine/approval/start-process.js';
import { type Actor, completeTask } from '../../flow/service.js';
import { appraiseUserApproval, disciplineReportApproval, doubleReportApproval } from './approvals.js';

/** Records of one resource to put into its process: `waiting` stay with the approver, `rejected`
 * (id → the approver's comment) go back to the applicant. */
export interface DemoApprovals {
  waiting: string[];
  rejected: [string, string][];
}

const HANDLERS = new Map<ResourceDef, ApprovalHandler | undefined>([
  [partyArchiveResource, undefined],
  [partyDoubleReportResource, doubleReportApproval],
  [partyAppraiseUserResource, appraiseUserApproval],
  [disciplineReportResource, disciplineReportApproval],
]);

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
    const handler = HANDLERS.get(def);
    for (const businessId of waiting) await startBusinessProcess(trx, applicant, { def, businessId });
    for (const [businessId, comment] of rejected) {
      const started = await startBusinessProcess(trx, applicant, { def, businessId });
      for (const taskId of started.taskIds) {
        const result = await completeTask(trx, approver, { taskId, pass: false, comment, skipAuth: true });
        await moveRecord(trx, approver, result, () => handler);
      }
    }
  }
}
