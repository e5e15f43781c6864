import type { ApprovalContext } from './engine/approval/approval-context.js';

/**
 * Everything a domain's routes and behaviour are handed, built once per server by buildApp: the
 * infrastructure's services (services.ts), the served resources' engines (engine/crud/engine-context.ts)
 * and the approval wiring (engine/approval/approval-context.ts). Each layer below the domains uses only
 * its own part, so no import goes upward (docs/architecture.md#the-picture).
 */
export type AppContext = ApprovalContext;
