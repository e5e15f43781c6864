import { remoteRootOf, type RemoteEntryMenu } from '@tongxin/resources';
import { badRequest } from '../../http/envelope.js';
import type { MenuRow } from '../../access/menu-store.js';

const NEW_ID = '';

const toEntryMenu = (
  m: Pick<MenuRow, 'id' | 'parent_id' | 'name' | 'remote' | 'remote_entry'>,
): RemoteEntryMenu => ({
  id: m.id,
  parentId: m.parent_id,
  name: m.name,
  remote: m.remote ?? '',
  remoteEntry: m.remote_entry ?? '',
});

/**
 * A remote's entry URL is kept once, on the remote's root menu (@tongxin/resources remote-entries.ts).
 * For a menu about to be saved: the entry to store (none below a root: an equal copy is dropped, another
 * URL is refused), and the menus below a root whose old copies to clear. Another root naming another URL
 * for the same remote is refused.
 */
export function settleRemoteEntry(
  saved: Pick<MenuRow, 'parent_id' | 'name' | 'remote' | 'remote_entry'>,
  id: string | undefined,
  all: readonly MenuRow[],
): { remoteEntry: string | null; clearBelow: string[] } {
  const me = toEntryMenu({ ...saved, id: id ?? NEW_ID });
  const rows = [...all.filter((m) => m.id !== me.id).map(toEntryMenu), me];
  const byId = new Map(rows.map((m) => [m.id, m]));
  const root = remoteRootOf(me, byId);
  const entry = me.remoteEntry ?? '';
  if (!root) return { remoteEntry: entry || null, clearBelow: [] };
  if (root !== me) {
    if (entry && entry !== root.remoteEntry)
      throw badRequest(`远程模块 ${me.remote} 的地址登记在它的根菜单「${root.name}」上,子菜单不用填写`);
    return { remoteEntry: null, clearBelow: [] };
  }
  const other = rows.find(
    (m) =>
      m !== me &&
      m.remote === me.remote &&
      m.remoteEntry &&
      m.remoteEntry !== entry &&
      remoteRootOf(m, byId) === m,
  );
  if (entry && other)
    throw badRequest(
      `远程模块 ${me.remote} 已在菜单「${other.name}」登记了地址 ${other.remoteEntry},一个远程模块只有一个地址`,
    );
  const clearBelow = rows
    .filter((m) => m !== me && m.remoteEntry && remoteRootOf(m, byId) === me)
    .map((m) => m.id);
  return { remoteEntry: entry || null, clearBelow };
}
