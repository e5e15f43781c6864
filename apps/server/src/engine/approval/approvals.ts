import { columnOf, type ProcessDef, processesOf, type ResourceDef } from '@tongxin/resources';
import type { Trx } from '../../db/database.js';
import type { Actor, CompleteResult } from '../../flow/service.js';
import { actorOf } from '../../flow/wire.js';
import type { HookArgs } from '../crud/hooks.js';
import type { Row } from '../../db/database.js';
import { type ApprovalHandler, type ApprovalStep, moveOnApplicant, moveRecord } from './move-record.js';
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
  private readonly byKey: Map<string, ProcessDef>;
  readonly processes: readonly ProcessDef[];

  constructor(modules: readonly ApprovalModule[], awaiting: readonly ProcessDef[] = []) {
    for (const m of modules) {
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

  /** Moves the bound record of an instance its applicant withdrew (same transaction). */
  instanceWithdrawn(trx: Trx, actor: Actor, instance: Row, comment: string): Promise<void> {
    return moveOnApplicant(trx, actor, { instance, outcome: 'withdraw', comment }, (key) =>
      this.handlers.get(key),
    );
  }

  /** Moves the bound record of a withdrawn record its applicant submitted again (a new instance). */
  async resubmitted(trx: Trx, actor: Actor, instanceId: string, comment: string): Promise<void> {
    const instance = (await trx
      .selectFrom('flow_process_instance')
      .selectAll()
      .where('id', '=', instanceId)
      .executeTakeFirstOrThrow()) as Row;
    await moveOnApplicant(trx, actor, { instance, outcome: 'resubmit', comment }, (key) =>
      this.handlers.get(key),
    );
  }

  /** Moves the bound record of a completed task (every completion, same transaction). */
  taskCompleted(trx: Trx, actor: Actor, result: CompleteResult): Promise<ApprovalStep | undefined> {
    return moveRecord(trx, actor, result, (key) => this.handlers.get(key));
  }
}
