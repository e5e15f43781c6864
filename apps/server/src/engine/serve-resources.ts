import type { FastifyInstance } from 'fastify';
import { processesOf } from '@tongxin/resources';
import type { ApprovalContext } from './approval/approval-context.js';
import { applicantRoutes } from './approval/applicant-routes.js';
import { auditTaskRoutes } from './approval/audit-tasks.js';
import { approvalResourceRoutes, dealPathRoutes } from './approval/routes.js';
import { resourceRoutes } from './crud/resource-routes.js';
import type { ResourceModule } from './module.js';

/** Serves every resource module: its generic wire, verbs and routes (its engine joins ctx.resources); for a definition with `process` or `laterProcesses`,
 * the approval start on insert, the approver's and the applicant's calls; then the shipped processes' extra deal paths
 * (ctx.approvals holds the approval effects, built from the same modules). */
export function serveResources(
  app: FastifyInstance,
  ctx: ApprovalContext,
  modules: readonly ResourceModule[],
): void {
  for (const module of modules) {
    const engine = resourceRoutes(app, ctx, module, ctx.approvals.startOnInsert(module.def));
    ctx.resources.add(engine);
    if (processesOf(module.def).length) {
      approvalResourceRoutes(app, ctx, engine);
      applicantRoutes(app, ctx, engine);
      auditTaskRoutes(app, ctx, engine);
    }
  }
  dealPathRoutes(app, ctx);
}
