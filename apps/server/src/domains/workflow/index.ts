/** The workflow: our BPMN executor (compile/runtime/service), the blade-flow and blade-desk wire, and
 * the approval mechanism for resource definitions that declare `process`. */
import type { ResourceDef } from '@tongxin/resources';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { approvalRoutes } from '../../engine/approval/routes.js';
import { leaveRoutes } from './leave.js';
import { flowRoutes } from './flow-routes.js';

export { registerApprovalHandler, startBusinessProcess } from '../../engine/approval/routes.js';
export type { ApprovalHandler, ApprovalStep, StartBusinessInput } from '../../engine/approval/routes.js';
export { claimTask, completeTask, deploy, startProcess } from '../../flow/service.js';

export function workflowRoutes(app: FastifyInstance, ctx: AppContext, defs: readonly ResourceDef[]): void {
  flowRoutes(app, ctx);
  leaveRoutes(app, ctx);
  approvalRoutes(app, ctx, defs);
}
