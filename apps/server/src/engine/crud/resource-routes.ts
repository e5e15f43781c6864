import { buttonCodes, hasStandard, type ResourceDef } from '@tongxin/resources';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { ResourceModule } from '../module.js';
import { excelRoutes } from './excel-routes.js';
import { pickerCodes } from './picker-access.js';
import { effectRoutes } from './effect-routes.js';
import { detailRoute, listRoutes, selectRoute } from './read-routes.js';
import { type EngineBehaviour, ResourceEngine } from './resource-engine.js';
import { revealRoute } from './reveal-route.js';
import { treeRoutes } from './tree-routes.js';
import { verbRoutes } from './verb-routes.js';
import { writeRoutes } from './write-routes.js';

/** The route options of a resource's reads. */
export interface ReadAccess {
  view: { config: { access: { perm: string[] } } };
  picker: { config: { access: { perm: string[] } } };
}

export function readAccess(def: ResourceDef): ReadAccess {
  return {
    // Reading needs the view button, or the screen's menu when the resource has no view button (of the
    // resource's own screen or of a screen serving it too).
    view: {
      config: {
        access: {
          perm: hasStandard(def, 'view')
            ? buttonCodes(def, 'view')
            : [def.permission, ...(def.permissionAliases ?? [])],
        },
      },
    },
    // Pickers: the holders of this screen and of every screen whose form picks from it (picker-access.ts).
    picker: { config: { access: { perm: pickerCodes(def.name, def) } } },
  };
}

/** Registers the wire of one resource module: list/page/detail/remove, submit or save/update, and for
 * trees tree/lazy-tree/lazy-list, plus select, Excel export/import when enabled, the module's extra
 * verbs and its own routes. */
export function resourceRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  module: ResourceModule,
  onInsert?: EngineBehaviour['onInsert'],
): ResourceEngine {
  const { def } = module;
  const engine = new ResourceEngine(def, ctx, { hooks: module.hooks, onInsert });
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
