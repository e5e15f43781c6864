/**
 * The blade-flow wire (docs/architecture.md#the-workflow-executor): model (model-routes.ts), manager incl.
 * multipart deploy-upload and the start list (manager-routes.ts), follow (follow-routes.ts), process
 * (model-view, history-flow-list, resource-view; process-routes.ts) and work (work-routes.ts; transfer and
 * return: task-moves.ts). Every list is paged and tenant-scoped (row-level security plus an explicit tenant
 * condition).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { followRoutes } from './follow-routes.js';
import { managerRoutes } from './manager-routes.js';
import { modelRoutes } from './model-routes.js';
import { processRoutes } from './process-routes.js';
import { taskMoveRoutes } from './task-moves.js';
import { workRoutes } from './work-routes.js';

export function flowRoutes(app: FastifyInstance, ctx: AppContext): void {
  workRoutes(app, ctx);
  taskMoveRoutes(app, ctx);
  modelRoutes(app, ctx);
  managerRoutes(app, ctx);
  followRoutes(app, ctx);
  processRoutes(app, ctx);
}
