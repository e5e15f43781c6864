import type { MenuNode } from '@tongxin/api-client';

/** Sidebar rule (docs/front-end.md#the-shells-frame): hidden when meta.roles exists and does not include the
 * current role. */
export function visibleFor(node: MenuNode, roleName: string | undefined): boolean {
  const roles = node.meta?.roles;
  if (!roles || roles.length === 0) return true;
  const mine = (roleName ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  return mine.some((role) => roles.includes(role));
}

export function filterByRole(nodes: readonly MenuNode[], roleName: string | undefined): MenuNode[] {
  return nodes
    .filter((node) => visibleFor(node, roleName))
    .map((node) => (node.children ? { ...node, children: filterByRole(node.children, roleName) } : node));
}

/** Every node, depth first. */
export function flattenMenus(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => [node, ...flattenMenus(node.children ?? [])]);
}

/** Leaf entries (pages), depth first. */
export const menuLeaves = (nodes: readonly MenuNode[]): MenuNode[] =>
  flattenMenus(nodes).filter((node) => !node.children || node.children.length === 0);

export const findMenuByPath = (nodes: readonly MenuNode[], path: string): MenuNode | undefined =>
  flattenMenus(nodes).find((node) => node.path === path);

/** Menu search (docs/front-end.md#the-shells-frame): prefix match on the name (Chinese or English),
 * case-insensitive. */
export function searchMenus(nodes: readonly MenuNode[], query: string): MenuNode[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return menuLeaves(nodes).filter(
    (node) => node.name.toLowerCase().startsWith(q) || (node.nameEn ?? '').toLowerCase().startsWith(q),
  );
}

/** The query of a menu entry, which the server may send as an object or a query string. */
export function menuQuery(node: MenuNode): Record<string, string> {
  if (!node.query) return {};
  if (typeof node.query === 'string') {
    const text = node.query.trim().replace(/^\?/, '');
    if (text.startsWith('{')) {
      try {
        return JSON.parse(text) as Record<string, string>;
      } catch {
        return {};
      }
    }
    return Object.fromEntries(new URLSearchParams(text));
  }
  return node.query;
}

export type MenuTarget =
  { kind: 'route'; path: string; query: Record<string, string> } | { kind: 'window'; url: string };

const isHttp = (path: string) => /^https?:\/\//i.test(path);

/**
 * Where a menu click goes (docs/front-end.md#routes): isOpen=2 with an http path opens a new window; an http
 * link or a path containing html opens in the iframe route; anything else is a route.
 */
export function menuTarget(node: MenuNode): MenuTarget {
  const query = menuQuery(node);
  if (node.isOpen === 2 && isHttp(node.path)) return { kind: 'window', url: node.path };
  if (query.target === '_blank' && isHttp(node.path)) return { kind: 'window', url: node.path };
  if (isHttp(node.path) || node.path.includes('html')) {
    return { kind: 'route', path: '/myiframe/urlPath', query: { ...query, src: node.path, name: node.name } };
  }
  return { kind: 'route', path: node.path, query };
}

/** Ids of the groups above the entry with `path` (to open the sidebar down to the active page). */
export function ancestorIds(
  nodes: readonly MenuNode[],
  path: string,
  trail: string[] = [],
): string[] | undefined {
  for (const node of nodes) {
    if (node.path === path && !(node.children && node.children.length > 0)) return trail;
    const found = node.children ? ancestorIds(node.children, path, [...trail, node.id]) : undefined;
    if (found) return found;
  }
  return undefined;
}
