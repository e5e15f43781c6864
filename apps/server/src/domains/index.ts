/** The domains a server serves unless told otherwise (buildApp's `domains`). Only the composition (app.ts,
 * main.ts, which hands them to the demo seed) imports this; nothing below the domains imports domains/
 * (eslint.config.mjs SERVER_LAYERS). */
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
