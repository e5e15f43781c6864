import type { Row, Trx } from '../../db/database.js';
import type { Actor, CompleteResult } from '../../flow/service.js';
import { formatDateTime } from '../../util/datetime.js';
import { columnsOf, pick, TABLE } from './business-table.js';

export type AuditOutcome = 'approve' | 'reject' | 'progress' | 'resubmit' | 'withdraw' | 'none';

export interface ApprovalStep {
  trx: Trx;
  actor: Actor;
  processKey: string;
  table: string;
  businessId: string;
  outcome: AuditOutcome;
  auditStatus: number | null;
  result: CompleteResult;
}

/** The business effects of a process's steps (the `approval` of a ResourceModule, engine/module.ts). */
export interface ApprovalHandler {
  /** false: do not write the audit columns (the handler moves its own status fields) */
  audit?: boolean;
  /** runs after the audit columns moved, in the same transaction */
  onStep?(step: ApprovalStep): Promise<void>;
}

export function classify(result: CompleteResult): { outcome: AuditOutcome; auditStatus: number | null } {
  const pass = result.task.outcome === 'pass' ? true : result.task.outcome === 'reject' ? false : undefined;
  if (pass === undefined)
    return result.ended ? { outcome: 'approve', auditStatus: 1 } : { outcome: 'none', auditStatus: null };
  if (result.applicantStep)
    return pass ? { outcome: 'resubmit', auditStatus: 0 } : { outcome: 'withdraw', auditStatus: 3 };
  if (!pass) return { outcome: 'reject', auditStatus: 2 };
  return result.ended ? { outcome: 'approve', auditStatus: 1 } : { outcome: 'progress', auditStatus: 0 };
}

/** Moves the bound record of a completed task (same transaction): its audit columns, then the
 * handler of its process (`handlerOf` the process key) if any. */
export async function moveRecord(
  trx: Trx,
  actor: Actor,
  result: CompleteResult,
  handlerOf: (processKey: string) => ApprovalHandler | undefined,
): Promise<ApprovalStep | undefined> {
  const table = result.instance.business_table as string | null;
  const businessId = result.instance.business_id as string | null;
  if (!table || !businessId || !TABLE.test(table)) return undefined;
  const processKey = String(result.instance.process_definition_key);
  const { outcome, auditStatus } = classify(result);
  const handler = handlerOf(processKey);
  const cols = await columnsOf(trx, table);
  if (!handler && !cols.has('audit_status')) return undefined;
  if (handler?.audit !== false && auditStatus !== null) {
    const now = formatDateTime();
    const decision = outcome === 'approve' || outcome === 'reject' || outcome === 'progress';
    const changes = pick(cols, {
      audit_status: auditStatus,
      ...(decision
        ? { audit_user: actor.userId, audit_time: now, audit_remark: result.comment.slice(0, 500) }
        : {}),
      update_user: actor.userId,
      update_time: now,
    });
    if (Object.keys(changes).length)
      await trx.updateTable(table).set(changes).where('id', '=', businessId).execute();
  }
  const step: ApprovalStep = { trx, actor, processKey, table, businessId, outcome, auditStatus, result };
  await handler?.onStep?.(step);
  return step;
}

/** A task returned to the applicant's step (flow/operations returnTask) sends the bound record back to
 * 已驳回 with the approver's comment; a return between approvers leaves it 待审核. */
export async function moveOnReturn(
  trx: Trx,
  actor: Actor,
  instance: Row,
  toApplicant: boolean,
  comment: string,
): Promise<void> {
  const table = instance.business_table as string | null;
  const businessId = instance.business_id as string | null;
  if (!table || !businessId || !TABLE.test(table)) return;
  const cols = await columnsOf(trx, table);
  const now = formatDateTime();
  const changes = pick(cols, {
    audit_status: toApplicant ? 2 : 0,
    audit_user: actor.userId,
    audit_time: now,
    audit_remark: comment.slice(0, 500),
    update_user: actor.userId,
    update_time: now,
  });
  if (Object.keys(changes).length)
    await trx.updateTable(table).set(changes).where('id', '=', businessId).execute();
}
