/** The domains a server serves unless told otherwise (buildApp's `domains`). Only the composition (app.ts,
 * the seed) imports this; the engine, flow/ and the infrastructure never import domains/. */
import type { DomainModule } from '../engine/module.js';
import { communityDomain } from './community/index.js';
import { partyDomain } from './party/index.js';
import { systemDomain } from './system/index.js';
import { workflowDomain } from './workflow/index.js';

export { communityDomain, partyDomain, systemDomain, workflowDomain };

export const defaultDomains: readonly DomainModule[] = [
  systemDomain,
  partyDomain,
  communityDomain,
  workflowDomain,
];
