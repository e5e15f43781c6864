import type { ResourceDef } from '@tongxin/resources';
import type { Trx } from '../../db/database.js';
import type { Actor, CompleteResult } from '../../flow/service.js';
import { actorOf } from '../../flow/wire.js';
import type { HookArgs } from '../crud/hooks.js';
import type { ResourceModule } from '../module.js';
import { type ApprovalHandler, type ApprovalStep, moveRecord } from './move-record.js';
import { startBusinessProcess } from './start-process.js';

/** A process the product ships, as the approval mechanism needs it: the button code guarding its
 * detailByTaskId / dealProcessFlow calls, and any extra deal paths (the share-facility variants). */
export interface ApprovalProcess {
  key: string;
  /** the button code guarding detailByTaskId / dealProcessFlow */
  perm: string;
  /** extra deal paths served for this process */
  dealPaths?: string[];
}

/**
 * The approval wiring of one server, built once by buildApp from its domains (AppContext.approvals):
 * the business effects of each process (the `approval` of the resource module whose definition
 * declares it) and the shipped processes' permissions. Nothing is registered anywhere else.
 */
export class Approvals {
  private readonly handlers = new Map<string, ApprovalHandler>();
  private readonly byKey: Map<string, ApprovalProcess>;

  constructor(
    modules: readonly ResourceModule[],
    readonly processes: readonly ApprovalProcess[],
  ) {
    for (const m of modules) {
      if (!m.approval) continue;
      if (!m.def.process)
        throw new Error(`${m.def.name}: an approval handler needs a process on the definition`);
      if (this.handlers.has(m.def.process))
        throw new Error(`${m.def.name}: process ${m.def.process} already has an approval handler`);
      this.handlers.set(m.def.process, m.approval);
    }
    this.byKey = new Map(processes.map((p) => [p.key, p]));
  }

  processOf(key: string | undefined): ApprovalProcess | undefined {
    return key === undefined ? undefined : this.byKey.get(key);
  }

  /** What follows a new record of `def` in its transaction: a definition that declares a process
   * enters its approval at once. Undefined for the others. */
  startOnInsert(def: ResourceDef): ((args: HookArgs, id: string) => Promise<void>) | undefined {
    if (!def.process) return undefined;
    return async ({ trx, user }, id) => {
      await startBusinessProcess(trx, actorOf(user), { def, businessId: id });
    };
  }

  /** Moves the bound record of a completed task (every completion, same transaction). */
  taskCompleted(trx: Trx, actor: Actor, result: CompleteResult): Promise<ApprovalStep | undefined> {
    return moveRecord(trx, actor, result, (key) => this.handlers.get(key));
  }
}
