/** The party domain: its definitions (partyResources) and, as they come, their hooks, verbs, approval
 * effects and statistics. Nothing here reaches into another domain. */
import { partyResources } from '@tongxin/resources';
import { domain } from '../../engine/module.js';

export const partyDomain = domain('party', partyResources);
