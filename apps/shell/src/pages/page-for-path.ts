import type { MenuNode } from '@tongxin/api-client';
import { IFRAME_PREFIX } from '../guard/fixed-routes';
import { findMenuByPath, flattenMenus } from '../menu/menu-tree';
import { remoteNameFor } from '../remotes/remote-of-menu';

export type ShellPageId = 'wel' | 'dashboard' | 'test' | 'info' | 'map';

export type PageSpec =
  | { kind: 'shell'; id: ShellPageId; i18n: string }
  | { kind: 'iframe' }
  /** `sub`: a layout route below a menu entry (e.g. /work/process/leave/form/{id} below 请假申请). */
  | { kind: 'remote'; remote: string; node: MenuNode; sub?: boolean };

const SHELL_PAGE_IDS: Record<string, { id: ShellPageId; i18n: string }> = {
  '/wel/index': { id: 'wel', i18n: 'menu.home' },
  '/wel/dashboard': { id: 'dashboard', i18n: 'menu.dashboard' },
  '/test/index': { id: 'test', i18n: 'menu.test' },
  '/info/index': { id: 'info', i18n: 'menu.info' },
  '/map/design': { id: 'map', i18n: 'menu.mapDesign' },
};

const isUnder = (path: string, base: string) => base.length > 1 && path.startsWith(`${base}/`);

/**
 * What renders a layout path: a shell page, the iframe page, or a remote page from the menu. A path
 * below a menu entry (a leaf or a group) is a layout route of the remote serving that entry, so
 * detail, form and handle pages need no menu rows of their own; the deepest such entry wins.
 */
export function pageForPath(path: string, menus: readonly MenuNode[]): PageSpec | undefined {
  const shell = SHELL_PAGE_IDS[path];
  if (shell) return { kind: 'shell', ...shell };
  if (path.startsWith(IFRAME_PREFIX)) return { kind: 'iframe' };
  const node = findMenuByPath(menus, path);
  if (node && !(node.children && node.children.length > 0)) {
    const remote = remoteNameFor(node);
    return remote ? { kind: 'remote', remote, node } : undefined;
  }
  const parent = flattenMenus(menus)
    .filter((n) => isUnder(path, n.path))
    .sort((a, b) => b.path.length - a.path.length)[0];
  const remote = parent && remoteNameFor(parent);
  return remote ? { kind: 'remote', remote, node: parent, sub: true } : undefined;
}
