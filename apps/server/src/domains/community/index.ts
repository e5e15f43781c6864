/** The community domain: its definitions (communityResources) and, as they come, their hooks, verbs,
 * approval effects and statistics. Nothing here reaches into another domain. */
import { communityResources } from '@tongxin/resources';
import { domain } from '../../engine/module.js';
import { meshHooks } from './map/mesh-boundary.js';

export const communityDomain = domain('community', communityResources, {
  // community B (issue 14)
  mapMesh: { hooks: meshHooks },
  // end community B
});
