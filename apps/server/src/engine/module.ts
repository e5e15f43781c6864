/**
 * How a domain attaches behaviour to the generic engine: explicit values handed to buildApp, no
 * registries. A plain resource is its definition alone; a resource with behaviour no definition can
 * state adds hooks, verbs, routes or approval effects to its definition in its domain's folder.
 */
import type { ResourceDef } from '@tongxin/resources';
import type { FastifyInstance } from 'fastify';
import type { ApprovalContext } from './approval/approval-context.js';
import type { Trx } from '../db/database.js';
import type { ApprovalHandler } from './approval/outcomes.js';
import type { ResourceHooks } from './crud/hooks.js';
import type { LapseHandler } from './crud/lapses.js';
import type { ResourceEngine } from './crud/resource-engine.js';
import type { VerbHandler as CrudVerbHandler } from './crud/verb-routes.js';

/** An extra wire verb of a domain's resource (engine/crud/verb-routes.ts), handed its engine served with
 * the whole context buildApp hands down. */
export type VerbHandler = CrudVerbHandler<ApprovalContext>;

/** One definition and the behaviour the server attaches to it. */
export interface ResourceModule {
  def: ResourceDef;
  /** engine/crud/hooks.ts: checks and effects around the generic reads and writes */
  hooks?: ResourceHooks<ApprovalContext>;
  /** extra wire verbs served at `${def.path}/<verb>` */
  verbs?: Record<string, VerbHandler>;
  /** escape hatch for anything else the resource serves */
  routes?: (app: FastifyInstance, ctx: ApprovalContext, engine: ResourceEngine<ApprovalContext>) => void;
  /** business effects of the steps of the definition's `process` (engine/approval) */
  approval?: ApprovalHandler;
  /** effects of the definition's `lapses` on the rows the sweep moved, in its transaction
   * (engine/crud/lapses.ts) */
  lapsed?: LapseHandler;
}

/** What the demo seed hands a domain for its part of the demo data (seed/demo.ts). */
export interface DemoSeedArgs {
  trx: Trx;
  /** the tenants of the demo organisation: the platform tenant and the demo tenant */
  tenantIds: string[];
}

/** A domain's room on the server: every definition it serves with its behaviour, its own routes. */
export interface DomainModule {
  /** the domain's name (its folder under domains/); the engine knows none of them */
  name: string;
  /** every definition the domain serves, behaviour attached */
  resources: ResourceModule[];
  /** hand-written routes of the domain (menus, statistics, ...) */
  routes?: (app: FastifyInstance, ctx: ApprovalContext) => void;
  /** the domain's part of the demo seed, in its transaction after the demo organisation exists */
  seedDemo?: (args: DemoSeedArgs) => Promise<void>;
  /** the domain's links to other domains' demo data (party members bound to residents' app accounts),
   * in the same transaction once every domain's `seedDemo` ran: it reads their rows, imports nothing */
  linkDemo?: (args: DemoSeedArgs) => Promise<void>;
}

/** What the server attaches to one definition. */
export type ResourceBehaviour = Omit<ResourceModule, 'def'>;

/** The behaviour of a domain's resources, by definition name. */
export type Behaviour = Record<string, ResourceBehaviour>;

/**
 * A domain from its definition list (`partyResources` of @tongxin/resources) and the behaviour of those
 * that have any. Fails at startup when the behaviour names a definition the list lacks.
 */
export function domain(
  name: string,
  defs: readonly ResourceDef[],
  behaviour: Behaviour = {},
  rest: Omit<DomainModule, 'name' | 'resources'> = {},
): DomainModule {
  const names = new Set(defs.map((d) => d.name));
  const unknown = Object.keys(behaviour).filter((n) => !names.has(n));
  if (unknown.length)
    throw new Error(`domain ${name}: behaviour for definitions not in its list: ${unknown.join(', ')}`);
  return { name, resources: defs.map((def) => ({ ...behaviour[def.name], def })), ...rest };
}
