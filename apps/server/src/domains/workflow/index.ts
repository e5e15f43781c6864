/** The workflow domain: the blade-flow wire (designer, deployments, following, work lists), the
 * blade-desk leave demo and notices, and the processes still awaiting their definitions (flows.ts). The BPMN
 * executor is infrastructure (flow/); the approval mechanism is the engine's (engine/approval). */
import { workflowResources } from '@tongxin/resources';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { domain } from '../../engine/module.js';
import { flowRoutes } from './flow-routes.js';
import { leaveRoutes } from './leave.js';

function workflowRoutes(app: FastifyInstance, ctx: AppContext): void {
  flowRoutes(app, ctx);
  leaveRoutes(app, ctx);
}

export const workflowDomain = domain('workflow', workflowResources, {}, { routes: workflowRoutes });
