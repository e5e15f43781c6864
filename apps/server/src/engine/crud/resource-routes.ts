import type { ResourceDef } from '@tongxin/resources';
import type { FastifyInstance } from 'fastify';
import type { EngineContext } from './engine-context.js';
import type { ResourceHooks } from './hooks.js';
import { excelRoutes } from './excel-routes.js';
import { effectRoutes } from './effect-routes.js';
import { readAccess } from './read-access.js';
import { detailRoute, listRoutes, selectRoute } from './read-routes.js';
import { type EngineBehaviour, ResourceEngine } from './resource-engine.js';
import { revealRoute } from './reveal-route.js';
import { treeRoutes } from './tree-routes.js';
import { type VerbHandler, verbRoutes } from './verb-routes.js';
import { writeRoutes } from './write-routes.js';

/** What the generic engine serves of a resource module (engine/module.ts ResourceModule): its definition,
 * hooks, verbs and own routes, which are handed the context of the layer serving them (`C`). */
export interface CrudModule<C extends EngineContext = EngineContext> {
  def: ResourceDef;
  hooks?: ResourceHooks<C>;
  verbs?: Record<string, VerbHandler<C>>;
  routes?: (app: FastifyInstance, ctx: C, engine: ResourceEngine<C>) => void;
}

/** Registers the wire of one resource module: list/page/detail/remove, submit or save/update, and for
 * trees tree/lazy-tree/lazy-list, plus select, Excel export/import when enabled, the module's extra
 * verbs and its own routes. */
export function resourceRoutes<C extends EngineContext>(
  app: FastifyInstance,
  ctx: C,
  module: CrudModule<C>,
  onInsert?: EngineBehaviour['onInsert'],
): ResourceEngine<C> {
  const { def } = module;
  const engine = new ResourceEngine<C>(def, ctx, { hooks: module.hooks, onInsert });
  const access = readAccess(def);
  listRoutes(app, engine, access);
  detailRoute(app, engine, access);
  writeRoutes(app, engine);
  selectRoute(app, engine, access);
  revealRoute(app, engine);
  if (def.tree) treeRoutes(app, engine, access);
  if (def.exportable || def.importable) excelRoutes(app, engine);
  effectRoutes(app, engine);
  verbRoutes(app, engine, module.verbs);
  module.routes?.(app, ctx, engine);
  return engine;
}
