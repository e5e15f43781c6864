import type { MenuNode } from '@tongxin/api-client';
import { remoteEntriesOf } from '@tongxin/resources';
import { flattenMenus } from '../menu/menu-tree';

export interface RemoteDef {
  name: string;
  entry: string;
}

const firstSegment = (path: string): string | undefined => /^\/([^/?#]+)/.exec(path)?.[1];

/** The remote that serves a menu path: the one named on the entry, else the first path segment. */
export const remoteNameFor = (node: Pick<MenuNode, 'remote' | 'path'>): string | undefined =>
  node.remote?.trim() || firstSegment(node.path);

/** Where this server serves a built remote; used when a menu names a remote but no entry URL. */
export const conventionalEntry = (name: string): string => `/remotes/${name}/mf-manifest.json`;

/**
 * The remotes the menu tree needs, with their entry URLs: the one on each remote's root menu
 * (@tongxin/resources remote-entries.ts), else the server's conventional /remotes/<name>/ location.
 * Menus naming another URL for a remote than its root's are reported on the console (only the root's
 * counts). Nothing is baked into the shell: the menu decides what is loaded.
 */
export function remotesOfMenus(nodes: readonly MenuNode[]): RemoteDef[] {
  const all = flattenMenus(nodes);
  const { entries, conflicts } = remoteEntriesOf(all);
  for (const c of conflicts)
    console.warn(
      `[remotes] ${c.remote}: the menu "${c.menu}" registers ${c.entry}, which is used; ` +
        `${c.others.map((o) => `"${o.name}" names ${o.entry}`).join(', ')} (ignored: an entry belongs on the remote's root menu only)`,
    );
  for (const node of all) {
    if (node.children && node.children.length > 0) continue;
    if (/^https?:/i.test(node.path) || node.path.includes('html')) continue; // iframe or new window
    const name = remoteNameFor(node);
    if (name && /^[A-Za-z][\w-]*$/.test(name) && !entries.has(name))
      entries.set(name, conventionalEntry(name));
  }
  return [...entries].map(([name, entry]) => ({ name, entry }));
}
