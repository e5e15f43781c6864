import { columnOf, type ProcessDef, processesOf, type ResourceDef } from '@tongxin/resources';
import type { Row, Trx } from '../../db/database.js';
import type { Actor, CompleteResult } from '../../flow/service.js';
import { actorOf } from '../../flow/wire.js';
import type { HookArgs } from '../crud/hooks.js';
import { returnTask, withdrawInstance } from '../../flow/operations.js';
import { type CompleteInput, completeTask, deleteInstance } from '../../flow/service.js';
import type { ResourceEngines } from '../crud/resource-engines.js';
import {
  type ApprovalHandler,
  type ApprovalStep,
  auditColumns,
  classify,
  moveServed,
  moveUnserved,
  type OutcomeReport,
  type Served,
} from './outcomes.js';
import { TABLE } from './business-table.js';
import { processCatalogue } from './catalogue.js';
import { startBusinessProcess } from './start-process.js';

/** Whether a record written with `row` (columns) meets the process's `when`: the named field's column
 * holds one of its values (compared as text). */
export function entersProcess(
  def: ResourceDef,
  process: ProcessDef,
  row: Readonly<Record<string, unknown>>,
): boolean {
  if (!process.when) return true;
  const field = def.fields.find((f) => f.name === process.when!.field);
  const column = field ? columnOf(field) : process.when.field;
  return process.when.in.map(String).includes(String(row[column] ?? ''));
}

/** A step's result standing for an instance's move that completed no task. */
const standIn = (instance: Row, comment: string, ended: boolean): CompleteResult => ({
  task: {},
  instance,
  ended,
  endActivityId: null,
  newTaskIds: [],
  comment,
  applicantStep: true,
});

/**
 * The approval wiring of one server, built once by buildApp from its domains (AppContext.approvals):
 * the business effects of each process (the `approval` of the resource module whose definition
 * declares it) and the processes' permissions and deal paths: the catalogue derived from the modules'
 * definitions plus the processes whose resource is not defined yet (`awaiting`). Nothing is registered
 * anywhere else.
 */
/** What the approval wiring needs of a resource module (engine/module.ts): its definition and its
 * `approval` handler. */
export interface ApprovalModule {
  def: ResourceDef;
  approval?: ApprovalHandler;
}

export class Approvals {
  private readonly handlers = new Map<string, ApprovalHandler>();
  /** The definitions by table, for records moved where no engine is served (the demo seed). */
  private readonly bare = new Map<string, Served>();
  private readonly byKey: Map<string, ProcessDef>;
  readonly processes: readonly ProcessDef[];

  /** `engines`: the served resources' engines (their records move through their transitions). */
  constructor(
    modules: readonly ApprovalModule[],
    awaiting: readonly ProcessDef[] = [],
    private readonly engines?: ResourceEngines,
  ) {
    for (const m of modules) {
      const def = m.def;
      if (!this.bare.has(def.table))
        this.bare.set(def.table, { def, moveTarget: (_t, id, actor) => ({ def, id, actor }) });
      if (!m.approval) continue;
      const keys = processesOf(m.def).map((p) => p.key);
      if (!keys.length)
        throw new Error(`${m.def.name}: an approval handler needs a process on the definition`);
      // one handler for all the definition's processes: step.processKey tells which
      for (const key of keys) {
        if (this.handlers.has(key))
          throw new Error(`${m.def.name}: process ${key} already has an approval handler`);
        this.handlers.set(key, m.approval);
      }
    }
    this.processes = processCatalogue(
      modules.map((m) => m.def),
      awaiting,
    );
    this.byKey = new Map(this.processes.map((p) => [p.key, p]));
  }

  processOf(key: string | undefined): ProcessDef | undefined {
    return key === undefined ? undefined : this.byKey.get(key);
  }

  /** What follows a new record of `def` in its transaction: a definition that declares a process
   * enters its approval at once, when the record meets the process's `when` (if it names one).
   * Undefined for the others. */
  startOnInsert(
    def: ResourceDef,
  ): ((args: HookArgs, id: string, row: Readonly<Record<string, unknown>>) => Promise<void>) | undefined {
    const process = def.process;
    if (!process) return undefined;
    return async ({ trx, user }, id, row) => {
      if (!entersProcess(def, process, row)) return;
      await startBusinessProcess(trx, actorOf(user), { def, businessId: id });
    };
  }

  /**
   * The one callback through which the workflow reports what happened to a business record's instance
   * (same transaction): the outcome mapped to the audit columns and the definition's transitions for it,
   * moved through the one primitive (outcomes.ts), then the process's side effects (`onStep`).
   */
  async report(trx: Trx, actor: Actor, report: OutcomeReport): Promise<ApprovalStep | undefined> {
    const { instance } = report;
    const table = instance.business_table as string | null;
    const businessId = instance.business_id as string | null;
    if (!table || !businessId || !TABLE.test(table)) return undefined;
    const processKey = String(instance.process_definition_key);
    const handler = this.handlers.get(processKey);
    const { outcome, auditStatus, result } = report;
    const step: ApprovalStep = { trx, actor, processKey, table, businessId, outcome, auditStatus, result };
    const audit = handler?.audit === false ? {} : auditColumns(report, actor);
    const served = this.engines?.ofTable(table) ?? this.bare.get(table);
    if (served) await moveServed(served, trx, actor, step, audit);
    else await moveUnserved(trx, actor, step, audit);
    await handler?.onStep?.(step);
    return step;
  }

  /** Completes a task (an approver's decision, the applicant's own step) and reports its outcome. */
  async completeTask(
    trx: Trx,
    actor: Actor,
    input: CompleteInput,
  ): Promise<{ result: CompleteResult; step: ApprovalStep | undefined }> {
    const result = await completeTask(trx, actor, input);
    const step = await this.report(trx, actor, {
      instance: result.instance,
      ...classify(result),
      comment: result.comment,
      result,
    });
    return { result, step };
  }

  /** The applicant withdraws the instance before any approver acted (flow/operations): 已撤回. */
  async withdrawInstance(trx: Trx, actor: Actor, instanceId: string, comment: string): Promise<void> {
    const instance = await withdrawInstance(trx, actor, instanceId, comment);
    const result = standIn(instance, comment, true);
    await this.report(trx, actor, { instance, outcome: 'withdraw', auditStatus: 3, comment, result });
  }

  /** A withdrawn record submitted again (a new instance, audit_status 0 already): `resubmit`. */
  async resubmitted(trx: Trx, actor: Actor, instanceId: string, comment: string): Promise<void> {
    const instance = (await trx
      .selectFrom('flow_process_instance')
      .selectAll()
      .where('id', '=', instanceId)
      .executeTakeFirstOrThrow()) as Row;
    const result = standIn(instance, comment, false);
    await this.report(trx, actor, { instance, outcome: 'resubmit', auditStatus: 0, comment, result });
  }

  /** Sends a task back (退回, flow/operations): to the applicant's step the record becomes 已驳回 and the
   * outcome is `return` (its transitions as a reject's, e.g. a loan's units given back); between
   * approvers it stays 待审核. */
  async returnTask(trx: Trx, actor: Actor, input: { taskId: string; activityId: string; comment: string }) {
    const moved = await returnTask(trx, actor, input);
    const comment = input.comment || '退回';
    const result = standIn(moved.instance, comment, false);
    const outcome = moved.toApplicant ? 'return' : 'progress';
    await this.report(trx, actor, {
      instance: moved.instance,
      outcome,
      auditStatus: moved.toApplicant ? 2 : 0,
      comment,
      result,
    });
    return moved;
  }

  /** An instance deleted by the process administrator (流程跟踪 删除): reported as `terminate`; the
   * audit columns stay, a definition's `terminate` transitions move the record. */
  async terminateInstance(trx: Trx, actor: Actor, instanceId: string, comment: string): Promise<void> {
    const instance = await deleteInstance(trx, actor, instanceId, comment);
    const result = standIn(instance, comment, true);
    await this.report(trx, actor, { instance, outcome: 'terminate', auditStatus: null, comment, result });
  }
}
