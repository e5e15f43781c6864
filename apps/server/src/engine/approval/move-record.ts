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

/** The applicant withdrew the whole instance before any approver acted (flow/operations
 * withdrawInstance), or submitted a withdrawn record again (a new instance): in the same transaction the
 * bound record becomes 已撤回 (audit_status 3) on a withdrawal — a new instance set 0 already — and its
 * process's handler moves the record's own state with the outcome `withdraw` or `resubmit`, as for the
 * same moves from the applicant's step. No task was completed: the step's result carries the instance
 * and the comment. */
export async function moveOnApplicant(
  trx: Trx,
  actor: Actor,
  move: { instance: Row; outcome: 'withdraw' | 'resubmit'; comment: string },
  handlerOf: (processKey: string) => ApprovalHandler | undefined,
): Promise<void> {
  const { instance, outcome, comment } = move;
  const table = instance.business_table as string | null;
  const businessId = instance.business_id as string | null;
  if (!table || !businessId || !TABLE.test(table)) return;
  const processKey = String(instance.process_definition_key);
  const handler = handlerOf(processKey);
  const auditStatus = outcome === 'withdraw' ? 3 : 0;
  if (outcome === 'withdraw' && handler?.audit !== false) {
    const cols = await columnsOf(trx, table);
    const now = formatDateTime();
    const changes = pick(cols, { audit_status: auditStatus, update_user: actor.userId, update_time: now });
    if (Object.keys(changes).length)
      await trx.updateTable(table).set(changes).where('id', '=', businessId).execute();
  }
  const result: CompleteResult = {
    task: {},
    instance,
    ended: outcome === 'withdraw',
    endActivityId: null,
    newTaskIds: [],
    comment,
    applicantStep: true,
  };
  await handler?.onStep?.({ trx, actor, processKey, table, businessId, outcome, auditStatus, result });
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
