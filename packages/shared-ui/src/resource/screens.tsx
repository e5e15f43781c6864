import type { ResourceDef } from '@tongxin/resources';
import type { RemotePage } from '@tongxin/shared-ui/session';
import { resourcePage } from './ResourcePage';

/** The route-map entries of plain resources: each menu path of a definition's `screens` → its
 * ResourcePage. A remote spreads them into its routes (`{ ...resourceScreens(partyResources), ... }`). */
export function resourceScreens(defs: readonly ResourceDef[]): Record<string, RemotePage> {
  const routes: Record<string, RemotePage> = {};
  for (const def of defs) {
    if (!def.screens?.length) continue;
    // one lazy page per definition: its menu paths share it
    const page = resourcePage(def);
    for (const path of def.screens) {
      if (routes[path]) throw new Error(`${def.name}: screen ${path} is served twice`);
      routes[path] = page;
    }
  }
  return routes;
}
