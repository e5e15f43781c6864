import type { TreeNode } from '@tongxin/resources';
import type { MenuRow } from '../../access/menu-store.js';
import { badRequest } from '../../http/envelope.js';
import { shownKey } from '../../http/list-query.js';

/** The prefix of the menu wire. */
export const MENU_BASE = '/api/blade-system/menu';
export const MENU = 1;
export const BUTTON = 2;
export const CATEGORY_NAME: Record<number, string> = { 1: '菜单', 2: '按钮' };
export const ACTION_NAME: Record<number, string> = { 0: '无', 1: '工具栏', 2: '操作栏', 3: '工具操作栏' };
export const IS_OPEN_NAME: Record<number, string> = { 1: '否', 2: '是' };
const LIKE_KEYS = ['code', 'name', 'alias', 'path'] as const;

export const toTreeNode = (m: MenuRow): TreeNode => ({
  id: m.id,
  parentId: m.parent_id,
  title: m.name,
  key: m.id,
  value: m.id,
});

/** Filters by the allow-listed LIKE keys; any other query key is refused. */
export function likeFilter(query: Record<string, unknown>, allowed: string[] = []): (m: MenuRow) => boolean {
  const checks: [keyof MenuRow, string][] = [];
  for (const [key, value] of Object.entries(query)) {
    if (allowed.includes(key) || value === '' || value === undefined) continue;
    const field = key.replace(/_like$/, '');
    if (!(LIKE_KEYS as readonly string[]).includes(field) || typeof value !== 'string') {
      throw badRequest(`不支持的查询条件: ${shownKey(key)}`);
    }
    checks.push([field as keyof MenuRow, value.toLowerCase()]);
  }
  return (m) =>
    checks.every(([f, v]) =>
      String(m[f] ?? '')
        .toLowerCase()
        .includes(v),
    );
}
