import { http } from '../http/client';
import type { ButtonNode, MenuNode, R, TopMenu } from '../types';

export const getMenuRoutes = async (topMenuId?: string): Promise<MenuNode[]> =>
  (await http.get<R<MenuNode[]>>('/api/blade-system/menu/routes', { params: topMenuId ? { topMenuId } : {} }))
    .data.data ?? [];

export const getMenuButtons = async (): Promise<ButtonNode[]> =>
  (await http.get<R<ButtonNode[]>>('/api/blade-system/menu/buttons')).data.data ?? [];

export const getTopMenus = async (): Promise<TopMenu[]> =>
  (await http.get<R<TopMenu[]>>('/api/blade-system/menu/top-menu')).data.data ?? [];

/** Leaf nodes (no `children` property) carry the button permission codes: flattened to code → true. */
export function toPermissionMap(nodes: readonly ButtonNode[]): Record<string, true> {
  const map: Record<string, true> = {};
  const walk = (list: readonly ButtonNode[]) => {
    for (const node of list) {
      if (node.children === undefined) map[node.code] = true;
      else walk(node.children);
    }
  };
  walk(nodes);
  return map;
}
