import { processesOf, type ResourceDef } from '@tongxin/resources';
import type { RemotePage } from '@tongxin/shared-ui/session';
import { auditPage } from '../approval/AuditPage';
import { resourcePage } from './ResourcePage';

/** The route-map entries of plain resources: each menu path of a definition's `screens` → its
 * ResourcePage, and the audit screen of each of a definition's processes (`process`, `laterProcesses`:
 * their `auditScreen`) → the
 * generic AuditPage. A remote spreads them into its routes (`{ ...resourceScreens(partyResources), ... }`). */
export function resourceScreens(defs: readonly ResourceDef[]): Record<string, RemotePage> {
  const routes: Record<string, RemotePage> = {};
  const add = (path: string, page: RemotePage, def: ResourceDef) => {
    if (routes[path]) throw new Error(`${def.name}: screen ${path} is served twice`);
    routes[path] = page;
  };
  for (const def of defs) {
    for (const process of processesOf(def))
      if (process.auditScreen) add(process.auditScreen, auditPage(def, process), def);
    if (!def.screens?.length) continue;
    // one lazy page per definition: its menu paths share it
    const page = resourcePage(def);
    for (const path of def.screens) add(path, page, def);
  }
  return routes;
}
