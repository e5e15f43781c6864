/** What an approval step does to its business record (docs/architecture.md#the-approval-path): the
 * workflow's outcome (a completed task, a withdrawn instance, a task sent back) is reported through one
 * callback (`Approvals.report`), which maps it to the audit columns and the definition's transitions
 * for that outcome (define.ts TransitionDef `on.approval`) and moves the record through the one
 * primitive (engine/crud/transition.ts), then runs the process's side effects (`onStep`). */
import {
  type ApprovalOutcome,
  approvalTransitions,
  type ResourceDef,
  type TransitionDef,
} from '@tongxin/resources';
import { sql } from 'kysely';
import type { Row, Trx } from '../../db/database.js';
import type { Actor, CompleteResult } from '../../flow/service.js';
import { badRequest } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';
import type { AuditActor } from '../crud/audit-trail.js';
import { stateColumnOf } from '../crud/time-states.js';
import { columnMoveOf, type MoveTarget, moveRecord } from '../crud/transition.js';
import { columnsOf, pick } from './business-table.js';

/** An outcome of a step; `progress`: passed on to a further approver; `none`: nothing to record. */
export type StepOutcome = ApprovalOutcome | 'progress' | 'none';

export interface ApprovalStep {
  trx: Trx;
  actor: Actor;
  processKey: string;
  table: string;
  businessId: string;
  outcome: StepOutcome;
  auditStatus: number | null;
  result: CompleteResult;
}

/** The side effects of a process's steps no transition states (the `approval` of a ResourceModule,
 * engine/module.ts): a ticket's conversation, a profile change written to the account. */
export interface ApprovalHandler {
  /** false: do not write the audit columns (the handler moves its own status fields) */
  audit?: boolean;
  /** runs after the record moved, in the same transaction */
  onStep?(step: ApprovalStep): Promise<void>;
}

/** What the workflow reports of a business record's instance. */
export interface OutcomeReport {
  instance: Row;
  outcome: StepOutcome;
  /** audit_status the outcome gives (null: unchanged) */
  auditStatus: number | null;
  comment: string;
  /** the completed task, or a result standing for the instance's move */
  result: CompleteResult;
}

/** The outcome of a completed task. */
export function classify(result: CompleteResult): { outcome: StepOutcome; auditStatus: number | null } {
  const pass = result.task.outcome === 'pass' ? true : result.task.outcome === 'reject' ? false : undefined;
  if (pass === undefined)
    return result.ended ? { outcome: 'pass', auditStatus: 1 } : { outcome: 'none', auditStatus: null };
  if (result.applicantStep)
    return pass ? { outcome: 'resubmit', auditStatus: 0 } : { outcome: 'withdraw', auditStatus: 3 };
  if (!pass) return { outcome: 'reject', auditStatus: 2 };
  return result.ended ? { outcome: 'pass', auditStatus: 1 } : { outcome: 'progress', auditStatus: 0 };
}

/** An approver's decision (who, when, the comment) beside the audit status. */
const DECISIONS: readonly StepOutcome[] = ['pass', 'reject', 'progress', 'return', 'terminate'];

/** The audit columns a report writes (stamped by the primitive besides). */
export function auditColumns(report: OutcomeReport, actor: Actor): Row {
  if (report.auditStatus === null) return {};
  if (!DECISIONS.includes(report.outcome)) return { audit_status: report.auditStatus };
  return {
    audit_status: report.auditStatus,
    audit_user: actor.userId,
    audit_time: formatDateTime(),
    audit_remark: report.comment.slice(0, 500),
  };
}

/** A resource whose records a report moves: its engine (ResourceEngine), or a bare definition where no
 * engine is served (the demo seed: no audit trail, no hooks). */
export interface Served {
  def: ResourceDef;
  moveTarget(trx: Trx, id: string, actor: AuditActor): MoveTarget;
  afterTransition?(trx: Trx, actor: AuditActor, t: TransitionDef, before: Row, after: Row): Promise<void>;
}

const holds = (row: Row, c: { column: string; in: string[] } | undefined) =>
  !c || c.in.includes(String(row[c.column] ?? ''));

/** Moves a served resource's record: the audit columns and the definition's transitions for the
 * outcome in one move (one version, one 操作审计 entry), then its `afterTransition`. A transition whose
 * from-state does not hold is skipped, or refused with its `refusal` unless the record is there already. */
export async function moveServed(
  served: Served,
  trx: Trx,
  actor: Actor,
  step: ApprovalStep,
  audit: Row,
): Promise<void> {
  const { def } = served;
  const outcome = step.outcome;
  const declared =
    outcome === 'progress' || outcome === 'none' ? [] : approvalTransitions(def, outcome, step.processKey);
  if (!declared.length && !Object.keys(audit).length) return;
  const row = (await trx
    .selectFrom(def.table)
    .selectAll()
    .where('id', '=', step.businessId)
    .forUpdate()
    .executeTakeFirst()) as Row | undefined;
  if (!row) return;
  const set: Row = pick(new Set(Object.keys(row)), audit);
  const fired: TransitionDef[] = [];
  const who = { ...actor, account: actor.account ?? '' };
  for (const t of declared) {
    const move = columnMoveOf(def, t, who, { reason: step.result.comment });
    if (holds(row, move.from) && holds(row, move.when)) {
      Object.assign(set, move.set);
      fired.push(t);
    } else if (t.refusal && String(row[stateColumnOf(def, t.field)]) !== String(t.to))
      throw badRequest(t.refusal);
  }
  if (!Object.keys(set).length) return;
  const moved = await moveRecord(trx, served.moveTarget(trx, step.businessId, who), { set, settle: true });
  if ('refused' in moved) return;
  for (const t of fired) await served.afterTransition?.(trx, who, t, moved.before, moved.after);
}

/** Moves the record of a table no definition serves (a leave request): its audit columns, the update
 * columns and the version where the table has them. */
export async function moveUnserved(trx: Trx, actor: Actor, step: ApprovalStep, audit: Row): Promise<void> {
  const cols = await columnsOf(trx, step.table);
  const changes = pick(cols, { ...audit, update_user: actor.userId, update_time: formatDateTime() });
  if (!('audit_status' in changes)) return;
  if (cols.has('version')) changes.version = sql`version + 1`;
  await trx.updateTable(step.table).set(changes).where('id', '=', step.businessId).execute();
}
